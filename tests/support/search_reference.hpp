#pragma once
// The simplest search that can be right, for the tests: at every offset, compare the pattern;
// after a match, go on after its last byte (grep -o's non-overlapping matches).
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "sfp/search.hpp"

namespace testing {

inline sfp::SearchOutcome search_reference(const std::vector<std::vector<std::uint8_t>>& files,
                                           const std::string& pattern, std::size_t max, bool count) {
    sfp::SearchOutcome o;
    for (std::uint32_t f = 0; f < files.size(); ++f) {
        const auto& data = files[f];
        std::uint64_t n = 0;
        for (std::size_t at = 0; at + pattern.size() <= data.size();) {
            if (std::memcmp(data.data() + at, pattern.data(), pattern.size()) != 0) {
                ++at;
                continue;
            }
            if (o.matches.size() < max) o.matches.push_back({f, at});
            ++n;
            at += pattern.size();
        }
        if (count) o.counts.push_back(n);
    }
    return o;
}

}  // namespace testing
