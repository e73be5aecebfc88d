#pragma once
// The kernel every wordcount strategy shares: which bytes separate words, and the counts of a
// stretch of a file that can be joined exactly to the stretch after it.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sfp/wordcount.hpp"

namespace sfp::wordcount {

// C-locale white space (space, \t, \n, \v, \f, \r: what `wc -w` splits on) plus `extra` bytes.
// A word is a maximal run of other bytes that holds at least one printable one (0x21..0x7e):
// that is GNU wc's rule in the C locale, where other bytes (NUL, control, >= 0x80) neither
// start nor end a word.
class Separators {
public:
    explicit Separators(std::string_view extra = {});
    bool operator()(std::uint8_t c) const noexcept { return table_[c]; }
    static bool printable(std::uint8_t c) noexcept { return c >= 0x21 && c <= 0x7e; }
    const std::string& extra() const noexcept { return extra_; }  // beyond white space, no duplicates
    std::string all() const;                                      // every separator, for strtok

private:
    std::array<bool, 256> table_{};
    std::string extra_;
};

// Counts of one segment of a file. A segment may begin inside a word that started in the
// segment before it (a stripe, a block), so its leading run of word bytes (the head) stays
// apart until append() joins the segments in file order; the trailing run stays open likewise.
// Word lengths (the histogram) are tallied only when asked: counting words alone needs one bit
// of state between bytes (inside a word or not), lengths need the runs themselves.
class Tally {
public:
    // Nothing precedes: a leading run is a word of its own.
    static Tally at_file_start(bool histogram) noexcept { return Tally(true, histogram); }
    // Something may precede: a leading run may continue a word (see append).
    static Tally at_segment_start(bool histogram) noexcept { return Tally(false, histogram); }

    // The plain loop: one table lookup per byte.
    void feed(const std::uint8_t* p, std::size_t n, const Separators& seps) noexcept;
    // The same counts, 64 bytes at a time with vector instructions (simd_feed.cpp).
    void feed_simd(const std::uint8_t* p, std::size_t n, const Separators& seps) noexcept;
    // Counts a run of `length` word bytes found elsewhere (strtok); a word if `printable`.
    void add_run(std::uint64_t length, bool printable) noexcept {  // without a branch on `printable`
        counts_.words += printable;
        if (histogram_) counts_.histogram[length < kLongestCountedWord ? length : kLongestCountedWord] += printable;
    }
    void add_lines(std::uint64_t n) noexcept { counts_.lines += n; }
    void add_bytes(std::uint64_t n) noexcept { counts_.bytes += n; }

    // `next` is the segment right after this one in the file.
    void append(const Tally& next) noexcept;
    // The counts when this segment ends the file: the open runs become words.
    WordCounts finish() const noexcept;
    bool histogram() const noexcept { return histogram_; }

    // The two 64-byte steps of vector code. Bit i of `sep` says whether byte i separates words,
    // bit i of `word` whether it is a printable word byte (a byte in neither mask is a word byte
    // that is not printable: it neither starts nor ends a word).

    // Counting only, without a branch per word (fastlwc's whitespace mask and popcount, with GNU
    // wc's printable rule): "inside a word" after every byte comes from one addition that carries
    // it across the bytes in neither mask; words = separators that end one. The state carried
    // from the chunk before (inside a word or not) only touches the chunk's leading bytes in
    // neither mask, so it is ORed in after the addition: the next chunk waits on two operations,
    // not on the whole step, and chunks overlap in the CPU.
    [[gnu::always_inline]] void count_mask(std::uint64_t sep, std::uint64_t word) noexcept {
        const std::uint64_t some = sep | word;
        const std::uint64_t in = run_printable_;  // inside a word before the chunk
        std::uint64_t inside = word;              // plain text: every byte a separator or printable
        if (some != ~0ull) [[unlikely]] {         // 5 % of real text's chunks (UTF-8, control bytes)
            const std::uint64_t neither = ~some, after_word = word << 1;
            const std::uint64_t carried = ((neither + after_word) ^ neither ^ after_word) | after_word;
            const std::uint64_t leading = (some & (0 - some)) - 1;  // the bytes before the first in either mask
            inside |= (carried & neither) | (leading & (0 - in));
        }
        std::uint64_t ends = sep & ((inside << 1) | in);
        if (!seen_separator_ && sep) {  // the first separator ends the head, which stays apart
            const std::uint64_t first = sep & -sep;
            head_printable_ = (ends & first) != 0;
            ends &= ~first;
            seen_separator_ = true;
        }
        counts_.words += std::uint64_t(std::popcount(ends));
        run_printable_ = (inside >> 63) != 0;
    }

