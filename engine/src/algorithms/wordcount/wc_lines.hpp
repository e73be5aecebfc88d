#pragma once
// What `wc` prints, read back: the wc baseline's output, and a user's command checked as `wc`.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/wordcount.hpp"

namespace sfp::wordcount {

// The first `files` lines of `text`: "<lines> <words> <bytes> [name]" each (a total line after
// them is not read). Throws sfp::Failure naming `who` ("wc") for a line that does not parse or
// too few lines; the line is shown with its control characters made visible.
std::vector<WordCounts> parse_wc_lines(const std::string& text, std::size_t files, std::string_view who);

}  // namespace sfp::wordcount
