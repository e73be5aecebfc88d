#pragma once
// What compare/adaptive looks at before it reads: whether the inputs fit in the available memory
// (else read() with a large block), and the share of their cached pages in large folios
// (algorithms/folio_choice.hpp): mostly large, mmap-mt at once.
#include <cstdint>

namespace sfp::compare {

// Test seam: replaces the available memory in bytes (MemAvailable; 0 unknown). nullptr, the
// default, reads /proc/meminfo.
using AvailableMemorySeam = std::uint64_t (*)();
void set_available_memory_seam(AvailableMemorySeam seam) noexcept;

}  // namespace sfp::compare
