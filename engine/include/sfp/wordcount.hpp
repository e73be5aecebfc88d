#pragma once
// wordcount's outcome, its digest text and description, and its shape as `wc`.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sfp/outcome.hpp"

namespace sfp {

// What `wc` counts, plus SimpleCount's word-length histogram.
inline constexpr std::size_t kLongestCountedWord = 31;  // histogram[31] counts words of 31 or more bytes

struct WordCounts {
    std::uint64_t lines = 0, words = 0, bytes = 0;
    std::array<std::uint64_t, kLongestCountedWord + 1> histogram{};  // [length]; [0] stays 0
    WordCounts& operator+=(const WordCounts& o) noexcept;
    bool operator==(const WordCounts&) const = default;
};

struct WordCountOutcome {
    std::vector<WordCounts> files;  // one per input, in argument order
    WordCounts total() const noexcept;
    bool operator==(const WordCountOutcome&) const = default;
};
std::string canonical(const WordCountOutcome& outcome);
Description describe(const WordCountOutcome& outcome);

// Exactly what `LC_ALL=C wc FILE...` prints for regular files: lines, words, bytes in GNU wc's
// column width (the digits of the files' total size), then the name; a `total` line for several.
std::string format_wc_lines(const WordCountOutcome& outcome, const std::vector<std::string>& names);
// One "length count" line per length 1..31 (31 = 31 or more) of all files together, then "words N".
std::string format_histogram(const WordCountOutcome& outcome);

}  // namespace sfp
