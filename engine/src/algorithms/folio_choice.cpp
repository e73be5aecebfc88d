#include "algorithms/folio_choice.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>

#include "io/large_folios.hpp"
#include "sfp/datagen.hpp"

namespace sfp {
namespace {

constexpr std::uint64_t kShareWindow = 64u << 10;
constexpr unsigned kShareWindows = 8;

std::atomic<FolioShareSeam> folio_share_seam{nullptr};

}  // namespace

double sampled_folio_share(const std::vector<std::string>& paths) { return sampled_share_in_folios_of(paths, 0); }

double sampled_share_in_folios_of(const std::vector<std::string>& paths, std::uint64_t min_folio) {
    if (const FolioShareSeam seam = folio_share_seam.load()) return seam(paths, min_folio);
    return page_cache::large_folio_share_sampled(paths, std::max(kShareWindow, min_folio), kShareWindows, min_folio);
}

std::string share_words(double share, std::uint64_t min_folio) {
    const std::string what = min_folio ? "folios of " + format_size(min_folio) + " or more" : "large folios";
    if (share < 0) return what + ": unknown (needs root)";
    char text[64];
    std::snprintf(text, sizeof text, ": %.0f %% of the cached pages sampled", share * 100);
    return what + text;
}

void set_folio_share_seam(FolioShareSeam seam) noexcept { folio_share_seam.store(seam); }

}  // namespace sfp
