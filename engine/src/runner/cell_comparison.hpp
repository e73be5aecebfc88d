#pragma once
// Two cells of one report compared from their runs (sfp/comparison.hpp): the runner's way, from
// the runs it has indexed, so a ranking costs the set's runs and not the report's.
#include <vector>

#include "sfp/comparison.hpp"
#include "sfp/report.hpp"

namespace sfp::runner {

// Cell b's runs against cell a's (indices into report.runs; only ok runs count). The ratio is
// of the medians of all their successful runs; the test pairs runs of the same round when the
// experiment ran interleaved (Wilcoxon signed-rank over the rounds both ran in), else compares
// the two samples (Mann-Whitney U).
Comparison compare_runs(const ExperimentReport& report, const std::vector<std::size_t>& runs_a,
                        const std::vector<std::size_t>& runs_b);

}  // namespace sfp::runner
