#pragma once
// Statistics of a report's runs: per cell, rankings per input set, size fits per strategy.
#include <set>

#include "sfp/experiment.hpp"

namespace sfp::runner {

// Fills report.stats, report.rankings and report.fits from report.runs. Only runs with
// status "ok" are timed; MISMATCH, error, unsupported and cancelled runs count as failed.
void compute_statistics(ExperimentReport& report);

// The same after runs of only `changed_cells` changed (a new run, statuses re-decided by the
// agreement check): those cells are summarized again, the others kept, then rankings and fits
// redone. Keeps the per-run update of a large matrix from re-summarizing every cell.
void update_statistics(ExperimentReport& report, const std::set<std::size_t>& changed_cells);

}  // namespace sfp::runner
