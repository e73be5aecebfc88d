#pragma once
// What the Timeline sets a compare run's threads against (issue 44 §3): where the mismatches are,
// each with when the block holding it was scanned, so the plot only draws them on its offset axis.
#include <cstdint>
#include <optional>
#include <vector>

#include "sfp/types.hpp"

namespace core {

struct MismatchMark {
    std::uint64_t offset = 0;
    std::optional<double> found_s;  // the end of the scan event whose block holds it; none recorded
};

// A compare run's mismatches from its outcome (a run of this session, or a report read back), in
// file order; nullopt for a run of another algorithm.
std::optional<std::vector<MismatchMark>> mismatch_marks(const sfp::RunResult& result);

}  // namespace core
