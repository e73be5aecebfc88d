#pragma once
// The scan both mmap strategies share: compare mapped blocks, surviving a truncated file.
#include "algorithms/compare/mismatch_table.hpp"
#include "algorithms/compare/pair.hpp"
#include "io/mapping.hpp"

namespace sfp::compare {

// Compares [offset, offset+length) of both mappings into the table. Throws sfp::Failure if an
// input was truncated underneath the mapping (SIGBUS).
void scan_mapped(const InputPair& pair, const Mapping& a, const Mapping& b, std::uint64_t offset, std::uint64_t length,
                 MismatchTable& table);

}  // namespace sfp::compare
