#include "sfp/run_update.hpp"

#include <algorithm>
#include <stdexcept>

namespace sfp {

void apply(ExperimentReport& report, const RunUpdate& update) {
    if (update.index != report.runs.size())
        throw std::logic_error("run update " + std::to_string(update.index) + " arrived after " +
                               std::to_string(report.runs.size()) + " runs: updates must be applied once, in order");
    if (!update.input_sets.empty()) report.input_sets = update.input_sets;
    report.runs.push_back(update.record);
    for (const StatusChange& change : update.statuses) report.runs.at(change.run).status = change.status;
    for (const CellStats& st : update.stats) report.stats.at(st.cell) = st;
    // Rankings stay in input-set order, as the runner makes them.
    auto& rankings = report.rankings;
    const auto at = std::lower_bound(rankings.begin(), rankings.end(), update.input_set,
                                     [](const Ranking& r, std::size_t set) { return r.input_set < set; });
    const bool present = at != rankings.end() && at->input_set == update.input_set;
    if (update.ranking && present) *at = *update.ranking;
    else if (update.ranking) rankings.insert(at, *update.ranking);
    else if (present) rankings.erase(at);
}

}  // namespace sfp
