// Matrix expansion of a spec check_experiment finds valid. A parameter a strategy does not use
// does not multiply its cells: it is absent from the cell (shown as "-").
#include "runner/plan.hpp"

#include <algorithm>
#include <cstdlib>
#include <atomic>
#include <map>

#include "sfp/check_experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/parameter.hpp"
#include "sfp/workspace.hpp"

namespace sfp::runner {
namespace {

std::atomic<std::size_t> validations{0}, plans{0};

template <class T>
std::vector<T> unique_in_order(const std::vector<T>& values) {
    std::vector<T> out;
    for (const T& v : values)
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    return out;
}

// The strategies named (check_experiment knows them), in that order; none named = all of the
// algorithm's that take these options (xxhsum: scope full).
std::vector<const Strategy*> chosen_strategies(const Experiment& e, const OptionValues& options,
                                               std::span<const Strategy> catalogue) {
    std::vector<const Strategy*> out;
    if (e.strategies.empty()) {
        for (const Strategy& s : catalogue)
            if (s.algorithm == e.algorithm && takes_options(s, options).supported) out.push_back(&s);
        return out;
    }
    for (const std::string& name : e.strategies)
        for (const Strategy& s : catalogue)
            if (s.algorithm == e.algorithm && s.name == name) out.push_back(&s);
    return out;
}

using Dimension = std::pair<const Parameter*, std::vector<std::int64_t>>;

// Each sweepable parameter of the algorithm with its values (given, else its default), in
// table order. Threads 0 becomes the online CPUs, merged with the same count given as a number.
std::vector<Dimension> resolve_dimensions(const Experiment& e, std::span<const Parameter> table) {
    std::vector<Dimension> out;
    for (const Parameter& p : table) {
        if (!p.sweepable) continue;
        const std::vector<std::uint64_t> given = swept_values(e, p);
        std::vector<std::int64_t> values(given.begin(), given.end());
        for (std::int64_t& v : values)
            if (p.name == kThreadsParameter.name) v = resolved_threads(std::uint64_t(v));
        out.emplace_back(&p, unique_in_order(values));
    }
    return out;
}

// Every combination of the dimensions `s` uses, in table order (one cell when it uses none).
// A parameter it does not use stays absent: shown as "-".
std::vector<Cell> combinations(const Strategy& s, const std::vector<Dimension>& dimensions, Cell base) {
    std::vector<Cell> cells = {std::move(base)};
    for (const auto& [p, values] : dimensions) {
        if (!uses(s, *p)) continue;
        std::vector<Cell> next;
        for (const Cell& c : cells)
            for (std::int64_t v : values) {
                next.push_back(c);
                set_parameter_value(next.back(), *p, v);
            }
        cells = std::move(next);
    }
    return cells;
}

// The inputs: given paths (one input set, of the algorithm's own kind) or generated data (one
// input set per size, of any kind shaped like the algorithm's: as many paths, files or a directory).
void resolve_inputs(const Experiment& e, Plan& plan) {
    plan.kind = &input_kind(plan.io->data_kind);
    if (!e.inputs.empty()) return;
    plan.kind = &input_kind(e.data_kind.empty() ? plan.kind->name : std::string_view(e.data_kind));
    plan.data_kind = plan.kind->name;
    plan.sizes = e.sizes;
}

}  // namespace

RunSpec spec_of_cell(const Plan& plan, const Cell& cell) {
    RunSpec spec;
    spec.algorithm = plan.experiment.algorithm;
    spec.strategy = cell.strategy;
    spec.options = plan.options;
    for (const Command& c : plan.experiment.commands)
        if (c.name == cell.strategy) spec.command = c;
    // Block size and threads are run fields; the other swept values options.
    spec.block_size = cell.value(kBlockSizeParameter.name);
    if (spec.block_size == 0) spec.block_size = kDefaultBlockSize;
    spec.threads = unsigned(cell.value(kThreadsParameter.name));
    for (const Parameter* p : cell_parameters())
        if (const auto v = parameter_value(cell, *p); v && !is_run_field(*p)) spec.options.set_number(*p, *v);
    return spec;
}

Plan resolve(const Experiment& e, std::span<const Strategy> catalogue, TreeSizes trees) {
    plans.fetch_add(1, std::memory_order_relaxed);
    Plan plan;
    plan.experiment = e;
    plan.catalogue = std::make_shared<const CommandCatalogue>(e, catalogue);
    plan.io = algorithm_io(e.algorithm);
    plan.options = OptionValues::parsed(plan.io->parameters, e.options);
    const std::vector<const Strategy*> chosen = chosen_strategies(e, plan.options, plan.catalogue->strategies());
    resolve_inputs(e, plan);
    plan.workdir = e.workdir.empty() ? default_workdir() : e.workdir;

    const std::vector<Dimension> dimensions = resolve_dimensions(e, plan.io->parameters);
    std::vector<std::uint64_t> set_sizes = plan.sizes;
    if (!e.inputs.empty())
        set_sizes = {trees == TreeSizes::unlisted && plan.kind->directory ? 0 : plan.kind->size_of(e.inputs)};

    for (const Strategy* s : chosen)
        for (std::size_t set = 0; set < set_sizes.size(); ++set)
            for (Cell& cell : combinations(*s, dimensions,
                                           Cell{.strategy = std::string(s->name),
                                           .input_set = set,
                                           .file_size = set_sizes[set],
                                           .reference_floor = s->reference_floor})) {
                plan.cells.push_back(std::move(cell));
                plan.strategy_of.push_back(s);
            }
    return plan;
}

Plan make_plan(const Experiment& e, std::span<const Strategy> catalogue) {
    if (const std::vector<Problem> problems = check_experiment(e, catalogue); !problems.empty())
        fail(problems_text(problems));
    return resolve(e, catalogue);
}

void count_validation() noexcept { validations.fetch_add(1, std::memory_order_relaxed); }

}  // namespace sfp::runner

