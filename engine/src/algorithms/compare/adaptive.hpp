#pragma once
// What compare/adaptive looks at before it reads: whether the inputs fit in the available memory
// (else read() with a large block), and the share of their cached pages in large folios, sampled
// (io/large_folios.hpp). Where most are large, mmap-mt beats pread-mt by far
// (docs/bench-compare.md), so no probe is timed; in small folios the two are close and the probe
// decides, as it does when the share cannot be known (it needs root).
#include <cstdint>
#include <string>
#include <vector>

namespace sfp::compare {

inline constexpr double kMostlyLargeFolios = 0.5;  // at least this share: mmap-mt without a probe

// Test seam: replaces the sampled share (-1 unknown). nullptr, the default, samples.
using FolioShareSeam = double (*)(const std::vector<std::string>& paths);
void set_folio_share_seam(FolioShareSeam seam) noexcept;

// Test seam: replaces the available memory in bytes (MemAvailable; 0 unknown). nullptr, the
// default, reads /proc/meminfo.
using AvailableMemorySeam = std::uint64_t (*)();
void set_available_memory_seam(AvailableMemorySeam seam) noexcept;

}  // namespace sfp::compare
