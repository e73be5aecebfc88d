#include "algorithms/folio_choice.hpp"

#include <atomic>
#include <cstdint>
#include <cstdio>

#include "io/large_folios.hpp"

namespace sfp {
namespace {

constexpr std::uint64_t kShareWindow = 64u << 10;
constexpr unsigned kShareWindows = 8;

std::atomic<FolioShareSeam> folio_share_seam{nullptr};

}  // namespace

double sampled_folio_share(const std::vector<std::string>& paths) {
    if (const FolioShareSeam seam = folio_share_seam.load()) return seam(paths);
    return page_cache::large_folio_share_sampled(paths, kShareWindow, kShareWindows);
}

std::string share_words(double share) {
    if (share < 0) return "large folios: unknown (needs root)";
    char text[64];
    std::snprintf(text, sizeof text, "large folios: %.0f %% of the cached pages sampled", share * 100);
    return text;
}

void set_folio_share_seam(FolioShareSeam seam) noexcept { folio_share_seam.store(seam); }

}  // namespace sfp
