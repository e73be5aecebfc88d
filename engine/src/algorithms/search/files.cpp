// search/files — whole-file parallelism (Hart's answer for regular expressions): T threads, each
// searching whole inputs in turn (read() blocks, the SIMD filter), the first N matches in a
// shared sorted table with compMP's passive stop.
#include <vector>

#include "algorithms/search/job.hpp"
#include "algorithms/search/strategies.hpp"

namespace sfp::search {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const Job job = open_job(spec, ctx);
    const Finder finder(job.pattern, Kernel::simd);
    CandidateTable table(std::size_t(job.max_matches));
    std::vector<Collector> each(job.inputs.size(), Collector(job));
    const std::size_t files = job.inputs.size();
    const unsigned threads = unsigned(std::min<std::size_t>(job.threads, files));
    ctx.run_threads(threads, [&](unsigned worker) {
        for (std::size_t f = worker; f < files && !ctx.should_stop(); f += threads) {
            each[f].share(&table, job.inputs[f].start);
            if (each[f].closed_at(0)) return;  // N matches known before this input: the rest are later
            search_read(job, finder, std::uint32_t(f), each[f], ctx);
        }
    });
    if (ctx.should_stop()) return {};
    Collector out(job);
    for (const Collector& c : each) out.absorb(c);
    return out.take();
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
