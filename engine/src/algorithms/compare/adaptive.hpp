#pragma once
// What compare/adaptive looks at before it reads: the share of the inputs' cached pages in large
// folios, sampled (io/large_folios.hpp). Where most are large, mmap-mt beats pread-mt by far
// (docs/bench-compare.md), so no probe is timed; in small folios the two are close and the probe
// decides, as it does when the share cannot be known (it needs root).
#include <string>
#include <vector>

namespace sfp::compare {

inline constexpr double kMostlyLargeFolios = 0.5;  // at least this share: mmap-mt without a probe

// Test seam: replaces the sampled share (-1 unknown). nullptr, the default, samples.
using FolioShareSeam = double (*)(const std::vector<std::string>& paths);
void set_folio_share_seam(FolioShareSeam seam) noexcept;

}  // namespace sfp::compare
