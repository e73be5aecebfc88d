// wordcount's outcome as `wc` and SimpleCount print it.
#include <cstdio>

#include "sfp/wordcount.hpp"

namespace sfp {
namespace {

// GNU wc's column width for regular files: the digits of their total size (at least 1).
int column_width(const WordCountOutcome& outcome) {
    std::uint64_t total = 0;
    for (const WordCounts& f : outcome.files) total += f.bytes;
    int digits = 1;
    for (; total >= 10; total /= 10) ++digits;
    return digits;
}

std::string line_of(const WordCounts& c, int width, const std::string& name) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%*llu %*llu %*llu ", width, static_cast<unsigned long long>(c.lines), width,
                  static_cast<unsigned long long>(c.words), width, static_cast<unsigned long long>(c.bytes));
    return buf + name + "\n";
}

}  // namespace

std::string format_wc_lines(const WordCountOutcome& outcome, const std::vector<std::string>& names) {
    const int width = column_width(outcome);
    std::string text;
    for (std::size_t i = 0; i < outcome.files.size(); ++i) text += line_of(outcome.files[i], width, names.at(i));
    if (outcome.files.size() > 1) text += line_of(outcome.total(), width, "total");
    return text;
}

std::string format_histogram(const WordCountOutcome& outcome) {
    const WordCounts total = outcome.total();
    std::string text;
    for (std::size_t len = 1; len < total.histogram.size(); ++len)
        text += std::to_string(len) + " " + std::to_string(total.histogram[len]) + "\n";
    return text + "words " + std::to_string(total.words) + "\n";
}

}  // namespace sfp
