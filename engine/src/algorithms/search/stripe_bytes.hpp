#pragma once
// The two ways a stripe's bytes reach its walk (segments.hpp): every input mapped, or each
// stripe and the length-1 bytes past it pread() into the worker's own buffer.
#include <cstdint>
#include <vector>

#include "algorithms/search/segments.hpp"
#include "io/file.hpp"
#include "io/mapping.hpp"

namespace sfp::search {

class MappedStripes {
public:
    MappedStripes(const Job& job, const Finder& finder);
    // Throws naming the input when it was truncated under the mapping (SIGBUS).
    SegmentScan walk(const Segment& segment, std::uint64_t from) const;

private:
    const Job& job_;
    const Finder& finder_;
    std::vector<Mapping> maps_;
};

class ReadStripes {
public:
    ReadStripes(const Job& job, const Finder& finder);
    // `buffer`: one per worker; the join has its own.
    SegmentScan walk(std::vector<std::uint8_t>& buffer, const Segment& segment, std::uint64_t from);

private:
    const Job& job_;
    const Finder& finder_;
    std::vector<File> files_;
};

}  // namespace sfp::search
