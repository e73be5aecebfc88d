#include "algorithms/search/stripe_bytes.hpp"

#include "io/sigbus_guard.hpp"
#include "sfp/failure.hpp"

namespace sfp::search {

MappedStripes::MappedStripes(const Job& job, const Finder& finder) : job_(job), finder_(finder) {
    for (const Input& in : job.inputs) {
        const File f = open_input(in);
        maps_.emplace_back(f, std::size_t(f.size()));
    }
}

SegmentScan MappedStripes::walk(const Segment& segment, std::uint64_t from) const {
    SegmentScan s;
    auto scan = [&] { s = scan_segment(job_, finder_, segment, from, maps_[segment.file].data(), 0); };
    if (!guarded(scan))
        fail("'" + job_.inputs[segment.file].path +
             "' was truncated while mapped (SIGBUS); no match is reported for it");
    return s;
}

ReadStripes::ReadStripes(const Job& job, const Finder& finder) : job_(job), finder_(finder) {
    for (const Input& in : job.inputs) files_.push_back(open_input(in));
}

SegmentScan ReadStripes::walk(std::vector<std::uint8_t>& buffer, const Segment& segment, std::uint64_t from) {
    buffer.resize(std::size_t(job_.block) + finder_.length() - 1);
    const std::uint64_t want = reach_of(job_, finder_, segment) - segment.begin;
    if (files_[segment.file].pread_full(buffer.data(), std::size_t(want), segment.begin) != want)
        fail("'" + job_.inputs[segment.file].path + "' shrank while it was searched; no match is reported for it");
    return scan_segment(job_, finder_, segment, from, buffer.data(), segment.begin);
}

}  // namespace sfp::search
