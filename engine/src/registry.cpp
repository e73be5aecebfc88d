// The explicit list of every strategy. Adding a strategy = one file + one line here.
#include "sfp/registry.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

#include "added_algorithms.hpp"
#include "sfp/experiment.hpp"
#include "sfp/failure.hpp"

#include "algorithms/cipher/strategies.hpp"
#include "algorithms/compare/strategies.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "algorithms/iterate/strategies.hpp"

namespace sfp {
namespace {

// What add_algorithm() added, and whether the lists are in use (then nothing may be added).
struct Added {
    std::deque<AlgorithmIo> io;
    std::vector<Strategy> strategies;
    bool sealed = false;
};
Added& added() {
    static Added a;
    return a;
}

const std::vector<Strategy>& all() {
    static const std::vector<Strategy> list = [] {
        std::vector<Strategy> v = {
            compare::read_strategy,
            compare::pread_mt_strategy,
            compare::mmap_strategy,
            compare::mmap_mt_strategy,
            compare::adaptive_strategy,
            compare::cmp_strategy,
            cipher::stream_strategy,
            cipher::mmap_strategy,
            cipher::threads_strategy,
            cipher::pool_strategy,
            cipher::uring_strategy,
            cipher::mmap_mt_strategy,
            cipher::mmap_window_strategy,
            cipher::mmap_in_strategy,
            cipher::auto_strategy,
            cipher::cp_strategy,
            cipher::copy_range_strategy,
            wordcount::strtok_strategy,
            wordcount::loop_strategy,
            wordcount::pipeline_strategy,
            wordcount::simd_strategy,
            wordcount::striped_strategy,
            wordcount::mmap_strategy,
            wordcount::mmap_mt_strategy,
            wordcount::files_strategy,
            wordcount::wc_strategy,
            wordcount::auto_strategy,
            iterate::fs_strategy,
            iterate::alpha_strategy,
            iterate::inode_strategy,
            iterate::cluster_strategy,
            iterate::random_strategy,
            iterate::parallel_strategy,
            iterate::prefetch_strategy,
            iterate::uring_strategy,
            iterate::xxhsum_strategy,
            iterate::auto_strategy,
        };
        added().sealed = true;
        v.insert(v.end(), added().strategies.begin(), added().strategies.end());
        validate_registry(v);
        return v;
    }();
    return list;
}

}  // namespace

void validate_registry(std::span<const Strategy> list) {
    std::set<std::pair<std::string_view, std::string_view>> seen;
    for (const Strategy& s : list) {
        const std::string id = std::string(s.algorithm) + "/" + std::string(s.name);
        if (s.algorithm.empty() || s.name.empty() || s.description.empty())
            throw std::logic_error("strategy '" + id + "' lacks a name or description");
        if (!s.probe || !s.run) throw std::logic_error("strategy '" + id + "' has a null hook");
        if (!seen.emplace(s.algorithm, s.name).second)
            throw std::logic_error("strategy '" + id + "' is registered twice");
    }
}

void add_algorithm(const AlgorithmIo& io, std::span<const Strategy> list) {
    const std::string name(io.algorithm);
    if (added().sealed) throw std::logic_error("algorithm '" + name + "' is added after the registry is in use");
    if (algorithm_io(io.algorithm)) throw std::logic_error("algorithm '" + name + "' exists already");
    for (const Strategy& s : list)
        if (s.algorithm != io.algorithm)
            throw std::logic_error("strategy '" + std::string(s.name) + "' is not of algorithm '" + name + "'");
    added().io.push_back(io);
    added().strategies.insert(added().strategies.end(), list.begin(), list.end());
}

const std::deque<AlgorithmIo>& added_algorithms() noexcept { return added().io; }

std::span<const Strategy> strategies() { return all(); }

std::vector<const Strategy*> strategies_of(std::string_view algorithm) {
    std::vector<const Strategy*> out;
    for (const Strategy& s : all())
        if (s.algorithm == algorithm) out.push_back(&s);
    return out;
}

std::vector<std::string_view> algorithms() {
    std::vector<std::string_view> out;
    for (const Strategy& s : all())
        if (std::find(out.begin(), out.end(), s.algorithm) == out.end()) out.push_back(s.algorithm);
    return out;
}

const Strategy* find_strategy(std::string_view algorithm, std::string_view name) {
    for (const Strategy& s : all())
        if (s.algorithm == algorithm && s.name == name) return &s;
    return nullptr;
}

Support takes_options(const Strategy& s, const std::map<std::string, std::string>& options) {
    if (!s.takes) return Support::yes();
    RunSpec spec;
    spec.algorithm = s.algorithm;
    spec.strategy = s.name;
    spec.options = options;
    try {
        return s.takes(spec);
    } catch (const Failure&) {
        return Support::yes();  // a value that does not parse: the algorithm's check says so
    }
}

}  // namespace sfp
