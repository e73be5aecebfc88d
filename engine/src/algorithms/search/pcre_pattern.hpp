#pragma once
// A regular expression as grep -P takes it in the C locale: PCRE2, 8-bit, no UTF (bytes), compiled
// once per run and JIT-compiled where the library can. Lines are matched one at a time, as grep
// matches within lines.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

struct pcre2_real_code_8;

namespace sfp::search {

// Throws sfp::Failure with PCRE2's message and where in the pattern it stopped.
void check_regex(const std::string& pattern);

class PcrePattern {
public:
    explicit PcrePattern(const std::string& pattern);  // throws as check_regex
    ~PcrePattern();
    PcrePattern(const PcrePattern&) = delete;
    PcrePattern& operator=(const PcrePattern&) = delete;

    // Calls found(offset, text) for each line of data[0, size) the pattern matches (offset: the
    // line's first byte; text: the line without its newline) or, only_matching, for each non-empty
    // match in those lines (left to right, not overlapping); found returns false to stop.
    // Thread-safe: each call has its own match data.
    void each_found(const std::uint8_t* data, std::size_t size, bool only_matching,
                    const std::function<bool(std::uint64_t, std::string_view)>& found) const;

private:
    pcre2_real_code_8* code_ = nullptr;
};

}  // namespace sfp::search
