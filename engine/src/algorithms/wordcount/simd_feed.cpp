// Tally::feed_simd: classify 64 bytes into three bit masks (separators, printable word bytes,
// newlines) with vector compares, then count from the masks: lines by popcount, words by
// Tally::count_mask (no branch per word) or, for the histogram, Tally::measure_mask. x86-64:
// SSE2 always (part of the ABI), AVX2 or AVX-512BW (one compare gives a whole 64-bit mask) when
// the CPU says so at run time; elsewhere a portable mask builder. Each chunk loop is written out per instruction set so
// its mask builder is inlined into it (a builder for AVX2 cannot be inlined into code compiled for the baseline).
#include <atomic>
#include <bit>
#include <string_view>

#include "algorithms/wordcount/chunk_lengths.hpp"
#include "algorithms/wordcount/tally.hpp"
#include "algorithms/wordcount/vector_path.hpp"
#include "stream_prefetch.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define SFP_AVX2 __attribute__((target("avx2,bmi,popcnt")))
#endif

namespace sfp::wordcount {
namespace {

struct Masks {
    std::uint64_t separators = 0, words = 0, newlines = 0;  // words: printable, not a separator
};

// One chunk counted from its masks: lines, then words with or without their lengths.
template <bool kLengths, class Lengths>
[[gnu::always_inline]] inline void step(Tally& t, const Masks& m, Lengths& lengths) {
    t.add_lines(std::uint64_t(std::popcount(m.newlines)));
    if constexpr (kLengths)
        t.measure_mask(m.separators, m.words, lengths);
    else
        t.count_mask(m.separators, m.words);
}

// The loop over a block's whole chunks, for one instruction set: written out by this macro per
// set because a mask builder compiled for AVX2 cannot be inlined into a generic template. It
// counts on a copy of the tally (the input does not alias it, so its fields can stay in
// registers) and adds the lengths it measured at the end. Lines ahead are asked for
// (stream_prefetch.hpp): a mapped file streams from memory faster (docs/findings.md#stream-prefetch-4-kib-ahead).
#define SFP_CHUNK_LOOP(NAME, TARGET, LENGTHS, BUILD)                                               \
    template <bool kLengths, bool kExtra>                                                          \
    TARGET void NAME(Tally& t, const std::uint8_t* p, std::size_t whole, const Separators& seps) { \
        LENGTHS lengths;                                                                           \
        Tally local = t;                                                                           \
        for (std::size_t i = 0; i < whole; i += 64) {                                              \
            prefetch_ahead(p + i);                                                                 \
            step<kLengths>(local, BUILD<kExtra>(p + i, seps), lengths);                            \
        }                                                                                          \
        if constexpr (kLengths) local.add_lengths(lengths.histogram());                            \
        t = local;                                                                                 \
    }

template <bool>
Masks masks_portable(const std::uint8_t* p, const Separators& seps) {
    Masks m;
    for (int i = 0; i < 64; ++i) {
        const bool sep = seps(p[i]);
        m.separators |= std::uint64_t(sep) << i;
        m.words |= std::uint64_t(!sep && Separators::printable(p[i])) << i;
        m.newlines |= std::uint64_t(p[i] == '\n') << i;
    }
    return m;
}

SFP_CHUNK_LOOP(chunks_portable, , StepLengths, masks_portable)

#if defined(__x86_64__)
// Ranges by one signed compare: white space 9..13 is the bytes b with b + 0x77 in -128..-124,
// printable 0x21..0x7e those with b + 0x5f in -128..-35. kExtra: separators beyond white space.
template <bool kExtra>
inline Masks masks_sse2(const std::uint8_t* p, const Separators& seps) {
    Masks m;
    for (int part = 0; part < 4; ++part) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * part));
        __m128i sep = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
                                   _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(0x77)), _mm_set1_epi8(-123)));
        if constexpr (kExtra)
            for (char e : seps.extra()) sep = _mm_or_si128(sep, _mm_cmpeq_epi8(v, _mm_set1_epi8(e)));
        const __m128i print = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(0x5f)), _mm_set1_epi8(-34));
        const __m128i word = _mm_andnot_si128(sep, print);
        const __m128i nl = _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'));
        m.separators |= std::uint64_t(std::uint16_t(_mm_movemask_epi8(sep))) << (16 * part);
        m.words |= std::uint64_t(std::uint16_t(_mm_movemask_epi8(word))) << (16 * part);
        m.newlines |= std::uint64_t(std::uint16_t(_mm_movemask_epi8(nl))) << (16 * part);
    }
    return m;
}

SFP_CHUNK_LOOP(chunks_sse2, , StepLengths, masks_sse2)

