#pragma once
// Which instructions Tally::feed_simd classifies bytes with: chosen once from what the CPU has
// (AVX-512BW, else AVX2, else SSE2; off x86-64 the portable mask builder), or forced by a test,
// so that every path is tested on a machine that has them all.
#include <optional>

namespace sfp::wordcount {

enum class VectorPath { avx512, avx2, sse2, portable };
inline constexpr VectorPath kVectorPaths[] = {VectorPath::avx512, VectorPath::avx2, VectorPath::sse2,
                                              VectorPath::portable};
const char* to_string(VectorPath path) noexcept;

bool supported(VectorPath path) noexcept;  // by this CPU (portable always)
VectorPath vector_path() noexcept;         // the one feed_simd uses now

// The test seam: feed_simd uses `path` (which must be supported) until it is given nothing,
// then the CPU's best again. Not for use while a count runs.
void force_vector_path(std::optional<VectorPath> path) noexcept;

}  // namespace sfp::wordcount