namespace sfp {

namespace {

// The spec's problems first; then, with the spec valid, the plan (inputs that cannot be sized
// leave none: check_files names them); then what the files and the workspace tell.
PlanOutcome plan_of(const Experiment& experiment, std::span<const Strategy> catalogue, TreeSizes trees) {
    PlanOutcome out;
    out.problems = check_experiment(experiment, catalogue);
    out.spec_problems = out.problems.size();
    if (!algorithm_io(experiment.algorithm)) return out;  // nothing more can be judged
    std::string unsized;
    if (out.problems.empty()) {
        try {
            out.plan = runner::resolve(experiment, catalogue, trees);
        } catch (const Failure& f) {
            unsized = f.what();
        }
    }
    runner::check_files(experiment, out.plan ? &*out.plan : nullptr, out.problems);
    if (!unsized.empty() && out.problems.empty()) out.problems.push_back({"inputs", unsized});
    return out;
}

}  // namespace

PlanOutcome plan(const Experiment& experiment) { return plan_of(experiment, strategies(), TreeSizes::listed); }

PlanOutcome plan(const Experiment& experiment, std::span<const Strategy> catalogue) {
    return plan_of(experiment, catalogue, TreeSizes::listed);
}

PlanOutcome plan(const Experiment& experiment, TreeSizes trees) { return plan_of(experiment, strategies(), trees); }

PlanCounts plan_counts() noexcept {
    return {runner::validations.load(std::memory_order_relaxed), runner::plans.load(std::memory_order_relaxed)};
}

std::vector<Cell> expand(const Plan& plan) { return plan.cells; }

unsigned files_of_kind(std::string_view kind) noexcept {
    const InputKind* k = find_input_kind(kind);
    return k ? unsigned(k->paths()) : 0;
}

std::vector<Cell> expand(const Experiment& experiment) { return expand(experiment, strategies()); }

std::vector<Cell> expand(const Experiment& experiment, std::span<const Strategy> catalogue) {
    return runner::make_plan(experiment, catalogue).cells;
}

}  // namespace sfp
