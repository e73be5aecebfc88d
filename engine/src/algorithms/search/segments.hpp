#pragma once
// Searching stripes in parallel (Hart's "a little ingenuity"): each input is cut into segments
// of a block, the threads take them (round robin, or whoever is free), and each segment's matches are walked greedily
// from its own start, reading up to length-1 bytes past its end. Whether a match began in the
// segment before and runs into this one is known only in file order, so a serial pass joins the
// segments: where a match from before overlaps a segment's first match (a self-overlapping
// pattern such as "aa" across the boundary), that segment is walked again from where the match
// ended; a segment a thread skipped (passive stop) is walked then if it is still needed.
#include <cstdint>
#include <functional>
#include <vector>

#include "algorithms/search/job.hpp"
#include "algorithms/stripe_queue.hpp"

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

using ScanSegment = std::function<SegmentScan(unsigned worker, const Segment&)>;
using RescanSegment = std::function<SegmentScan(const Segment&, std::uint64_t from)>;

// The inputs' segments, their scans, and the passive stop's table, for one run.
class StripedSearch {
public:
    // The workers share the segments as `deal` says (algorithms/stripe_queue.hpp): mmap-mt and
    // pread-mt deal them round robin, as compMP; auto hands each to whoever is free.
    explicit StripedSearch(const Job& job, Deal deal = Deal::round_robin);

    // Scans the segments that begin in [begin, end) of the inputs end to end (Input::start +
    // offset): job.threads workers take them as dealt, in file order, worker w scanning one with
    // scan(w, segment). Not counting, a worker stops at a segment that begins past the N-th match
    // known (compMP's passive stop). Call it for consecutive ranges (auto's probe slices). With a
    // timeline, each segment a worker scanned is a scan event at its begin among all inputs.
    void scan(RunContext& ctx, std::uint64_t begin, std::uint64_t end, const ScanSegment& scan);
    // Joins the segments in file order into the outcome; rescan walks one again.
    SearchOutcome join(const RescanSegment& rescan);

private:
    const Job& job_;
    Deal deal_;
    std::vector<Segment> segments_;
    std::vector<std::uint64_t> positions_;  // each segment's begin among all inputs' bytes
    std::vector<SegmentScan> scans_;
    CandidateTable table_;
};

}  // namespace sfp::search
