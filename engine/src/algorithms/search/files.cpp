// search/files — whole-file parallelism (Hart's answer for regular expressions): T threads, each
// searching whole inputs in turn (read() blocks, the SIMD filter), the first N matches in a
// shared sorted table with compMP's passive stop.
#include "algorithms/search/job.hpp"
#include "algorithms/search/strategies.hpp"

namespace sfp::search {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const Job job = open_job(spec, ctx);
    const Finder finder(job.pattern, Kernel::simd);
    return search_files_in_parallel(
        job, ctx, [&](std::uint32_t f, Collector& out) { return search_read(job, finder, f, out, ctx); });
}

}  // namespace

const Strategy files_strategy{
    .algorithm = "search",
    .name = "files",
    .description = "T threads, a whole input each in turn (read() blocks, SIMD filter), passive stop",
    .reads = kReadsBlockThreadsAndMatches,
    .run = run,
    .takes = takes_fixed_strings,
};

}  // namespace sfp::search
