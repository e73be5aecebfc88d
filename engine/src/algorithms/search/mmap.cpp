// search/mmap — one thread over each input's mapping, searched with glibc's memmem.
#include "algorithms/search/job.hpp"
#include "algorithms/search/strategies.hpp"

namespace sfp::search {

const Strategy mmap_strategy{
    .algorithm = "search",
    .name = "mmap",
    .description = "one thread over the mapped file; memmem",
    .reads = kReadsMatches,
    .maps_input = true,
    .run = [](const RunSpec& spec,
              RunContext& ctx) { return search_in_turn(spec, ctx, Kernel::memmem, search_mapped); },
    .takes = takes_fixed_strings,
};

}  // namespace sfp::search
