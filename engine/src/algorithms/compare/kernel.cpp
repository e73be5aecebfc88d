#include "algorithms/compare/kernel.hpp"

#include <bit>
#include <cstring>

#include "stream_prefetch.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace sfp::compare {
namespace {

constexpr std::size_t kPiece = 4096;  // equality is asked once a piece: one branch per 4 KiB

#if defined(__x86_64__)
// Whether a[0..kPiece) and b[0..kPiece) are equal: 128 bytes a turn XORed and ORed into one
// register, tested once at the end, both streams' lines 4 KiB ahead asked for. Now only finds the
// piece in a region memcmp found unequal (first_difference); it had beaten memcmp on the Xeon VM.
// Left out of ThreadSanitizer's instrumentation: it would record every 32-byte load (memcmp is
// one intercepted call), and its shadow and trace of a 640 MB mapping fault by
// the tens of thousands; the function only reads, and test_compare_kernel checks it in every build.
__attribute__((target("avx2"), no_sanitize("thread"))) bool equal_piece_avx2(const std::uint8_t* a,
                                                                             const std::uint8_t* b) noexcept {
    __m256i acc = _mm256_setzero_si256();
    for (std::size_t i = 0; i < kPiece; i += 128) {
        prefetch_ahead(a + i);
        prefetch_ahead(a + i + 64);
        prefetch_ahead(b + i);
        prefetch_ahead(b + i + 64);
        const auto* va = reinterpret_cast<const __m256i*>(a + i);
        const auto* vb = reinterpret_cast<const __m256i*>(b + i);
        const __m256i x0 = _mm256_xor_si256(_mm256_loadu_si256(va), _mm256_loadu_si256(vb));
        const __m256i x1 = _mm256_xor_si256(_mm256_loadu_si256(va + 1), _mm256_loadu_si256(vb + 1));
        const __m256i x2 = _mm256_xor_si256(_mm256_loadu_si256(va + 2), _mm256_loadu_si256(vb + 2));
        const __m256i x3 = _mm256_xor_si256(_mm256_loadu_si256(va + 3), _mm256_loadu_si256(vb + 3));
        acc = _mm256_or_si256(acc, _mm256_or_si256(_mm256_or_si256(x0, x1), _mm256_or_si256(x2, x3)));
    }
    return _mm256_testz_si256(acc, acc) != 0;
}

bool cpu_has_avx2() noexcept {
    static const bool has = __builtin_cpu_supports("avx2");
    return has;
}
#endif

}  // namespace

bool vector_compare_supported() noexcept {
#if defined(__x86_64__)
    return cpu_has_avx2();
#else
    return false;
#endif
}

std::size_t first_unequal_piece(const std::uint8_t* a, const std::uint8_t* b, std::size_t n, bool vector) noexcept {
    std::size_t off = 0;
#if defined(__x86_64__)
    if (vector)
        for (; off + kPiece <= n; off += kPiece)
            if (!equal_piece_avx2(a + off, b + off)) return off;
#else
    (void)vector;
#endif
    // The tail (or, without the vector path, all of it): memcmp, a piece at a time so the caller
    // locates the byte within one piece.
    for (; off < n; off += kPiece) {
        const std::size_t m = n - off < kPiece ? n - off : kPiece;
        if (std::memcmp(a + off, b + off, m) != 0) return off;
    }
    return n;
}

std::size_t first_difference(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept {
    // The common case, equal, asked of glibc's memcmp over the whole region: the variant it picks
    // for the CPU (EVEX on the EPYC VM) beat the pieces below there (docs/cli-compare.md). Only a
    // region that differs is searched again, piece by piece, for its first unequal byte.
    if (n == 0 || std::memcmp(a, b, n) == 0) return n;
    std::size_t i = first_unequal_piece(a, b, n, vector_compare_supported());
    if (i == n) return n;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t wa, wb;
        std::memcpy(&wa, a + i, 8);
        std::memcpy(&wb, b + i, 8);
        if (const std::uint64_t x = wa ^ wb) {
            if constexpr (std::endian::native == std::endian::little)
                return i + std::size_t(std::countr_zero(x)) / 8;
            else
                return i + std::size_t(std::countl_zero(x)) / 8;
        }
    }
    for (; i < n; ++i)
        if (a[i] != b[i]) return i;
    return n;
}

void scan_region(const std::uint8_t* a, const std::uint8_t* b, std::size_t n, std::uint64_t base,
                 MismatchTable& table) {
    std::size_t pos = 0;
    while (pos < n) {
        const std::size_t d = pos + first_difference(a + pos, b + pos, n - pos);
        if (d == n) return;
        if (table.closed_before(base + d)) return;
        table.add(Mismatch{base + d, a[d], b[d]});
        pos = d + 1;
    }
}

}  // namespace sfp::compare
