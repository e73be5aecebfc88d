#pragma once
// For tests only: called between the listing and the first read of every iterate run, so a
// test can remove a listed file or cancel at that exact point. Set it while no run is going.
#include <functional>
#include <string>

#include "io/tree_listing.hpp"

namespace sfp::iterate {

extern std::function<void(const Listing&)> after_listing_for_tests;

// For tests only: uring and direct pass every read's completion (bytes, or -errno) through it
// with the file's path and use what it returns: a test makes a read fail or come back short.
extern std::function<int(const std::string& path, int result)> uring_completion_for_tests;

}  // namespace sfp::iterate
