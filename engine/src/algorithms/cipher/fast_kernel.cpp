// The --fast kernels: 16 bytes per vector operation, four vectors per loop iteration (the
// article's loop unwinding, taken to SIMD). GCC/Clang vector extensions compile to SSE2 on
// x86-64 and to NEON on ARM, with no intrinsics. Tails shorter than a vector use the plain kernel.
#include <cstring>

#include "algorithms/cipher/kernel.hpp"

namespace sfp::cipher {
namespace {

using V = std::uint8_t __attribute__((vector_size(16)));
constexpr std::size_t kLanes = sizeof(V);
constexpr std::size_t kUnroll = 4;

V load(const std::uint8_t* p) noexcept {
    V v;
    std::memcpy(&v, p, sizeof v);  // unaligned load
    return v;
}
void store(std::uint8_t* p, V v) noexcept { std::memcpy(p, &v, sizeof v); }
V splat(std::uint8_t b) noexcept { return V{} + b; }

// Runs `vec` on every whole vector of in[0..n) (four at a time while possible), then `tail`
// on the remaining bytes. vec(v, out_index) stores the result for the vector at in[i].
template <class Vec>
std::size_t each_vector(const std::uint8_t* in, std::size_t n, Vec vec) noexcept {
    std::size_t i = 0;
    for (; i + kUnroll * kLanes <= n; i += kUnroll * kLanes) {
        const V a = load(in + i), b = load(in + i + kLanes), c = load(in + i + 2 * kLanes),
                d = load(in + i + 3 * kLanes);  // all loads first: in-place (out == in) stays correct
        vec(a, i), vec(b, i + kLanes), vec(c, i + 2 * kLanes), vec(d, i + 3 * kLanes);
    }
    for (; i + kLanes <= n; i += kLanes) vec(load(in + i), i);
    return i;
}

void caesar(const std::uint8_t* in, std::uint8_t* out, std::size_t n, const Shift& s) noexcept {
    const V k = splat(s.byte);
    const std::size_t done = each_vector(in, n, [&](V v, std::size_t i) { store(out + i, v + k); });
    plain_kernels.caesar(in + done, out + done, n - done, s);
}

// Lanes of v inside [first, first+span) rotated by k (0 <= k < span); other lanes unchanged.
V rotate(V v, std::uint8_t first, std::uint8_t span, std::uint8_t k) noexcept {
    const V pos = v - splat(first);
    const V inside = V(pos < splat(span));  // 0xff where v is in the range
    V moved = pos + splat(k);
    moved -= V(moved >= splat(span)) & splat(span);
    return (inside & (moved + splat(first))) | (~inside & v);
}

void letters(const std::uint8_t* in, std::uint8_t* out, std::size_t n, const Shift& s) noexcept {
    // The three ranges are disjoint and each rotation stays inside its range, so applying
    // them one after another touches every byte at most once.
    const std::size_t done = each_vector(in, n, [&](V v, std::size_t i) {
        v = rotate(v, 'A', 26, s.letter);
        v = rotate(v, 'a', 26, s.letter);
        store(out + i, rotate(v, '0', 10, s.digit));
    });
    plain_kernels.letters(in + done, out + done, n - done, s);
}

void widen(const std::uint8_t* in, std::uint8_t* out, std::size_t n, const Shift& s) noexcept {
    const V k = splat(s.byte), zero{};
    const std::size_t done = each_vector(in, n, [&](V v, std::size_t i) {
        v += k;
        // Interleave with zero bytes: UTF-16LE code units, low byte first.
        store(out + 2 * i, __builtin_shufflevector(v, zero, 0, 16, 1, 16, 2, 16, 3, 16, 4, 16, 5, 16, 6, 16, 7, 16));
        store(out + 2 * i + kLanes,
              __builtin_shufflevector(v, zero, 8, 16, 9, 16, 10, 16, 11, 16, 12, 16, 13, 16, 14, 16, 15, 16));
    });
    plain_kernels.widen(in + done, out + 2 * done, n - done, s);
}

}  // namespace

const KernelSet fast_kernels{caesar, letters, widen};

}  // namespace sfp::cipher
