#pragma once
// The compare kernel shared by every strategy: find differing bytes in two buffers.
#include <cstddef>
#include <cstdint>

#include "algorithms/compare/mismatch_table.hpp"

namespace sfp::compare {

// Index of the first differing byte in a[0..n) and b[0..n), or n when they are equal.
// Compares a SIMD vector at a time (memcmp) and locates the byte a machine word at a time.
std::size_t first_difference(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept;

// Adds every mismatch in the region (at file offset `base`) to the table, stopping early once
// the table cannot take any later offset.
void scan_region(const std::uint8_t* a, const std::uint8_t* b, std::size_t n, std::uint64_t base,
                 MismatchTable& table);

}  // namespace sfp::compare
