// Validation and matrix expansion. A parameter a strategy does not use does not multiply its
// cells: it is 0 in the cell (shown as "-").
#include "runner/plan.hpp"

#include "algorithms/iterate/listing.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "sfp/failure.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/swept_option.hpp"
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
    if (e.strategies.empty()) return of_algorithm;  // none named = all of them
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

void check_parameters(const Experiment& e) {
    for (std::uint64_t b : e.block_sizes)
        if (b == 0 || b > kMaxBlockSize)
            fail("block_sizes: block size " + std::to_string(b) + " is out of range (1 B to 1 GiB)");
    for (unsigned t : e.threads)
        if (t > kMaxThreads)
            fail("threads: thread count " + std::to_string(t) + " is out of range (0 = all CPUs, up to " +
                 std::to_string(kMaxThreads) + ")");
    if (e.repetitions == 0) fail("repetitions: must be at least 1");
}

using SweptValues = std::map<std::string, std::uint64_t>;

// The values of each swept option of the algorithm: the experiment's list, else its option,
// else the declared fallback. Unknown names and values out of range are refused.
std::map<std::string, std::vector<std::uint64_t>> resolve_sweeps(const Experiment& e) {
    const std::vector<const SweptOption*> declared = swept_options_of(e.algorithm);
    for (const auto& [name, values] : e.sweeps)
        if (std::none_of(declared.begin(), declared.end(), [&](const SweptOption* o) { return o->name == name; })) {
            std::string known;
            for (const SweptOption* o : declared) known += (known.empty() ? "" : ", ") + std::string(o->name);
            fail(name + ": " + e.algorithm + " has no swept option '" + name + "'" +
                 (known.empty() ? std::string(" (it has none)") : " (it has: " + known + ")"));
        }
    std::map<std::string, std::vector<std::uint64_t>> out;
    for (const SweptOption* o : declared) {
        const std::string name(o->name);
        std::vector<std::uint64_t> values = {o->fallback};
        if (const auto it = e.sweeps.find(name); it != e.sweeps.end() && !it->second.empty())
            values = unique_in_order(it->second);
        else if (const auto opt = e.options.find(name); opt != e.options.end())
            values = {std::uint64_t(std::strtoull(opt->second.c_str(), nullptr, 10))};  // the run checks its text
        for (std::uint64_t v : values)
            if (v < o->min || v > o->max)
                fail(name + ": " + std::to_string(v) + " is out of range (" + std::to_string(o->min) + " to " +
                     std::to_string(o->max) + ")");
        out[name] = values;
    }
    return out;
}

// Every combination of the swept options `s` uses (one empty combination when it uses none).
std::vector<SweptValues> swept_combinations(const Strategy& s,
                                            const std::map<std::string, std::vector<std::uint64_t>>& sweeps) {
    std::vector<SweptValues> combos = {{}};
    for (const auto& [name, values] : sweeps) {
        if (!uses_swept(s, name)) continue;
        std::vector<SweptValues> next;
        for (const SweptValues& c : combos)
            for (std::uint64_t v : values) {
                next.push_back(c);
                next.back()[name] = v;
            }
        combos = std::move(next);
    }
    return combos;
}

// The inputs: given paths (one input set) or generated data (one input set per size).
void resolve_inputs(const Experiment& e, Plan& plan) {
    const unsigned needed = plan.io->inputs;
    if (!e.inputs.empty() && !e.sizes.empty())
        fail("inputs: give either input files or sizes to generate, not both");
    if (!e.inputs.empty()) {
        if (!e.data_kind.empty()) fail("data_kind: only for generated data, but input files are given");
        if (e.inputs.size() != needed)
            fail("inputs: " + e.algorithm + " needs " + std::to_string(needed) + " input file(s), got " +
                 std::to_string(e.inputs.size()));
        return;
    }
    if (e.sizes.empty()) fail("inputs: no input files and no sizes to generate");
    plan.data_kind = e.data_kind.empty() ? std::string(plan.io->data_kind) : e.data_kind;
    const unsigned files = files_of_kind(plan.data_kind);
    if (files == 0) fail("data_kind: unknown kind '" + plan.data_kind + "' (random, pair, text or tree)");
    if (files != needed)
        fail("data_kind: " + e.algorithm + " needs " + std::to_string(needed) + " input file(s) per run, but '" +
             plan.data_kind + "' makes " + std::to_string(files));
    plan.sizes = unique_in_order(e.sizes);
}

std::uint64_t size_of(const std::string& path) {
    std::uint64_t bytes = 0;
    for (const std::string& file : iterate::files_under({path})) {  // a directory: its tree
        struct stat st {};
        if (::stat(file.c_str(), &st) == 0) bytes += std::uint64_t(st.st_size);  // a missing file fails its runs
    }
    return bytes;
}

}  // namespace

Plan make_plan(const Experiment& e, std::span<const Strategy> catalogue) {
    Plan plan;
    const std::vector<const Strategy*> chosen = chosen_strategies(e, catalogue);
    plan.io = algorithm_io(e.algorithm);
    if (!plan.io) fail("algorithm: '" + e.algorithm + "' has no entry in the runner's input table");
    check_parameters(e);
    resolve_inputs(e, plan);
    plan.workdir = e.workdir.empty() ? default_workdir() : e.workdir;

    const std::vector<std::uint64_t> blocks =
        e.block_sizes.empty() ? std::vector<std::uint64_t>{kDefaultBlockSize} : unique_in_order(e.block_sizes);
    std::vector<unsigned> threads;
    for (unsigned t : e.threads) threads.push_back(t == 0 ? online_cpus() : t);
    threads = threads.empty() ? std::vector<unsigned>{online_cpus()} : unique_in_order(threads);

    const auto sweeps = resolve_sweeps(e);
    std::vector<std::uint64_t> set_sizes = plan.sizes;
    if (!e.inputs.empty()) set_sizes = {size_of(e.inputs.front())};

    for (const Strategy* s : chosen) {
        const auto used_blocks = (s->uses & uses_block) ? blocks : std::vector<std::uint64_t>{0};
        const auto used_threads = (s->uses & uses_threads) ? threads : std::vector<unsigned>{0};
        const std::vector<SweptValues> combos = swept_combinations(*s, sweeps);
        for (std::size_t set = 0; set < set_sizes.size(); ++set)
            for (std::uint64_t b : used_blocks)
                for (unsigned t : used_threads)
                    for (const SweptValues& swept : combos) {
                        plan.cells.push_back(Cell{.strategy = std::string(s->name),
                                                  .block_size = b,
                                                  .threads = t,
                                                  .input_set = set,
                                                  .file_size = set_sizes[set],
                                                  .reference_floor = s->reference_floor,
                                                  .swept = swept});
                        plan.strategy_of.push_back(s);
                    }
    }
    return plan;
}

}  // namespace sfp::runner

namespace sfp {

unsigned files_of_kind(std::string_view kind) noexcept {
    if (kind == "pair") return 2;
    if (kind == "random" || kind == "text" || kind == "tree") return 1;
    return 0;
}

std::vector<Cell> expand(const Experiment& experiment) { return expand(experiment, strategies()); }

std::vector<Cell> expand(const Experiment& experiment, std::span<const Strategy> catalogue) {
    return runner::make_plan(experiment, catalogue).cells;
}

}  // namespace sfp
