#pragma once
// Which runs belong to each cell and each input set, kept as runs come in, so what one run
// changes (agreement, statistics, ranking) is redone over its cell and its input set only:
// the runner's cost per run grows with the cell and the set, not with the whole report.
#include <vector>

#include "sfp/report.hpp"

namespace sfp::runner {

struct RunIndex {
    std::vector<std::vector<std::size_t>> runs_of_cell;  // indices into report.runs, in run order
    std::vector<std::vector<std::size_t>> runs_of_set;
    std::vector<std::vector<std::size_t>> cells_of_set;  // indices into report.cells

    explicit RunIndex(const ExperimentReport& report);          // the cells and every run so far
    void add(const ExperimentReport& report, std::size_t run);  // report.runs[run], just appended
};

}  // namespace sfp::runner
