#pragma once
// The one way from an experiment to its runs: sfp::plan judges the experiment once (the spec's
// own problems, then what only the files and the workspace can tell) and resolves it once (the
// strategies, the cells with "threads 0" as the online CPUs, the inputs' sizes). The front ends
// call it once per Run and hand the plan to run_experiment, expand and the estimate, which
// judge nothing again. Qt-free.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sfp/algorithm_io.hpp"
#include "sfp/cell.hpp"
#include "sfp/command_catalogue.hpp"
#include "sfp/expand.hpp"
#include "sfp/experiment.hpp"
#include "sfp/preflight.hpp"
#include "sfp/report.hpp"
#include "sfp/run_experiment.hpp"

namespace sfp {

struct InputKind;  // sfp/input_kind.hpp

// An experiment checked and resolved.
struct Plan {
    Experiment experiment;  // as checked
    const AlgorithmIo* io = nullptr;
    const InputKind* kind = nullptr;           // of the input sets: generated, else the algorithm's own
    std::string data_kind;                     // resolved ("" when inputs are given)
    OptionValues options;                      // the experiment's options, parsed
    std::string workdir;                       // resolved (default_workdir() when empty)
    std::vector<std::uint64_t> sizes;          // one per input set, when generating
    std::vector<Cell> cells;                   // sfp::expand's order
    std::vector<const Strategy*> strategy_of;  // parallel to cells
    // The catalogue with the experiment's commands, which strategy_of may point into.
    std::shared_ptr<const CommandCatalogue> catalogue;
};

// Every problem of the experiment, in the order and words preflight gives them, and the plan
// when the spec itself is valid (a plan may come with problems of the files or workspace, which
// fail their runs: a front end refuses to run it, the legacy run_experiment runs it).
struct PlanOutcome {
    std::vector<Problem> problems;
    std::size_t spec_problems = 0;  // how many of `problems`, first, are the spec's own (check_experiment)
    std::optional<Plan> plan;
    bool ready() const noexcept { return plan && problems.empty(); }
};
PlanOutcome plan(const Experiment& experiment);
PlanOutcome plan(const Experiment& experiment, std::span<const Strategy> catalogue);

// Whether plan lists a given tree to size its cells (file_size: the bytes of all its files).
// Listing a large tree takes seconds: the window's form, judged on the GUI thread at every
// change, leaves it unlisted (file_size 0; every problem is still found, the root is checked);
// a Run plans again, listed, in the controller's job.
enum class TreeSizes : bool { listed, unlisted };
PlanOutcome plan(const Experiment& experiment, TreeSizes trees);

// The plan's cells (what expand(experiment) gives, without judging or listing anything again).
std::vector<Cell> expand(const Plan& plan);

// Runs a plan (sfp::run_experiment of its experiment, without judging or resolving it again).
ExperimentReport run_experiment(const Plan& plan, Progress& progress, ExperimentObserver* observer = nullptr,
                                const LimitsPolicy& limits = {});

// How often, in this process, an experiment was judged (check_experiment) and resolved into
// cells: the seam the tests use to see that a value from a front end is judged and planned once.
struct PlanCounts {
    std::size_t validations = 0, plans = 0;
};
PlanCounts plan_counts() noexcept;

}  // namespace sfp
