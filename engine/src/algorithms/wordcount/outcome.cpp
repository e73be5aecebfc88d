// wordcount's outcome as digest text and as description. The text must never change: saved
// reports carry digests of it.
#include "sfp/wordcount.hpp"

namespace sfp {
namespace {

Description describe(const WordCounts& c) {
    Description::Array histogram;  // [0] is words of length 1, the last is 31 or more
    for (std::size_t len = 1; len < c.histogram.size(); ++len) histogram.push_back(c.histogram[len]);
    return Description::Object{
        {"lines", c.lines}, {"words", c.words}, {"bytes", c.bytes}, {"histogram", std::move(histogram)}};
}

}  // namespace

// Every file's counts and histogram, so strategies are checked on both.
std::string canonical(const WordCountOutcome& o) {
    std::string s = "wordcount";
    for (const WordCounts& f : o.files) {
        s += " " + std::to_string(f.lines) + ":" + std::to_string(f.words) + ":" + std::to_string(f.bytes);
        for (std::size_t len = 1; len < f.histogram.size(); ++len) s += "," + std::to_string(f.histogram[len]);
    }
    return s;
}

Description describe(const WordCountOutcome& o) {
    Description::Array files;
    for (const WordCounts& f : o.files) files.push_back(describe(f));
    return Description::Object{{"files", std::move(files)}, {"total", describe(o.total())}};
}

}  // namespace sfp
