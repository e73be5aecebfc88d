#pragma once
// Searching stripes in parallel (Hart's "a little ingenuity"): each input is cut into segments
// of a block, the threads take them round robin, and each segment's matches are walked greedily
// from its own start, reading up to length-1 bytes past its end. Whether a match began in the
// segment before and runs into this one is known only in file order, so a serial pass joins the
// segments: where a match from before overlaps a segment's first match (a self-overlapping
// pattern such as "aa" across the boundary), that segment is walked again from where the match
// ended; a segment a thread skipped (passive stop) is walked then if it is still needed.
#include <cstdint>
#include <functional>
#include <vector>

#include "algorithms/search/job.hpp"

namespace sfp::search {

struct Segment {
    std::uint32_t file = 0;
    std::uint64_t begin = 0, end = 0;  // the offsets a match of this segment starts at
};
std::vector<Segment> segments_of(const Job& job);  // every input's, in file order

// A segment's matches, walked from `from`.
struct SegmentScan {
    bool scanned = false;
    std::uint64_t from = 0;
    std::vector<std::uint64_t> first;  // its first matches, at most max_matches
    std::uint64_t count = 0;           // all of them, when complete
    std::uint64_t next = 0;            // the end of its last match (may lie past the segment), or from
    bool complete = false;             // walked to the segment's end (else stopped with `first` full)
};

// The end of the bytes a segment's matches may cover: length-1 past its end, within its input.
std::uint64_t reach_of(const Job& job, const Finder& finder, const Segment& segment);
// Walks the segment from `from` over `bytes`, which hold the input's bytes from offset `bytes_at`
// up to reach_of(segment).
SegmentScan scan_segment(const Job& job, const Finder& finder, const Segment& segment, std::uint64_t from,
                         const std::uint8_t* bytes, std::uint64_t bytes_at);

// Runs `threads` workers over the segments, round robin in file order; worker w scans segment i
// with scan(w, segment) into scans[i]. Not counting, a worker stops at a segment that begins past
// the N-th match known (compMP's passive stop).
void scan_in_parallel(const Job& job, const std::vector<Segment>& segments, std::vector<SegmentScan>& scans,
                      RunContext& ctx, const std::function<SegmentScan(unsigned, const Segment&)>& scan);

// Joins the segments in file order into the outcome; rescan(segment, from) walks one again.
SearchOutcome join_segments(const Job& job, const std::vector<Segment>& segments, std::vector<SegmentScan>& scans,
                            const std::function<SegmentScan(const Segment&, std::uint64_t from)>& rescan);

}  // namespace sfp::search
