// Validation and matrix expansion. A parameter a strategy does not use does not multiply its
// cells: it is 0 in the cell (shown as "-").
#include "runner/plan.hpp"

#include "algorithms/iterate/listing.hpp"

#include <sys/stat.h>

#include <algorithm>

#include "sfp/failure.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
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

    std::vector<std::uint64_t> set_sizes = plan.sizes;
    if (!e.inputs.empty()) set_sizes = {size_of(e.inputs.front())};

    for (const Strategy* s : chosen) {
        const auto used_blocks = (s->uses & uses_block) ? blocks : std::vector<std::uint64_t>{0};
        const auto used_threads = (s->uses & uses_threads) ? threads : std::vector<unsigned>{0};
        for (std::size_t set = 0; set < set_sizes.size(); ++set)
            for (std::uint64_t b : used_blocks)
                for (unsigned t : used_threads) {
                    plan.cells.push_back(Cell{.strategy = std::string(s->name),
                                              .block_size = b,
                                              .threads = t,
                                              .input_set = set,
                                              .file_size = set_sizes[set],
                                              .reference_floor = s->reference_floor});
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
