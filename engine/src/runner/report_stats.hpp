#pragma once
// Statistics of a report's runs: per cell, rankings per input set, size fits per strategy.
#include <optional>
#include <set>

#include "runner/run_index.hpp"
#include "sfp/report.hpp"

namespace sfp::runner {

// Fills report.stats, report.rankings and report.fits from report.runs. Only runs with
// status ok are timed; mismatch, error, unsupported and cancelled runs count as failed.
void compute_statistics(ExperimentReport& report);

// The same after runs of only `changed_cells` changed (a new run, statuses re-decided by the
// agreement check): those cells are summarized again from their runs (`index`, up to date),
// and the rankings of their input sets redone; nothing else is looked at. Fits are left for
// the final compute_statistics (nobody reads them while the experiment runs).
void update_statistics(ExperimentReport& report, const RunIndex& index, const std::set<std::size_t>& changed_cells);

// Puts `ranking` in the place of input set `set`'s (rankings stay in input-set order), or
// removes that set's ranking when there is none.
void set_ranking(std::vector<Ranking>& rankings, std::size_t set, const std::optional<Ranking>& ranking);

}  // namespace sfp::runner
