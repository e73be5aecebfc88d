// search/simd — read() blocks as search/read, each searched with W. Mula's SIMD filter: the
// pattern's first and last bytes compared 32 positions at a time (AVX2; 16 with SSE2).
#include "algorithms/search/job.hpp"
#include "algorithms/search/strategies.hpp"

namespace sfp::search {

const Strategy simd_strategy{
    .algorithm = "search",
    .name = "simd",
    .description = "one thread, read() blocks; first and last bytes compared 32 positions at a time",
    .reads = kReadsBlockAndMatches,
    .run = [](const RunSpec& spec, RunContext& ctx) { return search_in_turn(spec, ctx, Kernel::simd, search_read); },
    .takes = takes_fixed_strings,
};

}  // namespace sfp::search
