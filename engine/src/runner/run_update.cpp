#include "sfp/run_update.hpp"

#include <stdexcept>

#include "runner/report_stats.hpp"

namespace sfp {
namespace {

// Both overloads: `Update` is const (copies) or not (moves) the record and the input sets.
template <typename Update>
void apply_update(ExperimentReport& report, Update& update) {
    if (update.index != report.runs.size())
        throw std::logic_error("run update " + std::to_string(update.index) + " arrived after " +
                               std::to_string(report.runs.size()) + " runs: updates must be applied once, in order");
    if (!update.input_sets.empty()) report.input_sets = std::move(update.input_sets);
    if (update.limits) report.limits = std::move(*update.limits);
    report.runs.push_back(std::move(update.record));
    for (const StatusChange& change : update.statuses) report.runs.at(change.run).status = change.status;
    for (const CellStats& st : update.stats) report.stats.at(st.cell) = st;
    runner::set_ranking(report.rankings, update.input_set, update.ranking);
}

}  // namespace

void apply(ExperimentReport& report, const RunUpdate& update) { apply_update(report, update); }
void apply(ExperimentReport& report, RunUpdate&& update) { apply_update(report, update); }

}  // namespace sfp
