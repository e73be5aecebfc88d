#pragma once
// The wordcount reference for engine tests: one byte at a time, the separator test spelled
// out, nothing shared with the engine. A word is a run of non-separators holding a printable
// byte (GNU wc, C locale); the histogram counts word lengths when asked.
#include <algorithm>
#include <string>

#include "sfp/wordcount.hpp"
#include "support/temp_files.hpp"

namespace testing {

inline sfp::WordCounts wordcount_reference(const Bytes& text, const std::string& extra = {}, bool histogram = true) {
    const auto separates = [&](std::uint8_t c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' ||
               extra.find(char(c)) != std::string::npos;
    };
    sfp::WordCounts c;
    c.bytes = text.size();
    std::uint64_t length = 0;
    bool printable = false;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !separates(text[i])) {
            ++length;
            printable = printable || (text[i] > ' ' && text[i] < 0x7f);
            continue;
        }
        if (i < text.size() && text[i] == '\n') ++c.lines;
        if (printable) {
            ++c.words;
            if (histogram) ++c.histogram[std::min<std::uint64_t>(length, 31)];
        }
        length = 0;
        printable = false;
    }
    return c;
}

// Words of 1..longest bytes, each byte byte_of(r) of seeded noise r, and runs of 1..3 white-space
// bytes between them: the edge-case texts of the wordcount tests.
template <class ByteOf>
Bytes words_text(std::size_t size, std::uint32_t seed, std::size_t longest, ByteOf byte_of) {
    const Bytes noise = pattern(size * 3 + 100, seed);
    static const char separators[] = " \t\n\v\f\r";
    Bytes out;
    for (std::size_t i = 0; out.size() < size; ++i) {
        const std::size_t word = 1 + noise[3 * i] % longest;
        for (std::size_t k = 0; k < word && out.size() < size; ++k)
            out.push_back(byte_of(noise[(3 * i + k) % noise.size()]));
        for (std::size_t k = 0; k <= noise[3 * i + 1] % 3 && out.size() < size; ++k)
            out.push_back(std::uint8_t(separators[noise[3 * i + 2 + k] % 6]));
    }
    return out;
}

}  // namespace testing
