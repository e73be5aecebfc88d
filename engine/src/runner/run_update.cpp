#include "sfp/run_update.hpp"

#include <stdexcept>

#include "runner/report_stats.hpp"

namespace sfp {

void apply(ExperimentReport& report, const RunUpdate& update) {
    if (update.index != report.runs.size())
        throw std::logic_error("run update " + std::to_string(update.index) + " arrived after " +
                               std::to_string(report.runs.size()) + " runs: updates must be applied once, in order");
    if (!update.input_sets.empty()) report.input_sets = update.input_sets;
    report.runs.push_back(update.record);
    for (const StatusChange& change : update.statuses) report.runs.at(change.run).status = change.status;
    for (const CellStats& st : update.stats) report.stats.at(st.cell) = st;
    runner::set_ranking(report.rankings, update.input_set, update.ranking);
}

}  // namespace sfp
