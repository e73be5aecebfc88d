#pragma once
// wordcount's outcome in the shape of `wc`, shared by the front ends.
#include <string>
#include <vector>

#include "sfp/outcome.hpp"

namespace sfp {

// Exactly what `LC_ALL=C wc FILE...` prints for regular files: lines, words, bytes in GNU wc's
// column width (the digits of the files' total size), then the name; a `total` line for several.
std::string format_wc_lines(const WordCountOutcome& outcome, const std::vector<std::string>& names);
// One "length count" line per length 1..31 (31 = 31 or more) of all files together, then "words N".
std::string format_histogram(const WordCountOutcome& outcome);

}  // namespace sfp