// 32 bytes' masks in the low bits.
template <bool kExtra>
SFP_AVX2 __attribute__((always_inline)) inline Masks half_avx2(const std::uint8_t* p, const Separators& seps) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    __m256i sep =
        _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')),
                        _mm256_cmpgt_epi8(_mm256_set1_epi8(-123), _mm256_add_epi8(v, _mm256_set1_epi8(0x77))));
    if constexpr (kExtra)
        for (char e : seps.extra()) sep = _mm256_or_si256(sep, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(e)));
    const __m256i print = _mm256_cmpgt_epi8(_mm256_set1_epi8(-34), _mm256_add_epi8(v, _mm256_set1_epi8(0x5f)));
    const __m256i word = _mm256_andnot_si256(sep, print);
    const __m256i nl = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'));
    return {std::uint32_t(_mm256_movemask_epi8(sep)), std::uint32_t(_mm256_movemask_epi8(word)),
            std::uint32_t(_mm256_movemask_epi8(nl))};
}

template <bool kExtra>
SFP_AVX2 __attribute__((always_inline)) inline Masks masks_avx2(const std::uint8_t* p, const Separators& seps) {
    const Masks lo = half_avx2<kExtra>(p, seps), hi = half_avx2<kExtra>(p + 32, seps);
    return {lo.separators | hi.separators << 32, lo.words | hi.words << 32, lo.newlines | hi.newlines << 32};
}

SFP_CHUNK_LOOP(chunks_avx2, SFP_AVX2, StepLengths, masks_avx2)

// Unsigned ranges as one compare: b - lo < hi - lo + 1.
template <bool kExtra>
SFP_AVX512 __attribute__((always_inline)) inline Masks masks_avx512(const std::uint8_t* p, const Separators& seps) {
    const __m512i v = _mm512_loadu_si512(p);
    __mmask64 sep = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) |
                    _mm512_cmplt_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8(9)), _mm512_set1_epi8(5));
    if constexpr (kExtra)
        for (char e : seps.extra()) sep |= _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(e));
    const __mmask64 print =
        _mm512_cmplt_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8(0x21)), _mm512_set1_epi8(0x7e - 0x21 + 1));
    return {std::uint64_t(sep), std::uint64_t(print & ~sep),
            std::uint64_t(_mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n')))};
}

SFP_CHUNK_LOOP(chunks_avx512, SFP_AVX512, BatchLengths, masks_avx512)

VectorPath cpu_best() noexcept {
    __builtin_cpu_init();
    const bool bits = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
    if (bits && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vpopcntdq"))
        return VectorPath::avx512;
    if (bits && __builtin_cpu_supports("avx2")) return VectorPath::avx2;
    return VectorPath::sse2;
}
#endif

VectorPath best_path() noexcept {
#if defined(__x86_64__)
    static const VectorPath best = cpu_best();
    return best;
#else
    return VectorPath::portable;
#endif
}

std::atomic<int> forced{-1};  // a VectorPath, or -1: the CPU's best

template <bool kLengths, bool kExtra>
void chunks(VectorPath path, Tally& t, const std::uint8_t* p, std::size_t whole, const Separators& seps) {
    switch (path) {
#if defined(__x86_64__)
        case VectorPath::avx512: return chunks_avx512<kLengths, kExtra>(t, p, whole, seps);
        case VectorPath::avx2: return chunks_avx2<kLengths, kExtra>(t, p, whole, seps);
        case VectorPath::sse2: return chunks_sse2<kLengths, kExtra>(t, p, whole, seps);
#endif
        default: return chunks_portable<kLengths, kExtra>(t, p, whole, seps);
    }
}

}  // namespace

const char* to_string(VectorPath path) noexcept {
    switch (path) {
        case VectorPath::avx512: return "avx512";
        case VectorPath::avx2: return "avx2";
        case VectorPath::sse2: return "sse2";
        case VectorPath::portable: return "portable";
    }
    return "?";
}

bool supported(VectorPath path) noexcept {
#if defined(__x86_64__)
    return path == VectorPath::portable || int(path) >= int(best_path());  // a path implies the ones after it
#else
    return path == VectorPath::portable;
#endif
}

VectorPath vector_path() noexcept {
    const int f = forced.load(std::memory_order_relaxed);
    return f < 0 ? best_path() : VectorPath(f);
}

void force_vector_path(std::optional<VectorPath> path) noexcept {
    forced.store(path && supported(*path) ? int(*path) : -1, std::memory_order_relaxed);
}

void Tally::feed_simd(const std::uint8_t* p, std::size_t n, const Separators& seps) noexcept {
    const std::size_t whole = n - n % 64;
    const bool extra = !seps.extra().empty();
    if (histogram_)
        extra ? chunks<true, true>(vector_path(), *this, p, whole, seps)
              : chunks<true, false>(vector_path(), *this, p, whole, seps);
    else
        extra ? chunks<false, true>(vector_path(), *this, p, whole, seps)
              : chunks<false, false>(vector_path(), *this, p, whole, seps);
    counts_.bytes += whole;
    feed(p + whole, n - whole, seps);  // the last bytes, fewer than 64
}

}  // namespace sfp::wordcount
