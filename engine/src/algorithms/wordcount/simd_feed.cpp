// Tally::feed_simd: classify 64 bytes into a separator bit mask with vector compares, then let
// feed_mask walk the word runs a word (not a byte) at a time. x86-64: SSE2 always (part of the
// ABI), AVX2 when the CPU says so at run time; elsewhere a portable mask builder.
#include <bit>

#include "algorithms/wordcount/tally.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace sfp::wordcount {
namespace {

struct Masks {
    std::uint64_t separators = 0, newlines = 0, printable = 0;
};

// Each loop is written out per instruction set so its mask builder is inlined into it (a
// builder for AVX2 cannot be inlined into code compiled for the baseline).
using ChunkLoop = void (*)(Tally& t, const std::uint8_t* p, std::size_t whole, const Separators& seps);

inline void step(Tally& t, const Masks& m) {
    t.add_lines(std::uint64_t(std::popcount(m.newlines)));
    t.feed_mask(m.separators, m.printable);
}

[[maybe_unused]] Masks masks_portable(const std::uint8_t* p, const Separators& seps) {
    Masks m;
    for (int i = 0; i < 64; ++i) {
        m.separators |= std::uint64_t(seps(p[i])) << i;
        m.newlines |= std::uint64_t(p[i] == '\n') << i;
        m.printable |= std::uint64_t(Separators::printable(p[i])) << i;
    }
    return m;
}

#if defined(__x86_64__)
// White space is ' ' or 9..13: (byte - 9) <= 4 unsigned, i.e. min(byte - 9, 4) == byte - 9.
// Printable is 0x21..0x7e the same way.
inline Masks masks_sse2(const std::uint8_t* p, const Separators& seps) {
    Masks m;
    for (int part = 0; part < 4; ++part) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * part));
        const __m128i shifted = _mm_sub_epi8(v, _mm_set1_epi8(9));
        __m128i sep = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
                                   _mm_cmpeq_epi8(_mm_min_epu8(shifted, _mm_set1_epi8(4)), shifted));
        for (char e : seps.extra()) sep = _mm_or_si128(sep, _mm_cmpeq_epi8(v, _mm_set1_epi8(e)));
        const __m128i nl = _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'));
        const __m128i from21 = _mm_sub_epi8(v, _mm_set1_epi8(0x21));
        const __m128i print = _mm_cmpeq_epi8(_mm_min_epu8(from21, _mm_set1_epi8(0x7e - 0x21)), from21);
        m.printable |= std::uint64_t(std::uint16_t(_mm_movemask_epi8(print))) << (16 * part);
        m.separators |= std::uint64_t(std::uint16_t(_mm_movemask_epi8(sep))) << (16 * part);
        m.newlines |= std::uint64_t(std::uint16_t(_mm_movemask_epi8(nl))) << (16 * part);
    }
    return m;
}

__attribute__((target("avx2,bmi,popcnt"), always_inline)) inline Masks masks_avx2(const std::uint8_t* p, const Separators& seps) {
    Masks m;
    for (int part = 0; part < 2; ++part) {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * part));
        const __m256i shifted = _mm256_sub_epi8(v, _mm256_set1_epi8(9));
        __m256i sep = _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')),
                                      _mm256_cmpeq_epi8(_mm256_min_epu8(shifted, _mm256_set1_epi8(4)), shifted));
        for (char e : seps.extra()) sep = _mm256_or_si256(sep, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(e)));
        const __m256i nl = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'));
        const __m256i from21 = _mm256_sub_epi8(v, _mm256_set1_epi8(0x21));
        const __m256i print = _mm256_cmpeq_epi8(_mm256_min_epu8(from21, _mm256_set1_epi8(0x7e - 0x21)), from21);
        m.printable |= std::uint64_t(std::uint32_t(_mm256_movemask_epi8(print))) << (32 * part);
        m.separators |= std::uint64_t(std::uint32_t(_mm256_movemask_epi8(sep))) << (32 * part);
        m.newlines |= std::uint64_t(std::uint32_t(_mm256_movemask_epi8(nl))) << (32 * part);
    }
    return m;
}
#endif

[[maybe_unused]] void chunks_portable(Tally& t, const std::uint8_t* p, std::size_t whole, const Separators& seps) {
    for (std::size_t i = 0; i < whole; i += 64) step(t, masks_portable(p + i, seps));
}

#if defined(__x86_64__)
void chunks_sse2(Tally& t, const std::uint8_t* p, std::size_t whole, const Separators& seps) {
    for (std::size_t i = 0; i < whole; i += 64) step(t, masks_sse2(p + i, seps));
}

__attribute__((target("avx2,bmi,popcnt"))) void chunks_avx2(Tally& t, const std::uint8_t* p, std::size_t whole,
                                                          const Separators& seps) {
    for (std::size_t i = 0; i < whole; i += 64) step(t, masks_avx2(p + i, seps));
}
#endif

ChunkLoop chosen_loop() {
#if defined(__x86_64__)
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
    return avx2 ? chunks_avx2 : chunks_sse2;
#else
    return chunks_portable;
#endif
}

}  // namespace

void Tally::feed_simd(const std::uint8_t* p, std::size_t n, const Separators& seps) noexcept {
    static const ChunkLoop chunks = chosen_loop();
    const std::size_t whole = n - n % 64;
    chunks(*this, p, whole, seps);
    counts_.bytes += whole;
    feed(p + whole, n - whole, seps);  // the last bytes, fewer than 64
}

}  // namespace sfp::wordcount
