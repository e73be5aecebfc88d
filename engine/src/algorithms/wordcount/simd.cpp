// wordcount/simd — one thread, read() block by block, 64 bytes classified at a time with vector
// compares (AVX2 when the CPU has it, else SSE2; a portable loop off x86-64).
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"

namespace sfp::wordcount {

const Strategy simd_strategy{
    .algorithm = "wordcount",
    .name = "simd",
    .description = "one thread, read() block by block, bytes classified 32 at a time with vector instructions",
    .reads = kReadsBlock,
    .run = [](const RunSpec& spec, RunContext& ctx) { return count_one_by_one(spec, ctx, Kernel::simd); },
};

}  // namespace sfp::wordcount