    // With the histogram: the runs inside the chunk are found with bit tricks; the words wholly
    // inside it go to `lengths` (simd_feed.cpp: lengths.add(run, starts, ends) with their bytes,
    // first bytes and last bytes, no branch per word), the runs at its edges are joined as above.
    template <class Lengths>
    [[gnu::always_inline]] void measure_mask(std::uint64_t sep, std::uint64_t word, Lengths& lengths) noexcept {
        if (sep == 0) {
            run_ += 64;
            run_printable_ |= word != 0;
            return;
        }
        const int first = std::countr_zero(sep);  // ends the run open since the chunk before
        run_ += std::uint64_t(first);
        run_printable_ |= (word & low_bits(first)) != 0;
        close_run();
        const std::uint64_t run = ~sep & (~1ull << first);  // word bytes after the first separator
        std::uint64_t starts = run & ~(run << 1), ends = run & ~(run >> 1);
        // The last run stays open when it reaches the chunk's end.
        const int last = 63 - std::countl_zero(starts | 1);
        const std::uint64_t open = (run >> 63) << last;  // its first byte, or 0
        starts ^= open;
        ends &= ~(1ull << 63);
        run_ = (0 - (run >> 63)) & std::uint64_t(64 - last);
        run_printable_ = (word & (0 - open)) != 0;
        if ((run & ~word) != 0) {  // a word byte that is not printable: check each run
            for (; starts; starts &= starts - 1, ends &= ends - 1) {
                const int start = std::countr_zero(starts), length = std::countr_zero(ends) - start + 1;
                add_run(std::uint64_t(length), ((word >> start) & low_bits(length)) != 0);
            }
            return;
        }
        counts_.words += std::uint64_t(std::popcount(starts));  // plain text: every run is a word
        lengths.add(run & (open - 1), starts, ends);            // without the open run's bytes
    }
    // Adds word lengths counted elsewhere: histogram[length], 1 to 31 (31: or more).
    void add_lengths(const std::array<std::uint64_t, kLongestCountedWord + 1>& histogram) noexcept;

private:
    Tally(bool at_file_start, bool histogram) noexcept : seen_separator_(at_file_start), histogram_(histogram) {}
    static std::uint64_t low_bits(int n) noexcept { return (1ull << n) - 1; }  // n < 64
    // A separator ends the current run of word bytes.
    void close_run() noexcept {
        if (!seen_separator_) {
            head_ = run_;
            head_printable_ = run_printable_;
            seen_separator_ = true;
        } else {
            add_run(run_, run_printable_);
        }
        run_ = 0;
        run_printable_ = false;
    }

    WordCounts counts_;       // words wholly inside, lines, bytes
    bool seen_separator_;     // false: every byte so far is a word byte (run_ holds them)
    bool histogram_;          // word lengths wanted (counting alone has no use for head_ and run_)
    std::uint64_t head_ = 0;  // the leading run, ended by the first separator
    std::uint64_t run_ = 0;   // the open run at the end
    bool head_printable_ = false, run_printable_ = false;  // whether they hold a printable byte
};

}  // namespace sfp::wordcount
