// Validation and matrix expansion. A parameter a strategy does not use does not multiply its
// cells: it is 0 in the cell (shown as "-").
#include "runner/plan.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/parameter.hpp"
#include "sfp/workspace.hpp"

namespace sfp::runner {
namespace {

template <class T>
std::vector<T> unique_in_order(const std::vector<T>& values) {
    std::vector<T> out;
    for (const T& v : values)
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    return out;
}

std::vector<const Strategy*> chosen_strategies(const Experiment& e, std::span<const Strategy> catalogue) {
    std::vector<const Strategy*> of_algorithm;
    for (const Strategy& s : catalogue)
        if (s.algorithm == e.algorithm) of_algorithm.push_back(&s);
    if (of_algorithm.empty()) fail("algorithm: unknown algorithm '" + e.algorithm + "'");
    if (e.strategies.empty()) {  // none named = all of them that take these options (xxhsum: scope full)
        std::erase_if(of_algorithm, [&](const Strategy* s) { return !takes_options(*s, e.options).supported; });
        return of_algorithm;
    }
    std::vector<const Strategy*> out;
    for (const std::string& name : unique_in_order(e.strategies)) {
        const auto it = std::find_if(of_algorithm.begin(), of_algorithm.end(),
                                     [&](const Strategy* s) { return s->name == name; });
        if (it == of_algorithm.end())
            fail("strategies: unknown " + e.algorithm + " strategy '" + name + "' (see `sfpbench strategies " +
                 e.algorithm + "`)");
        out.push_back(*it);
    }
    return out;
}

void check_repetitions(const Experiment& e) {
    if (e.repetitions == 0) fail("repetitions: must be at least 1");
}

std::string sweepable_names(std::span<const Parameter> table) {
    std::string out;
    for (const Parameter& p : table)
        if (p.sweepable) out += (out.empty() ? "" : ", ") + std::string(p.name);
    return out;
}

// The experiment field holding those values, which messages name.
std::string field_of(const Parameter& p) {
    if (p.used_by == uses_block) return "block_sizes";
    return std::string(p.name);
}

using Dimension = std::pair<const Parameter*, std::vector<std::int64_t>>;

// Each sweepable parameter of the algorithm with its values (given, else its default), in
// table order. Unknown swept names and values out of range are refused.
std::vector<Dimension> resolve_dimensions(const Experiment& e, std::span<const Parameter> table) {
    for (const auto& [name, values] : e.sweeps) {
        const Parameter* p = find_parameter(e.algorithm, name);
        if (!p || !p->sweepable || p->used_by != uses_nothing)
            fail(name + ": " + e.algorithm + " has no swept option '" + name + "' (it has: " + sweepable_names(table) + ")");
    }
    std::vector<Dimension> out;
    for (const Parameter& p : table) {
        if (!p.sweepable) continue;
        std::vector<std::int64_t> values = unique_in_order(parameter_values(e, p));
        if (values.empty()) values = {p.fallback};
        for (std::int64_t& v : values) {
            if (const std::string error = limit_error(p, v); !error.empty()) fail(field_of(p) + ": " + error);
            if (p.used_by == uses_threads && v == 0) v = online_cpus();
        }
        out.emplace_back(&p, unique_in_order(values));
    }
    return out;
}

// Every combination of the dimensions `s` uses, in table order (one cell when it uses none).
// A parameter it does not use stays 0 (block size, threads) or absent (swept): shown as "-".
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
    const unsigned needed = plan.io->inputs;
    const InputKind& own = input_kind(plan.io->data_kind);
    plan.kind = &own;
    if (!e.inputs.empty() && !e.sizes.empty())
        fail("inputs: give either input files or sizes to generate, not both");
    if (!e.inputs.empty()) {
        if (!e.data_kind.empty()) fail("data_kind: only for generated data, but input files are given");
        if (plan.io->several_inputs ? e.inputs.size() < needed : e.inputs.size() != needed)
            fail("inputs: " + e.algorithm + " needs " + (plan.io->several_inputs ? "at least " : "") +
                 std::to_string(needed) + " input file(s), got " + std::to_string(e.inputs.size()));
        return;
    }
    if (e.sizes.empty()) fail("inputs: no input files and no sizes to generate");
    plan.kind = &input_kind(e.data_kind.empty() ? own.name : std::string_view(e.data_kind));
    plan.data_kind = plan.kind->name;
    if (plan.kind->paths() != needed)
        fail("data_kind: " + e.algorithm + " needs " + std::to_string(needed) + " input file(s) per run, but '" +
             plan.data_kind + "' makes " + std::to_string(plan.kind->paths()));
    if (plan.kind->directory != own.directory)
        fail("data_kind: " + e.algorithm + " reads " + (own.directory ? "a directory" : "files") + ", but '" +
             plan.data_kind + "' makes " + (plan.kind->directory ? "a directory" : "files"));
    plan.sizes = unique_in_order(e.sizes);
}

}  // namespace

RunSpec spec_of_cell(const Experiment& e, const Cell& cell) {
    RunSpec spec;
    spec.algorithm = e.algorithm;
    spec.strategy = cell.strategy;
    spec.block_size = cell.block_size ? cell.block_size : kDefaultBlockSize;
    spec.threads = cell.threads;
    spec.options = e.options;
    for (const Parameter* p : cell_parameters())  // as text the table parses back ("letters")
        if (const auto v = parameter_value(cell, *p); v && !has_own_field(*p)) spec.options[std::string(p->name)] = value_text(*p, *v);
    return spec;
}

Plan make_plan(const Experiment& e, std::span<const Strategy> catalogue) {
    Plan plan;
    const std::vector<const Strategy*> chosen = chosen_strategies(e, catalogue);
    plan.io = algorithm_io(e.algorithm);
    if (!plan.io) fail("algorithm: '" + e.algorithm + "' has no entry in the runner's input table");
    check_repetitions(e);
    resolve_inputs(e, plan);
    plan.workdir = e.workdir.empty() ? default_workdir() : e.workdir;

    const std::vector<Dimension> dimensions = resolve_dimensions(e, plan.io->parameters);
    std::vector<std::uint64_t> set_sizes = plan.sizes;
    if (!e.inputs.empty()) set_sizes = {plan.kind->size_of(e.inputs)};

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

}  // namespace sfp::runner

namespace sfp {

unsigned files_of_kind(std::string_view kind) noexcept {
    const InputKind* k = find_input_kind(kind);
    return k ? unsigned(k->paths()) : 0;
}

std::vector<Cell> expand(const Experiment& experiment) { return expand(experiment, strategies()); }

std::vector<Cell> expand(const Experiment& experiment, std::span<const Strategy> catalogue) {
    return runner::make_plan(experiment, catalogue).cells;
}

}  // namespace sfp
