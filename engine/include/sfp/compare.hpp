#pragma once
// compare's outcome, its digest text and description, and its shape as `cmp -l`.
#include <cstdint>
#include <string>
#include <vector>

#include "sfp/outcome.hpp"

namespace sfp {

struct Mismatch {
    std::uint64_t offset;  // 0-based byte offset
    std::uint8_t a, b;     // the bytes of the first and second file
    bool operator==(const Mismatch&) const = default;
};

struct CompareOutcome {
    std::vector<Mismatch> mismatches;  // the first N, in file order
    std::uint64_t size_a = 0, size_b = 0;
    bool identical() const noexcept { return mismatches.empty() && size_a == size_b; }
    bool operator==(const CompareOutcome&) const = default;
};
std::string canonical(const CompareOutcome& outcome);
Description describe(const CompareOutcome& outcome);

inline constexpr std::uint64_t kDefaultMaxMismatches = 8;

// Exactly what `cmp -l A B | head -N` prints for these mismatches.
std::string format_cmp_lines(const CompareOutcome& outcome);
// cmp's length note ("EOF on B after byte 10"), or "" when the sizes are equal.
std::string format_length_note(const CompareOutcome& outcome, const std::string& name_a, const std::string& name_b);

}  // namespace sfp
