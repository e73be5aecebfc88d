#include "algorithms/search/finder.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <utility>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace sfp::search {
namespace {

using Pair = std::pair<std::size_t, std::size_t>;

// How common a byte is in text and source code, roughly (higher: commoner): the filter compares
// the pattern's two rarest bytes, so fewer positions pass it to be verified (the memchr crate's
// heuristic; Mula's first and last bytes are often 'e' and 's').
int commonness(std::uint8_t b) {
    static constexpr std::string_view kLetters = "etaoinshrdlcumwfgypbvkjxqz";  // commonest first
    if (b == ' ') return 100;
    if (b == '\n' || b == '\t') return 80;
    if (b >= 'a' && b <= 'z') return 70 - int(kLetters.find(char(b)));
    if (b >= 'A' && b <= 'Z') return 40 - int(kLetters.find(char(b - 'A' + 'a'))) / 2;
    if (b >= '0' && b <= '9') return 30;
    if (std::string_view(".,;:()'\"_=-/").find(char(b)) != std::string_view::npos) return 25;
    if (b >= 0x21 && b < 0x7f) return 15;
    return 5;  // control bytes, NUL, bytes >= 0x80
}

// The positions of the pattern's two rarest bytes, in order (first and last on a tie).
Pair rarest_pair(const std::string& p) {
    if (p.size() < 2) return {0, 0};
    std::size_t a = 0, b = p.size() - 1;
    const auto rank = [&](std::size_t i) { return commonness(std::uint8_t(p[i])); };
    for (std::size_t i = 0; i < p.size(); ++i)
        if (rank(i) < rank(a)) a = i;
    if (b == a) b = 0;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (i != a && rank(i) < rank(b)) b = i;
    return {std::min(a, b), std::max(a, b)};
}

std::size_t find_memmem(const std::string& p, const std::uint8_t* data, std::size_t size, std::size_t from) {
    if (from >= size || size - from < p.size()) return Finder::npos;
    const void* at = p.size() == 1 ? std::memchr(data + from, p[0], size - from)
                                   : ::memmem(data + from, size - from, p.data(), p.size());
    return at ? std::size_t(static_cast<const std::uint8_t*>(at) - data) : Finder::npos;
}

#if defined(__x86_64__)
// Candidates are the positions whose two chosen bytes (the pattern's rarest, `rare`) match; each
// is verified whole. AVX2 takes 64 positions a step (one test for both vectors: most steps have
// no candidate), then 32; SSE2 16. The last positions, fewer than a vector's, go to memmem.
// The positions of data[i, i + 32) whose bytes at i1 and i2 are b1 and b2, as a byte mask.
__attribute__((target("avx2"), always_inline)) inline __m256i pair_matches(const std::uint8_t* data, std::size_t i,
                                                                           std::size_t i1, std::size_t i2, __m256i b1,
                                                                           __m256i b2) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i + i1));
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i + i2));
    return _mm256_and_si256(_mm256_cmpeq_epi8(x, b1), _mm256_cmpeq_epi8(y, b2));
}

__attribute__((target("avx2"))) std::size_t find_avx2(const std::string& p, Pair rare, const std::uint8_t* data,
                                                      std::size_t size, std::size_t from) {
    const std::size_t n = p.size(), i1 = rare.first, i2 = rare.second, last = std::max(i2, n - 1);
    const __m256i b1 = _mm256_set1_epi8(char(p[i1])), b2 = _mm256_set1_epi8(char(p[i2]));
    const auto verified = [&](std::size_t i, std::uint64_t mask) {
        for (; mask != 0; mask &= mask - 1)
            if (const std::size_t at = i + std::size_t(__builtin_ctzll(mask)); std::memcmp(data + at, p.data(), n) == 0)
                return at;
        return Finder::npos;
    };
    std::size_t i = from;
    for (; i + last + 64 <= size; i += 64) {
        const __m256i lo = pair_matches(data, i, i1, i2, b1, b2), hi = pair_matches(data, i + 32, i1, i2, b1, b2);
        const __m256i both = _mm256_or_si256(lo, hi);
        if (_mm256_testz_si256(both, both)) continue;
        const std::uint64_t mask = std::uint64_t(std::uint32_t(_mm256_movemask_epi8(lo))) |
                                   std::uint64_t(std::uint32_t(_mm256_movemask_epi8(hi))) << 32;
        if (const std::size_t at = verified(i, mask); at != Finder::npos) return at;
    }
    for (; i + last + 32 <= size; i += 32)
        if (const std::size_t at =
                verified(i, std::uint32_t(_mm256_movemask_epi8(pair_matches(data, i, i1, i2, b1, b2))));
            at != Finder::npos)
            return at;
    return find_memmem(p, data, size, i);
}

std::size_t find_sse2(const std::string& p, Pair rare, const std::uint8_t* data, std::size_t size, std::size_t from) {
    const std::size_t n = p.size(), i1 = rare.first, i2 = rare.second, last = std::max(i2, n - 1);
    const __m128i b1 = _mm_set1_epi8(char(p[i1])), b2 = _mm_set1_epi8(char(p[i2]));
    std::size_t i = from;
    for (; i + last + 16 <= size; i += 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i + i1));
        const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i + i2));
        for (unsigned mask = unsigned(_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(x, b1), _mm_cmpeq_epi8(y, b2))));
             mask != 0; mask &= mask - 1)
            if (const std::size_t at = i + std::size_t(__builtin_ctz(mask)); std::memcmp(data + at, p.data(), n) == 0)
                return at;
    }
    return find_memmem(p, data, size, i);
}
#endif

bool sse2_for_tests = false;

std::size_t find_simd(const std::string& p, Pair rare, const std::uint8_t* data, std::size_t size, std::size_t from) {
#if defined(__x86_64__)
    static const bool avx2 = __builtin_cpu_supports("avx2");
    return avx2 && !sse2_for_tests ? find_avx2(p, rare, data, size, from) : find_sse2(p, rare, data, size, from);
#else
    (void)rare;
    return find_memmem(p, data, size, from);
#endif
}

}  // namespace

void use_sse2_for_tests(bool on) noexcept { sse2_for_tests = on; }

Finder::Finder(std::string pattern, Kernel kernel)
    : pattern_(std::move(pattern)), kernel_(kernel), rare_(rarest_pair(pattern_)) {}

std::size_t Finder::find(const std::uint8_t* data, std::size_t size, std::size_t from) const noexcept {
    if (kernel_ == Kernel::simd && pattern_.size() > 1) return find_simd(pattern_, rare_, data, size, from);
    return find_memmem(pattern_, data, size, from);
}

}  // namespace sfp::search
