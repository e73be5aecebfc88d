#include "algorithms/search/segments.hpp"

#include <algorithm>
#include <atomic>

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

StripedSearch::StripedSearch(const Job& job, Deal deal)
    : job_(job), deal_(deal), segments_(segments_of(job)), scans_(segments_.size()),
      table_(std::size_t(job.max_matches)) {
    for (const Segment& seg : segments_) positions_.push_back(job.inputs[seg.file].start + seg.begin);
}

void StripedSearch::scan(RunContext& ctx, std::uint64_t begin, std::uint64_t end, const ScanSegment& scan) {
    const auto first = std::size_t(std::lower_bound(positions_.begin(), positions_.end(), begin) - positions_.begin());
    const auto last = std::size_t(std::lower_bound(positions_.begin(), positions_.end(), end) - positions_.begin());
    const unsigned threads = unsigned(std::min<std::size_t>(job_.threads, std::max<std::size_t>(last - first, 1)));
    std::atomic<std::size_t> next_free{first};
    ctx.run_threads(
        threads,
        [&](unsigned worker) {
            ProgressMeter meter(ctx);
            ThreadTimeline* const timeline = current_timeline();
            double start = timeline ? timeline->now() : 0;  // a segment's event begins before its stop check
            const bool dealt = deal_ == Deal::round_robin;
            for (std::size_t i = dealt ? first + worker : next_free++; i < last;
                 i = dealt ? i + threads : next_free++) {
                if (ctx.should_stop() || (!job_.count && table_.closed_before(positions_[i]))) return;
                const Segment& seg = segments_[i];
                scans_[i] = scan(worker, seg);
                meter.add(seg.end - seg.begin);
                if (timeline) start = timeline->add(EventKind::scan, start, seg.end - seg.begin, positions_[i]);
                if (!job_.count)
                    for (std::uint64_t at : scans_[i].first) table_.add({job_.inputs[seg.file].start + at});
            }
        },
        caller_of(deal_));
}

namespace {

// Whether a walk from `from` finds what the walk from the segment's start found: it found no
// match at all, or its first one starts at or after `from` (then both walks go the same way).
bool still_holds(const SegmentScan& s, std::uint64_t from) {
    if (!s.scanned || s.from > from) return false;
    return s.first.empty() ? s.complete : s.first.front() >= from;
}

}  // namespace

SearchOutcome StripedSearch::join(const RescanSegment& rescan) {
    const std::vector<Segment>& segments = segments_;
    std::vector<SegmentScan>& scans = scans_;
    Collector out(job_);
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
