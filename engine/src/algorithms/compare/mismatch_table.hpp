#pragma once
// compMP's shared state for compare: the earliest N mismatches, by offset.
#include "algorithms/earliest_table.hpp"
#include "sfp/compare.hpp"

namespace sfp {

inline std::uint64_t table_position(const Mismatch& m) noexcept { return m.offset; }

namespace compare {
using MismatchTable = EarliestTable<Mismatch>;
}  // namespace compare

}  // namespace sfp
