// search/mmap-mt — every input mapped, T threads over round-robin stripes of a block, each
// reading length-1 bytes past its stripe, the first N matches in a shared sorted table with
// compMP's passive stop; the SIMD filter. Stripes are joined in file order (segments.hpp).
#include <vector>

#include "algorithms/search/segments.hpp"
#include "algorithms/search/strategies.hpp"
#include "io/mapping.hpp"
#include "io/sigbus_guard.hpp"
#include "sfp/failure.hpp"

namespace sfp::search {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const Job job = open_job(spec, ctx);
    const Finder finder(job.pattern, Kernel::simd);
    std::vector<Mapping> maps;
    for (const Input& in : job.inputs) {
        const File f = open_input(in);
        maps.emplace_back(f, std::size_t(f.size()));
    }
    const auto walk = [&](const Segment& seg, std::uint64_t from) {
        SegmentScan s;
        auto scan = [&] { s = scan_segment(job, finder, seg, from, maps[seg.file].data(), 0); };
        if (!guarded(scan))
            fail("'" + job.inputs[seg.file].path +
                 "' was truncated while mapped (SIGBUS); no match is reported for it");
        return s;
    };
    const std::vector<Segment> segments = segments_of(job);
    std::vector<SegmentScan> scans;
    scan_in_parallel(job, segments, scans, ctx, [&](unsigned, const Segment& seg) { return walk(seg, seg.begin); });
    if (ctx.should_stop()) return {};
    return join_segments(job, segments, scans, walk);
}

}  // namespace

const Strategy mmap_mt_strategy{
    .algorithm = "search",
    .name = "mmap-mt",
    .description = "mapped files, T threads over round-robin stripes reading length-1 past their end, passive stop",
    .reads = kReadsBlockAndThreads,
    .maps_input = true,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::search
