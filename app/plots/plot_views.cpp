// Which plot kinds an algorithm offers: the general ones always, a view of its own (histogram,
// listing) only when its unit declares it by name (sfp::AlgorithmIo::views). The one table from
// a declared view's name to the kind that paints it; no algorithm is named here.
#include <algorithm>
#include <string_view>
#include <utility>

#include "plots.hpp"
#include "sfp/algorithm_io.hpp"

namespace plots {
namespace {

constexpr std::pair<std::string_view, Kind> kDeclaredViews[] = {
    {"histogram", Kind::histogram},  // histogram_plot.cpp: word lengths of each input
    {"listing", Kind::listing},      // listing_plot.cpp: listing the tree, then processing it
    {"matches", Kind::matches},      // matches_plot.cpp: where in each input the matches lie
};

}  // namespace

bool kind_applies(Kind kind, const std::string& algorithm) {
    const auto view = std::ranges::find(kDeclaredViews, kind, &std::pair<std::string_view, Kind>::second);
    if (view == std::end(kDeclaredViews)) return true;  // a general view: every algorithm has it
    const sfp::AlgorithmIo* io = sfp::algorithm_io(algorithm);
    return io && std::ranges::find(io->views, view->first) != io->views.end();
}

}  // namespace plots
