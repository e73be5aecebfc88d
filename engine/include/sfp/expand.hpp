#pragma once
// An experiment's matrix without running anything. Qt-free.
#include <span>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/experiment.hpp"
#include "sfp/strategy.hpp"

namespace sfp {

// The matrix, in cell order (strategy-major, then input set, block size, threads), without
// running anything. Throws sfp::Failure with check_experiment's problems, one line each. Empty
// strategies = every strategy of the algorithm; threads 0 = online CPUs (resolved here, and
// merged with the same count given as a number: "0,4" on a 4-CPU machine is one cell).
std::vector<Cell> expand(const Experiment& experiment);
std::vector<Cell> expand(const Experiment& experiment, std::span<const Strategy> catalogue);

}  // namespace sfp
