// search/pread-mt — T threads over round-robin stripes of a block, each pread()ing its stripe and
// length-1 bytes past it into its own buffer; the first N matches in a shared sorted table with
// compMP's passive stop; the SIMD filter. Stripes are joined in file order (segments.hpp).
#include <vector>

#include "algorithms/search/segments.hpp"
#include "algorithms/search/strategies.hpp"
#include "sfp/failure.hpp"

namespace sfp::search {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const Job job = open_job(spec, ctx);
    const Finder finder(job.pattern, Kernel::simd);
    std::vector<File> files;
    for (const Input& in : job.inputs) files.push_back(open_input(in));
    const std::size_t buffer_size = std::size_t(job.block) + finder.length() - 1;
    const auto walk = [&](std::vector<std::uint8_t>& buf, const Segment& seg, std::uint64_t from) {
        buf.resize(buffer_size);
        const std::uint64_t reach = reach_of(job, finder, seg);
        const std::size_t got = files[seg.file].pread_full(buf.data(), std::size_t(reach - seg.begin), seg.begin);
        if (got != reach - seg.begin)
            fail("'" + job.inputs[seg.file].path + "' shrank while it was searched; no match is reported for it");
        return scan_segment(job, finder, seg, from, buf.data(), seg.begin);
    };
    std::vector<std::vector<std::uint8_t>> buffers(job.threads);
    const std::vector<Segment> segments = segments_of(job);
    std::vector<SegmentScan> scans;
    scan_in_parallel(job, segments, scans, ctx,
                     [&](unsigned worker, const Segment& seg) { return walk(buffers[worker], seg, seg.begin); });
    if (ctx.should_stop()) return {};
    std::vector<std::uint8_t> again;  // a stripe joined again reads it again (a match ran into it)
    return join_segments(job, segments, scans,
                         [&](const Segment& seg, std::uint64_t from) { return walk(again, seg, from); });
}

}  // namespace

const Strategy pread_mt_strategy{
    .algorithm = "search",
    .name = "pread-mt",
    .description = "T threads over round-robin stripes, each pread() of its stripe and length-1 past it, passive stop",
    .reads = kReadsBlockAndThreads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::search
