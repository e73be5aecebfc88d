#pragma once
// search's outcome, its digest text and description, and its shape as `grep -F -o -b -a`.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/outcome.hpp"

namespace sfp {

struct SearchMatch {
    std::uint32_t file = 0;                // index of the input, in argument order
    std::uint64_t offset = 0;              // 0-based byte offset of the match's first byte (a regex's line: the line's)
    std::optional<std::string> text = {};  // a regex's: the line (no newline) or, only matching, the match
    bool operator==(const SearchMatch&) const = default;
    auto operator<=>(const SearchMatch&) const = default;  // file order, then offset
};

// Matches do not overlap: after one, the search goes on after its last byte, as `grep -o` does
// ("aa" in "aaaaa": 0 and 2). A regex (the `regex` option) finds lines, as `grep -P` does, or
// with `only_matching` the matches in them (an empty match is none); counts count what is found.
struct SearchOutcome {
    std::vector<SearchMatch> matches;   // the first N of all inputs, in argument then file order
    std::vector<std::uint64_t> counts;  // per input, every match; empty unless counting
    bool operator==(const SearchOutcome&) const = default;
};
std::string canonical(const SearchOutcome& outcome);
Description describe(const SearchOutcome& outcome);

inline constexpr std::uint64_t kDefaultMaxMatches = 8;

// Exactly what `grep -F -o -b -a -- PATTERN FILE... | head -N` prints for these matches:
// "OFFSET:PATTERN", with "NAME:" before it when there are several files; a regex's as `grep -P -b
// -a [-o]` prints them: "OFFSET:TEXT".
std::string format_grep_lines(const SearchOutcome& outcome, std::string_view pattern,
                              const std::vector<std::string>& names);
// The matches per file: "N" for one file, "NAME:N" lines for several.
std::string format_counts(const SearchOutcome& outcome, const std::vector<std::string>& names);

}  // namespace sfp
