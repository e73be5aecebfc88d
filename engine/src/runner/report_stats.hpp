#pragma once
// Statistics of a report's runs: per cell, rankings per input set, size fits per strategy.
#include "sfp/experiment.hpp"

namespace sfp::runner {

// Fills report.stats, report.rankings and report.fits from report.runs. Only runs with
// status "ok" are timed; MISMATCH, error, unsupported and cancelled runs count as failed.
void compute_statistics(ExperimentReport& report);

}  // namespace sfp::runner
