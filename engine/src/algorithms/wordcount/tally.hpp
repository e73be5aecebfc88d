#pragma once
// The kernel every wordcount strategy shares: which bytes separate words, and the counts of a
// stretch of a file that can be joined exactly to the stretch after it.
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
class Tally {
public:
    // Nothing precedes: a leading run is a word of its own.
    static Tally at_file_start() noexcept { return Tally(true); }
    // Something may precede: a leading run may continue a word (see append).
    static Tally at_segment_start() noexcept { return Tally(false); }

    // The plain loop: one table lookup per byte.
    void feed(const std::uint8_t* p, std::size_t n, const Separators& seps) noexcept;
    // The same counts, 64 bytes at a time with vector instructions (simd_feed.cpp).
    void feed_simd(const std::uint8_t* p, std::size_t n, const Separators& seps) noexcept;
    // Counts a run of `length` word bytes found elsewhere (strtok); a word if `printable`.
    void add_run(std::uint64_t length, bool printable) noexcept {
        if (!printable) return;
        ++counts_.words;
        ++counts_.histogram[length < kLongestCountedWord ? length : kLongestCountedWord];
    }
    void add_lines(std::uint64_t n) noexcept { counts_.lines += n; }
    void add_bytes(std::uint64_t n) noexcept { counts_.bytes += n; }

    // `next` is the segment right after this one in the file.
    void append(const Tally& next) noexcept;
    // The counts when this segment ends the file: the open runs become words.
    WordCounts finish() const noexcept;

    // One 64-byte step for vector code: bit i of `sep` says whether byte i separates words,
    // bit i of `printable` whether it is printable. Whole runs inside the chunk are paired
    // start to end with bit tricks, a few instructions per word rather than per byte.
    void feed_mask(std::uint64_t sep, std::uint64_t printable) noexcept {
        if (sep == 0) {
            run_ += 64;
            run_printable_ |= printable != 0;
            return;
        }
        const int first = std::countr_zero(sep);  // ends the run open since the chunk before
        run_ += std::uint64_t(first);
        run_printable_ |= (printable & low_bits(first)) != 0;
        close_run();
        if (first == 63) return;
        const std::uint64_t word = ~sep & (~0ull << (first + 1));
        std::uint64_t starts = word & ~(word << 1), ends = word & ~(word >> 1);
        if (word >> 63) {  // the last run reaches the chunk's end: it stays open
            const int last = 63 - std::countl_zero(starts);
            run_ = std::uint64_t(64 - last);
            run_printable_ = (printable >> last) != 0;
            starts &= ~(1ull << last);
            ends &= ~(1ull << 63);
        }
        if ((word & ~printable) == 0) {  // every word byte printable (plain text): every run is a word
            counts_.words += std::uint64_t(std::popcount(starts));
            for (; starts; starts &= starts - 1, ends &= ends - 1) {
                const int length = std::countr_zero(ends) - std::countr_zero(starts) + 1;
                ++counts_.histogram[length < int(kLongestCountedWord) ? length : int(kLongestCountedWord)];
            }
            return;
        }
        for (; starts; starts &= starts - 1, ends &= ends - 1) {
            const int start = std::countr_zero(starts), length = std::countr_zero(ends) - start + 1;
            add_run(std::uint64_t(length), ((printable >> start) & low_bits(length)) != 0);
        }
    }

private:
    explicit Tally(bool at_file_start) noexcept : seen_separator_(at_file_start) {}
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

    WordCounts counts_;            // words wholly inside, lines, bytes
    bool seen_separator_;          // false: every byte so far is a word byte (run_ holds them)
    std::uint64_t head_ = 0;       // the leading run, ended by the first separator
    std::uint64_t run_ = 0;        // the open run at the end
    bool head_printable_ = false, run_printable_ = false;  // whether they hold a printable byte
};

}  // namespace sfp::wordcount
