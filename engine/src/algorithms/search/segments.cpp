#include "algorithms/search/segments.hpp"

#include <algorithm>

namespace sfp::search {

std::vector<Segment> segments_of(const Job& job) {
    std::vector<Segment> out;
    const std::uint64_t block = std::max<std::uint64_t>(job.block, 1);
    for (std::uint32_t f = 0; f < job.inputs.size(); ++f)
        for (std::uint64_t at = 0; at < job.inputs[f].size; at += block)
            out.push_back({f, at, std::min(job.inputs[f].size, at + block)});
    return out;
}

std::uint64_t reach_of(const Job& job, const Finder& finder, const Segment& segment) {
    return std::min(job.inputs[segment.file].size, segment.end + (finder.length() - 1));
}

SegmentScan scan_segment(const Job& job, const Finder& finder, const Segment& segment, std::uint64_t from,
                         const std::uint8_t* bytes, std::uint64_t bytes_at) {
    SegmentScan s;
    s.scanned = true;
    s.from = from;
    const std::uint64_t cap = job.max_matches;
    const std::size_t size = std::size_t(reach_of(job, finder, segment) - bytes_at);
    const std::size_t next = each_match(finder, bytes, size, std::size_t(from - bytes_at),
                                        std::size_t(segment.end - bytes_at), [&](std::size_t at) {
                                            if (s.first.size() < cap) s.first.push_back(bytes_at + at);
                                            ++s.count;
                                            return job.count || s.first.size() < cap;
                                        });
    s.next = bytes_at + next;
    s.complete = job.count || s.first.size() < cap;
    return s;
}

void scan_in_parallel(const Job& job, const std::vector<Segment>& segments, std::vector<SegmentScan>& scans,
                      RunContext& ctx, const std::function<SegmentScan(unsigned, const Segment&)>& scan) {
    scans.assign(segments.size(), SegmentScan{});
    CandidateTable table(std::size_t(job.max_matches));
    const unsigned threads = unsigned(std::min<std::size_t>(job.threads, std::max<std::size_t>(segments.size(), 1)));
    ctx.run_threads(threads, [&](unsigned worker) {
        ProgressMeter meter(ctx);
        for (std::size_t i = worker; i < segments.size(); i += threads) {
            const Segment& seg = segments[i];
            const std::uint64_t start = job.inputs[seg.file].start;
            if (ctx.should_stop() || (!job.count && table.closed_before(start + seg.begin))) return;
            scans[i] = scan(worker, seg);
            meter.add(seg.end - seg.begin);
            if (!job.count)
                for (std::uint64_t at : scans[i].first) table.add({start + at});
        }
    });
}

namespace {

// Whether a walk from `from` finds what the walk from the segment's start found: it found no
// match at all, or its first one starts at or after `from` (then both walks go the same way).
bool still_holds(const SegmentScan& s, std::uint64_t from) {
    if (!s.scanned || s.from > from) return false;
    return s.first.empty() ? s.complete : s.first.front() >= from;
}

}  // namespace

SearchOutcome join_segments(const Job& job, const std::vector<Segment>& segments, std::vector<SegmentScan>& scans,
                            const std::function<SegmentScan(const Segment&, std::uint64_t from)>& rescan) {
    Collector out(job);
    std::uint64_t next = 0;
    for (std::size_t i = 0; i < segments.size() && !out.enough(); ++i) {
        const Segment& seg = segments[i];
        if (i == 0 || segments[i - 1].file != seg.file) next = 0;
        if (next >= seg.end) continue;  // a match from before covers all of it
        const std::uint64_t from = std::max(next, seg.begin);
        if (!still_holds(scans[i], from)) scans[i] = rescan(seg, from);
        const SegmentScan& s = scans[i];
        for (std::uint64_t at : s.first)
            if (!out.add(seg.file, at)) break;
        if (s.count > s.first.size()) out.add_count(seg.file, s.count - s.first.size());
        next = s.next;
    }
    return out.take();
}

}  // namespace sfp::search
