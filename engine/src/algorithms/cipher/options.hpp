#pragma once
// cipher's options as they travel in RunSpec::options, parsed once with errors naming the option.
#include <cstdint>

#include "sfp/types.hpp"

namespace sfp::cipher {

enum class Transform {
    caesar,   // out = (in + shift) mod 256
    letters,  // A-Z, a-z rotate within their case (mod 26), 0-9 within the digits (mod 10)
    widen,    // atou: each (shifted) byte becomes a UTF-16LE code unit; the output is twice the input
};

inline constexpr int kMaxShift = 255;
// Caesar's own shift: an experiment that names none still transforms (0 would only copy).
inline constexpr int kDefaultShift = 3;

struct CipherOptions {
    int shift = 0;                            // "shift": -255..255 (always 0 for widen)
    int ignored_shift = 0;                    // a shift given with widen, which atou does not apply
    Transform transform = Transform::caesar;  // "transform"
    bool fast = false;                        // "fast": vectorised kernel instead of the byte loop
    bool flush = false;                       // "flush": fsync/msync before the run ends
    bool direct = false;                      // "direct": O_DIRECT with aligned buffers
    bool output_exists = false;               // "output_exists": overwrite the existing target in place
    bool in_place = false;                    // "in_place": the output may be the input (replaced atomically)
};

CipherOptions parse_options(const RunSpec& spec);  // throws sfp::Failure

// Bytes of output per byte of input.
constexpr unsigned expansion(Transform t) noexcept { return t == Transform::widen ? 2 : 1; }

}  // namespace sfp::cipher
