#include "algorithms/search/finder.hpp"

#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace sfp::search {
namespace {

bool has_border(const std::string& p) {
    for (std::size_t k = 1; k < p.size(); ++k)
        if (std::memcmp(p.data(), p.data() + k, p.size() - k) == 0) return true;
    return false;
}

std::size_t find_memmem(const std::string& p, const std::uint8_t* data, std::size_t size, std::size_t from) {
    if (from >= size || size - from < p.size()) return Finder::npos;
    const void* at = p.size() == 1 ? std::memchr(data + from, p[0], size - from)
                                   : ::memmem(data + from, size - from, p.data(), p.size());
    return at ? std::size_t(static_cast<const std::uint8_t*>(at) - data) : Finder::npos;
}

#if defined(__x86_64__)
// Candidates are the positions whose first and last bytes match; `Bits` of them per step.
#define SFP_MULA_LOOP(Vec, set1, loadu, cmpeq, and_, movemask, Width)                        \
    const Vec first = set1(char(p[0])), last = set1(char(p[n - 1]));                         \
    for (; i + n - 1 + Width <= size; i += Width) {                                          \
        const Vec a = loadu(reinterpret_cast<const Vec*>(data + i));                         \
        const Vec b = loadu(reinterpret_cast<const Vec*>(data + i + n - 1));                 \
        std::uint32_t mask = std::uint32_t(movemask(and_(cmpeq(a, first), cmpeq(b, last)))); \
        for (; mask != 0; mask &= mask - 1) {                                                \
            const std::size_t at = i + std::size_t(__builtin_ctz(mask));                     \
            if (n <= 2 || std::memcmp(data + at + 1, p.data() + 1, n - 2) == 0) return at;   \
        }                                                                                    \
    }

__attribute__((target("avx2"))) std::size_t find_avx2(const std::string& p, const std::uint8_t* data, std::size_t size,
                                                      std::size_t from) {
    const std::size_t n = p.size();
    std::size_t i = from;
    SFP_MULA_LOOP(__m256i, _mm256_set1_epi8, _mm256_loadu_si256, _mm256_cmpeq_epi8, _mm256_and_si256,
                  _mm256_movemask_epi8, 32)
    return find_memmem(p, data, size, i);  // the last positions, fewer than a vector's width
}

std::size_t find_sse2(const std::string& p, const std::uint8_t* data, std::size_t size, std::size_t from) {
    const std::size_t n = p.size();
    std::size_t i = from;
    SFP_MULA_LOOP(__m128i, _mm_set1_epi8, _mm_loadu_si128, _mm_cmpeq_epi8, _mm_and_si128, _mm_movemask_epi8, 16)
    return find_memmem(p, data, size, i);
}
#undef SFP_MULA_LOOP
#endif

std::size_t find_simd(const std::string& p, const std::uint8_t* data, std::size_t size, std::size_t from) {
#if defined(__x86_64__)
    static const bool avx2 = __builtin_cpu_supports("avx2");
    return avx2 ? find_avx2(p, data, size, from) : find_sse2(p, data, size, from);
#else
    return find_memmem(p, data, size, from);
#endif
}

}  // namespace

Finder::Finder(std::string pattern, Kernel kernel)
    : pattern_(std::move(pattern)), kernel_(kernel), self_overlapping_(has_border(pattern_)) {}

std::size_t Finder::find(const std::uint8_t* data, std::size_t size, std::size_t from) const noexcept {
    if (kernel_ == Kernel::simd && pattern_.size() > 1) return find_simd(pattern_, data, size, from);
    return find_memmem(pattern_, data, size, from);
}

}  // namespace sfp::search
