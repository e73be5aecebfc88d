#pragma once
// An experiment checked and resolved: the strategies, the cells and what each input set is.
#include <span>
#include <string>
#include <vector>

#include "sfp/experiment.hpp"
#include "sfp/input_kind.hpp"

namespace sfp::runner {

struct Plan {
    const AlgorithmIo* io = nullptr;
    const InputKind* kind = nullptr;          // of the input sets: generated, else the algorithm's own
    std::string data_kind;                    // resolved ("" when inputs are given)
    std::string workdir;                      // resolved (default_workdir() when empty)
    std::vector<std::uint64_t> sizes;         // one per input set, when generating
    std::vector<Cell> cells;
    std::vector<const Strategy*> strategy_of; // parallel to cells
};

// Throws sfp::Failure naming the field for an invalid experiment.
Plan make_plan(const Experiment& experiment, std::span<const Strategy> catalogue);

}  // namespace sfp::runner
