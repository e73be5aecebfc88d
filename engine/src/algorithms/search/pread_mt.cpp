// search/pread-mt — T threads over round-robin stripes of a block, each pread()ing its stripe and
// length-1 bytes past it into its own buffer; the first N matches in a shared sorted table with
// compMP's passive stop; the SIMD filter. Stripes are joined in file order (segments.hpp).
#include <vector>

#include "algorithms/search/strategies.hpp"
#include "algorithms/search/stripe_bytes.hpp"

namespace sfp::search {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const Job job = open_job(spec, ctx);
    const Finder finder(job.pattern, Kernel::simd);
    ReadStripes bytes(job, finder);
    std::vector<std::vector<std::uint8_t>> buffers(job.threads);
    StripedSearch striped(job);
    striped.scan(ctx, 0, job.total(),
                 [&](unsigned worker, const Segment& seg) { return bytes.walk(buffers[worker], seg, seg.begin); });
    if (ctx.should_stop()) return {};
    std::vector<std::uint8_t> again;  // a stripe joined again is read again (a match ran into it)
    return striped.join([&](const Segment& seg, std::uint64_t from) { return bytes.walk(again, seg, from); });
}

}  // namespace

const Strategy pread_mt_strategy{
    .algorithm = "search",
    .name = "pread-mt",
    .description = "T threads over round-robin stripes, each pread() of its stripe and length-1 past it, passive stop",
    .reads = kReadsBlockThreadsAndMatches,
    .run = run,
    .takes = takes_fixed_strings,
};

}  // namespace sfp::search
