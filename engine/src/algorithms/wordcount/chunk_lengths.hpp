#pragma once
// The lengths of the words found wholly inside 64-byte chunks, for the histogram: kept apart
// from the Tally while it counts a block (Tally::measure_mask calls add(run, starts, ends) with
// the chunk's word bytes, first bytes and last bytes), then handed over by histogram(). Two ways,
// neither with a branch per word:
//  - StepLengths pairs starts with ends in a fixed 16 steps whatever the chunk's number of words
//    (an empty step counts length 1, taken back), step k adding to table k % 4, so that two words
//    of one length in a row do not wait for each other's increment;
//  - BatchLengths (AVX-512 with VPOPCNTDQ) counts, for 32 chunks at once, the words of at least
//    L bytes for L = 1, 2, ...: those whose first byte is still set in run & run >> 1 & ... &
//    run >> (L - 1); the histogram is the difference of neighbours. A few vector instructions
//    per length and 32 chunks, instead of a few scalar ones per word.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "sfp/wordcount.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace sfp::wordcount {

using Histogram = std::array<std::uint64_t, kLongestCountedWord + 1>;  // [length], 31: or more

struct StepLengths {
    static constexpr int kSteps = 16, kTables = 4;
    std::array<std::array<std::uint64_t, 64>, kTables> count{};  // [table][length - 1]

    [[gnu::always_inline]] void add(std::uint64_t, std::uint64_t starts, std::uint64_t ends) noexcept {
        const int words = std::popcount(starts);
#pragma GCC unroll 16
        for (int k = 0; k < kSteps; ++k) {
            ++count[k % kTables][position(ends) - position(starts)];
            starts &= starts - 1;
            ends &= ends - 1;
        }
        count[0][0] -= std::uint64_t(kSteps - std::min(words, kSteps));
        for (; starts; starts &= starts - 1, ends &= ends - 1)  // more words than steps: rare in text
            ++count[0][position(ends) - position(starts)];
    }

    Histogram histogram() const noexcept {
        Histogram h{};
        for (const auto& table : count)
            for (std::size_t i = 0; i < table.size(); ++i) h[std::min(i + 1, kLongestCountedWord)] += table[i];
        return h;
    }

private:
    static std::size_t position(std::uint64_t bits) noexcept { return std::size_t(std::countr_zero(bits)); }
};

#if defined(__x86_64__)
#define SFP_AVX512 __attribute__((target("avx512f,avx512bw,avx512vpopcntdq,bmi,popcnt")))

struct BatchLengths {
    // 32 chunks, four vectors of 8: the loop below ends at the batch's longest word, a branch the
    // CPU cannot guess, so the more chunks it serves the less it costs each (Xeon VM: 16 chunks
    // were 15-20 % faster than 8 on generated and real text, 32 another 3.5 % on real text, 64
    // no more).
    static constexpr int kBatch = 32, kVectors = kBatch / 8;
    alignas(64) std::array<std::uint64_t, kBatch> runs{}, starts{};  // the chunks waiting
    int waiting = 0;
    alignas(64) std::array<std::array<std::uint64_t, 8>, kLongestCountedWord + 1> at_least{};  // [L][lane]

    [[gnu::always_inline]] void add(std::uint64_t run, std::uint64_t first_bytes, std::uint64_t) noexcept {
        runs[std::size_t(waiting)] = run;
        starts[std::size_t(waiting)] = first_bytes;
        if (++waiting == kBatch) flush();
    }

    SFP_AVX512 void flush() noexcept {
        __m512i first[kVectors], all[kVectors];  // all: bytes that begin L word bytes in a row
#pragma GCC unroll 8
        for (int v = 0; v < kVectors; ++v) {
            all[v] = _mm512_load_si512(runs.data() + 8 * v);
            first[v] = _mm512_load_si512(starts.data() + 8 * v);
        }
        for (std::size_t length = 1; length <= kLongestCountedWord; ++length) {
            __m512i words[kVectors], either = _mm512_setzero_si512(), counts = _mm512_setzero_si512();
#pragma GCC unroll 8
            for (int v = 0; v < kVectors; ++v) {
                words[v] = _mm512_and_si512(all[v], first[v]);
                either = _mm512_or_si512(either, words[v]);
            }
            if (!_mm512_test_epi64_mask(either, either)) break;  // no word this long in the batch
#pragma GCC unroll 8
            for (int v = 0; v < kVectors; ++v) {
                counts = _mm512_add_epi64(counts, _mm512_popcnt_epi64(words[v]));
                // (the unmasked shift trips gcc 12's -Wmaybe-uninitialized)
                all[v] =
                    _mm512_and_si512(all[v], _mm512_maskz_srli_epi64(0xff, all[v], 1));  // L word bytes, and the next
            }
            __m512i* counted = reinterpret_cast<__m512i*>(at_least[length].data());
            _mm512_store_si512(counted, _mm512_add_epi64(_mm512_load_si512(counted), counts));
        }
        waiting = 0;
    }

    SFP_AVX512 Histogram histogram() noexcept {
        std::fill(runs.begin() + waiting, runs.end(), 0);  // the lanes no chunk filled count nothing
        flush();
        Histogram h{};
        for (std::size_t length = 1; length <= kLongestCountedWord; ++length) {
            for (std::uint64_t n : at_least[length]) h[length] += n;
            if (length > 1) h[length - 1] -= h[length];  // at least L-1, but not L
        }
        return h;
    }
};
#endif

}  // namespace sfp::wordcount
