#include "runner/run_index.hpp"
#include "sfp/cell.hpp"
#include "sfp/report.hpp"

#include <algorithm>

namespace sfp::runner {

RunIndex::RunIndex(const ExperimentReport& report) : runs_of_cell(report.cells.size()) {
    std::size_t sets = report.input_sets.size();
    for (const Cell& c : report.cells) sets = std::max(sets, c.input_set + 1);
    runs_of_set.resize(sets);
    cells_of_set.resize(sets);
    for (std::size_t c = 0; c < report.cells.size(); ++c) cells_of_set[report.cells[c].input_set].push_back(c);
    for (std::size_t run = 0; run < report.runs.size(); ++run) add(report, run);
}

void RunIndex::add(const ExperimentReport& report, std::size_t run) {
    const std::size_t cell = report.runs.at(run).cell;
    runs_of_cell.at(cell).push_back(run);
    runs_of_set.at(report.cells.at(cell).input_set).push_back(run);
}

}  // namespace sfp::runner
