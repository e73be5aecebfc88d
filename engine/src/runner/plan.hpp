#pragma once
// The planner's insides (sfp/plan.hpp is its face): resolving a valid spec, and the checks of
// files and workspace preflight makes over a plan.
#include <span>
#include <string>
#include <vector>

#include "sfp/input_kind.hpp"
#include "sfp/plan.hpp"

namespace sfp::runner {

using Plan = sfp::Plan;

// What a cell's runs get, but their files (inputs and output are the runner's to fill in).
RunSpec spec_of_cell(const Plan& plan, const Cell& cell);

// The plan of an experiment check_experiment found valid; throws sfp::Failure when the given
// inputs cannot be sized (listed). A given tree `unlisted` is not: its cells' file_size is 0.
Plan resolve(const Experiment& experiment, std::span<const Strategy> catalogue, TreeSizes trees = TreeSizes::listed);

// Judges, then resolves; throws sfp::Failure naming the field for an invalid experiment (what
// the legacy expand and run_experiment of an Experiment do).
Plan make_plan(const Experiment& experiment, std::span<const Strategy> catalogue);

// What only the files and the workspace tell (preflight.cpp), appended to `problems`: options a
// strategy refuses per planned cell (when there is a plan), inputs, workspace, cold cache.
void check_files(const Experiment& experiment, const Plan* plan, std::vector<Problem>& problems);

// For plan_counts(): check_experiment calls it once per judgement.
void count_validation() noexcept;

}  // namespace sfp::runner
