#pragma once
// The transforms every cipher strategy applies to its blocks: a plain byte loop (the article's
// cci) and a vectorised one (its "Fast" variants). Both give the same bytes.
#include <cstddef>
#include <cstdint>

#include "algorithms/cipher/options.hpp"

namespace sfp::cipher {

// The shift reduced once for each alphabet, so kernels never divide.
struct Shift {
    std::uint8_t byte = 0;    // mod 256
    std::uint8_t letter = 0;  // mod 26
    std::uint8_t digit = 0;   // mod 10
    static Shift of(int shift) noexcept;
};

// Transforms in[0..n) into out[0..n*expansion). For caesar and letters, out may equal in
// (in-place); otherwise the ranges must not overlap.
using KernelFn = void (*)(const std::uint8_t* in, std::uint8_t* out, std::size_t n, const Shift& s) noexcept;

// One implementation of each transform. A table, so that one switch (in of()) serves both.
struct KernelSet {
    KernelFn caesar, letters, widen;
    KernelFn of(Transform t) const noexcept;
};
extern const KernelSet plain_kernels;  // kernel.cpp
extern const KernelSet fast_kernels;   // fast_kernel.cpp

class Kernel {
public:
    Kernel(Transform t, int shift, bool fast) noexcept
        : fn_((fast ? fast_kernels : plain_kernels).of(t)), shift_(Shift::of(shift)), expansion_(cipher::expansion(t)) {
    }
    unsigned expansion() const noexcept { return expansion_; }
    void operator()(const std::uint8_t* in, std::uint8_t* out, std::size_t n) const noexcept {
        fn_(in, out, n, shift_);
    }

private:
    KernelFn fn_;
    Shift shift_;
    unsigned expansion_;
};

}  // namespace sfp::cipher
