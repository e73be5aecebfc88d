#pragma once
// compare's outcome in the shape of `cmp -l`, shared by the front ends.
#include <string>

#include "sfp/outcome.hpp"

namespace sfp {

inline constexpr std::uint64_t kDefaultMaxMismatches = 8;

// Exactly what `cmp -l A B | head -N` prints for these mismatches.
std::string format_cmp_lines(const CompareOutcome& outcome);
// cmp's length note ("EOF on B after byte 10"), or "" when the sizes are equal.
std::string format_length_note(const CompareOutcome& outcome, const std::string& name_a,
                               const std::string& name_b);

}  // namespace sfp
