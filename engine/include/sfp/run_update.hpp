#pragma once
// What one finished run changed in an experiment's report, handed to the observer once (moved):
// the record, the refreshed statistics of the cells it touched, the earlier runs whose status
// the agreement check re-decided and the ranking of its input set. Applying every update, in
// order, to the report as it starts (cells, one empty CellStats per cell) gives the runner's
// runs, statuses, statistics and rankings; the final report stays authoritative (it adds fits).
#include <optional>
#include <string>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

namespace sfp {

struct StatusChange {
    std::size_t run = 0;               // index into ExperimentReport::runs
    RunStatus status = RunStatus::ok;  // its new status (ok or mismatch)
};

struct RunUpdate {
    std::size_t index = 0;  // the record's position in ExperimentReport::runs
    RunRecord record;
    std::vector<CellStats> stats;         // the record's cell first, then cells whose runs changed status
    std::vector<StatusChange> statuses;   // earlier runs re-decided by the agreement check
    std::size_t input_set = 0;            // of the record's cell
    std::optional<Ranking> ranking;       // of that input set now (none: no cell of it has a timed run)
    std::vector<InputSet> input_sets;     // the first update only: the prepared input sets (their paths)
    std::optional<MachineLimits> limits;  // the first update only: what the cells are judged against
};

// Brings `report` (cells known, stats one per cell) up to date with one update: appends the
// record, applies the status changes, replaces the touched cells' statistics and the set's
// ranking. Cost: the update's size, not the report's.
void apply(ExperimentReport& report, const RunUpdate& update);
// The same, moving the record (and the input sets) into the report instead of copying them, so a
// run is held once; the update's statistics, status changes and ranking are left as they were.
void apply(ExperimentReport& report, RunUpdate&& update);

}  // namespace sfp
