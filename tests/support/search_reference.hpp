#pragma once
// The simplest search that can be right, for the tests: at every offset, compare the pattern;
// after a match, go on after its last byte (grep -o's non-overlapping matches).
#include <cstdint>
#include <cstring>
#include <regex>
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

// grep -P's lines (or, only matching, its non-empty matches) by std::regex, line by line: the
// same as PCRE2 for the plain patterns the tests use.
inline sfp::SearchOutcome regex_reference(const std::vector<std::vector<std::uint8_t>>& files,
                                          const std::string& pattern, bool only_matching, std::size_t max, bool count) {
    const std::regex re(pattern);
    sfp::SearchOutcome o;
    for (std::uint32_t f = 0; f < files.size(); ++f) {
        const std::string data(files[f].begin(), files[f].end());
        std::uint64_t n = 0;
        const auto found = [&](std::size_t at, std::string text) {
            if (o.matches.size() < max) o.matches.push_back({f, at, std::move(text)});
            ++n;
        };
        for (std::size_t line = 0; line < data.size();) {
            const std::size_t end = std::min(data.find('\n', line), data.size());
            const std::string text = data.substr(line, end - line);
            if (!only_matching) {
                if (std::regex_search(text, re)) found(line, text);
            } else {
                for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
                    if (it->length() > 0) found(line + std::size_t(it->position()), it->str());
            }
            line = end + 1;
        }
        if (count) o.counts.push_back(n);
    }
    return o;
}

}  // namespace testing
