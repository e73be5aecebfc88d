// search/read — one thread, read() blocks, the last length-1 bytes carried into the next block,
// each block searched with glibc's memmem.
#include "algorithms/search/job.hpp"
#include "algorithms/search/strategies.hpp"

namespace sfp::search {

const Strategy read_strategy{
    .algorithm = "search",
    .name = "read",
    .description = "one thread, read() blocks, the pattern's length-1 bytes carried over; memmem",
    .reads = kReadsBlockAndMatches,
    .run = [](const RunSpec& spec, RunContext& ctx) { return search_in_turn(spec, ctx, Kernel::memmem, search_read); },
    .takes = takes_fixed_strings,
};

}  // namespace sfp::search
