#pragma once
// The reference every compare strategy is checked against: the obvious byte loop, nothing
// shared with the strategies under test.
#include <algorithm>
#include <cstddef>

#include "sfp/compare.hpp"
#include "support/temp_files.hpp"

namespace testing {

inline sfp::CompareOutcome compare_reference(const Bytes& a, const Bytes& b, std::size_t max) {
    sfp::CompareOutcome o;
    o.size_a = a.size();
    o.size_b = b.size();
    for (std::size_t i = 0; i < std::min(a.size(), b.size()) && o.mismatches.size() < max; ++i)
        if (a[i] != b[i]) o.mismatches.push_back({i, a[i], b[i]});
    return o;
}

}  // namespace testing
