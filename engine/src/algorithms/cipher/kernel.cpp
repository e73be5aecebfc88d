// The plain kernels: one byte at a time, the way cci does it.
#include "algorithms/cipher/kernel.hpp"

namespace sfp::cipher {
namespace {

void caesar(const std::uint8_t* in, std::uint8_t* out, std::size_t n, const Shift& s) noexcept {
    for (std::size_t i = 0; i < n; ++i) out[i] = std::uint8_t(in[i] + s.byte);
}

// Rotates c within [first, first+span) by k (0 <= k < span).
std::uint8_t rotate(std::uint8_t c, std::uint8_t first, std::uint8_t span, std::uint8_t k) noexcept {
    const unsigned pos = unsigned(c - first) + k;
    return std::uint8_t(first + (pos >= span ? pos - span : pos));
}

void letters(const std::uint8_t* in, std::uint8_t* out, std::size_t n, const Shift& s) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t c = in[i];
        if (c >= 'A' && c <= 'Z')
            out[i] = rotate(c, 'A', 26, s.letter);
        else if (c >= 'a' && c <= 'z')
            out[i] = rotate(c, 'a', 26, s.letter);
        else if (c >= '0' && c <= '9')
            out[i] = rotate(c, '0', 10, s.digit);
        else
            out[i] = c;
    }
}

void widen(const std::uint8_t* in, std::uint8_t* out, std::size_t n, const Shift& s) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        out[2 * i] = std::uint8_t(in[i] + s.byte);  // UTF-16LE: low byte first
        out[2 * i + 1] = 0;
    }
}

}  // namespace

Shift Shift::of(int shift) noexcept {
    const auto mod = [shift](int m) { return std::uint8_t(((shift % m) + m) % m); };
    return Shift{mod(256), mod(26), mod(10)};
}

const KernelSet plain_kernels{caesar, letters, widen};

KernelFn KernelSet::of(Transform t) const noexcept {
    switch (t) {
        case Transform::caesar: return caesar;
        case Transform::letters: return letters;
        case Transform::widen: return widen;
    }
    return caesar;
}

}  // namespace sfp::cipher
