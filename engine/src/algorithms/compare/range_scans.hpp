#pragma once
// mmap-mt's and pread-mt's scans over one range of the inputs, so that adaptive can time each
// on a slice of its own and let the faster one finish the rest without redoing any work.
#include <cstdint>

#include "algorithms/compare/mismatch_table.hpp"
#include "algorithms/compare/pair.hpp"
#include "io/mapping.hpp"

namespace sfp::compare {

struct Range {
    std::uint64_t begin = 0, end = 0;  // [begin, end) of the common part
    std::uint64_t block = 0;           // stripe unit, counted from `begin`
    unsigned threads = 1;
};

// Both compare the range with r.threads threads over round-robin stripes into the shared
// table, stopping early once the table cannot take later offsets.
void scan_mapped_range(const InputPair& pair, const Mapping& a, const Mapping& b, Range r, MismatchTable& table,
                       RunContext& ctx);  // mmap_mt.cpp
void scan_pread_range(InputPair& pair, Range r, MismatchTable& table, RunContext& ctx);  // pread_mt.cpp

}  // namespace sfp::compare
