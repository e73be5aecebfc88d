#pragma once
// The compare kernel shared by every strategy: find differing bytes in two buffers.
#include <cstddef>
#include <cstdint>

#include "algorithms/compare/mismatch_table.hpp"

namespace sfp::compare {

// Index of the first differing byte in a[0..n) and b[0..n), or n when they are equal.
// Asks memcmp whether the whole region is equal; when not, finds the first unequal 4 KiB piece
// (first_unequal_piece) and locates the byte in it a machine word at a time.
std::size_t first_difference(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept;

// Where the first 4 KiB piece of a[0..n) and b[0..n) that holds a difference starts (a multiple
// of 4 KiB), or n when they are equal: with AVX2 when `vector` (which needs
// vector_compare_supported()), else with memcmp. Apart from first_difference so that a test
// checks both paths on a machine that has AVX2.
std::size_t first_unequal_piece(const std::uint8_t* a, const std::uint8_t* b, std::size_t n, bool vector) noexcept;
bool vector_compare_supported() noexcept;  // AVX2 on this CPU

// Adds every mismatch in the region (at file offset `base`) to the table, stopping early once
// the table cannot take any later offset.
void scan_region(const std::uint8_t* a, const std::uint8_t* b, std::size_t n, std::uint64_t base, MismatchTable& table);

}  // namespace sfp::compare
