#pragma once
// What an auto strategy that maps or copies looks at before it probes: the share of its inputs'
// cached pages in large folios, sampled (io/large_folios.hpp). Where most are large, mapping beats
// copying by far (compare's and search's benches), so no probe is timed and the mapped strategy
// runs at once; in small folios the two are close and the probe decides, as it does where the
// share cannot be known (it needs root).
#include <cstdint>
#include <string>
#include <vector>

namespace sfp {

inline constexpr double kMostlyLargeFolios = 0.5;  // at least this share: mapped, without a probe

// The share of the cached pages of `paths` in large folios, sampled in 8 windows of 64 KiB a
// file; -1 when it cannot be known. Each window's cost is mostly its own system calls, not its
// pages, and more of them spread over a file say more than 4 of 1 MiB (docs/cli-compare.md).
double sampled_folio_share(const std::vector<std::string>& paths);

// The share of those pages in folios of at least `min_folio` bytes, sampled in 8 windows a file
// of 64 KiB or `min_folio`, the longer (each sees such a folio whole); -1 when it cannot be known.
double sampled_share_in_folios_of(const std::vector<std::string>& paths, std::uint64_t min_folio);

// "large folios: 98 % of the cached pages sampled" / "large folios: unknown (needs root)"; with
// `min_folio`: "folios of 1M or more: 98 % of the cached pages sampled".
std::string share_words(double share, std::uint64_t min_folio = 0);

// Test seam: replaces the sampled share (-1 unknown) of pages in folios of `min_folio` bytes or
// more (0: any large folio). nullptr, the default, samples.
using FolioShareSeam = double (*)(const std::vector<std::string>& paths, std::uint64_t min_folio);
void set_folio_share_seam(FolioShareSeam seam) noexcept;

}  // namespace sfp
