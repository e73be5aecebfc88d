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
// Candidates are the positions whose two chosen bytes (the pattern's rarest, `rare`) match, `Width`
// of them per step; each is verified whole.
#define SFP_PAIR_LOOP(Vec, set1, loadu, cmpeq, and_, movemask, Width)                   \
    const std::size_t n = p.size(), i1 = rare.first, i2 = rare.second;                  \
    const Vec b1 = set1(char(p[i1])), b2 = set1(char(p[i2]));                           \
    std::size_t i = from;                                                               \
    for (; i + std::max(i2, n - 1) + Width <= size; i += Width) {                       \
        const Vec a = loadu(reinterpret_cast<const Vec*>(data + i + i1));               \
        const Vec b = loadu(reinterpret_cast<const Vec*>(data + i + i2));               \
        std::uint32_t mask = std::uint32_t(movemask(and_(cmpeq(a, b1), cmpeq(b, b2)))); \
        for (; mask != 0; mask &= mask - 1) {                                           \
            const std::size_t at = i + std::size_t(__builtin_ctz(mask));                \
            if (std::memcmp(data + at, p.data(), n) == 0) return at;                    \
        }                                                                               \
    }                                                                                   \
    return find_memmem(p, data, size, i);  // the last positions, fewer than a vector's width

__attribute__((target("avx2"))) std::size_t find_avx2(const std::string& p, Pair rare, const std::uint8_t* data,
                                                      std::size_t size, std::size_t from){
    SFP_PAIR_LOOP(__m256i, _mm256_set1_epi8, _mm256_loadu_si256, _mm256_cmpeq_epi8, _mm256_and_si256,
                  _mm256_movemask_epi8, 32)}

std::size_t find_sse2(const std::string& p, Pair rare, const std::uint8_t* data, std::size_t size, std::size_t from){
    SFP_PAIR_LOOP(__m128i, _mm_set1_epi8, _mm_loadu_si128, _mm_cmpeq_epi8, _mm_and_si128, _mm_movemask_epi8, 16)}
#undef SFP_PAIR_LOOP
#endif

std::size_t find_simd(const std::string& p, Pair rare, const std::uint8_t* data, std::size_t size, std::size_t from) {
#if defined(__x86_64__)
    static const bool avx2 = __builtin_cpu_supports("avx2");
    return avx2 ? find_avx2(p, rare, data, size, from) : find_sse2(p, rare, data, size, from);
#else
    (void)rare;
    return find_memmem(p, data, size, from);
#endif
}

}  // namespace

Finder::Finder(std::string pattern, Kernel kernel)
    : pattern_(std::move(pattern)), kernel_(kernel), rare_(rarest_pair(pattern_)) {}

std::size_t Finder::find(const std::uint8_t* data, std::size_t size, std::size_t from) const noexcept {
    if (kernel_ == Kernel::simd && pattern_.size() > 1) return find_simd(pattern_, rare_, data, size, from);
    return find_memmem(pattern_, data, size, from);
}

}  // namespace sfp::search
