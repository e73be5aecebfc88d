// search/mmap-mt — every input mapped, T threads over round-robin stripes of a block, each
// reading length-1 bytes past its stripe, the first N matches in a shared sorted table with
// compMP's passive stop; the SIMD filter. Stripes are joined in file order (segments.hpp).
#include "algorithms/search/strategies.hpp"
#include "algorithms/search/stripe_bytes.hpp"

namespace sfp::search {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const Job job = open_job(spec, ctx);
    const Finder finder(job.pattern, Kernel::simd);
    const MappedStripes bytes(job, finder);
    const auto walk = [&](const Segment& seg, std::uint64_t from) { return bytes.walk(seg, from); };
    StripedSearch striped(job);
    striped.scan(ctx, 0, job.total(), [&](unsigned, const Segment& seg) { return walk(seg, seg.begin); });
    if (ctx.should_stop()) return {};
    return striped.join(walk);
}

}  // namespace

const Strategy mmap_mt_strategy{
    .algorithm = "search",
    .name = "mmap-mt",
    .description = "mapped files, T threads over round-robin stripes reading length-1 past their end, passive stop",
    .reads = kReadsBlockThreadsAndMatches,
    .maps_input = true,
    .run = run,
    .takes = takes_fixed_strings,
};

}  // namespace sfp::search
