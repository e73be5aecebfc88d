// wordcount/loop — read() with the block size and a hand-written loop, one thread (SimpleCount's step 2).
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"

namespace sfp::wordcount {

const Strategy loop_strategy{
    .algorithm = "wordcount",
    .name = "loop",
    .description = "one thread, read() block by block, a hand-written loop with one table lookup per byte",
    .reads = kReadsBlock,
    .run = [](const RunSpec& spec, RunContext& ctx) { return count_one_by_one(spec, ctx, Kernel::plain); },
};

}  // namespace sfp::wordcount
