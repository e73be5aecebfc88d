#pragma once
// For tests only: called between the listing and the first read of every iterate run, so a
// test can remove a listed file or cancel at that exact point. Set it while no run is going.
#include <functional>

#include "io/tree_listing.hpp"

namespace sfp::iterate {

extern std::function<void(const Listing&)> after_listing_for_tests;

}  // namespace sfp::iterate
