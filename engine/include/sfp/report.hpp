#pragma once
// What an experiment measured: its cells, runs, statistics and the limits they are judged against. Qt-free.
#include <string>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/experiment.hpp"
#include "sfp/limits.hpp"
#include "sfp/machine_info.hpp"
#include "sfp/run_record.hpp"
#include "sfp/stats.hpp"

namespace sfp {

struct ExperimentReport {
    Experiment experiment;
    MachineInfo machine;
    std::string cache_method;          // how cold/hot was achieved, e.g. "posix_fadvise(DONTNEED)"
    std::string measured_at;           // when the runs began, ISO 8601 UTC ("2026-11-22T18:05:57Z"); "" = unknown
    std::vector<InputSet> input_sets;  // Cell::input_set indexes this
    std::vector<Cell> cells;
    std::vector<RunRecord> runs;    // in the order they ran (completed runs only)
    std::vector<CellStats> stats;   // one per cell
    std::vector<Ranking> rankings;  // one per input set: fastest, then "N.NNx slower"
    std::vector<SizeFit> fits;      // per strategy and parameter values when the experiment sweeps file sizes
    MachineLimits limits;           // what its cells are judged against (sfp/limits.hpp): cell_limit
    // Experiment::limits_in_rounds: the limits measured at the start of each round (repetition r at r-1)
    std::vector<MachineLimits> round_limits;
    bool cancelled = false;
    // How comparisons are judged, not measured: a ratio interval within 1 +- noise is "~"
    // (sfp::verdict). The front end sets it (--noise, the window's setting); reports record it.
    double noise = kDefaultNoise;
};

}  // namespace sfp
