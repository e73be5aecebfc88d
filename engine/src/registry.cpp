// The registry: every algorithm unit's strategies (each unit carries its list, from its
// strategies.hpp), in the order of the one list of algorithms (algorithms/units.hpp), then what
// a test added. Adding a strategy = its file + one line in its algorithm's strategies.hpp.
#include "sfp/registry.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

#include "added_algorithms.hpp"
#include "sfp/failure.hpp"
#include "sfp/parameter.hpp"

namespace sfp {
namespace {

// What add_algorithm() and add_strategy() added, and whether the lists are in use (then nothing
// may be added).
struct Added {
    std::deque<AlgorithmIo> io;
    std::vector<Strategy> strategies;
    bool sealed = false;
};
Added& added() {
    static Added a;
    return a;
}

// Each unit lists only its own strategies and names one of them its default.
void validate_units(const std::vector<const AlgorithmIo*>& units) {
    for (const AlgorithmIo* io : units) {
        const std::string name(io->algorithm);
        bool has_default = false;
        for (const Strategy& s : io->strategies) {
            if (s.algorithm != io->algorithm)
                throw std::logic_error("strategy '" + std::string(s.name) + "' is listed by algorithm '" + name + "'");
            has_default = has_default || s.name == io->default_strategy;
        }
        if (!has_default)
            throw std::logic_error("algorithm '" + name + "': its default strategy '" +
                                   std::string(io->default_strategy) + "' is not one of its strategies");
    }
}

const std::vector<Strategy>& all() {
    static const std::vector<Strategy> list = [] {
        added().sealed = true;
        const std::vector<const AlgorithmIo*> units = algorithm_units();
        validate_units(units);
        std::vector<Strategy> v;
        for (const AlgorithmIo* io : units) {
            v.insert(v.end(), io->strategies.begin(), io->strategies.end());
            for (const Strategy& s : added().strategies)  // after its algorithm's own
                if (s.algorithm == io->algorithm) v.push_back(s);
        }
        validate_registry(v);
        return v;
    }();
    return list;
}

void refuse_when_sealed(const std::string& what) {
    if (added().sealed) throw std::logic_error(what + " is added after the registry is in use");
}

}  // namespace

void validate_registry(std::span<const Strategy> list) {
    std::set<std::pair<std::string_view, std::string_view>> seen;
    for (const Strategy& s : list) {
        const std::string id = std::string(s.algorithm) + "/" + std::string(s.name);
        if (s.algorithm.empty() || s.name.empty() || s.description.empty())
            throw std::logic_error("strategy '" + id + "' lacks a name or description");
        if (!s.run) throw std::logic_error("strategy '" + id + "' has no run");  // a null probe: always supported
        if (!seen.emplace(s.algorithm, s.name).second)
            throw std::logic_error("strategy '" + id + "' is registered twice");
        for (std::string_view name : s.reads) {
            const Parameter* p = find_parameter(s.algorithm, name);
            const std::string algorithm(s.algorithm);
            if (!p || !p->sweepable)
                throw std::logic_error("strategy '" + id + "' reads '" + std::string(name) + "', which " +
                                       (p ? algorithm + " does not sweep" : "is no parameter of " + algorithm));
        }
    }
}

void add_algorithm(const AlgorithmIo& io) {
    const std::string name(io.algorithm);
    refuse_when_sealed("algorithm '" + name + "'");
    if (algorithm_io(io.algorithm)) throw std::logic_error("algorithm '" + name + "' exists already");
    added().io.push_back(io);
}

void add_strategy(const Strategy& strategy) {
    const std::string id = std::string(strategy.algorithm) + "/" + std::string(strategy.name);
    refuse_when_sealed("strategy '" + id + "'");
    if (!algorithm_io(strategy.algorithm)) throw std::logic_error("strategy '" + id + "' is of no known algorithm");
    added().strategies.push_back(strategy);
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
    all();  // sealed and validated
    std::vector<std::string_view> out;
    for (const AlgorithmIo* io : algorithm_units()) out.push_back(io->algorithm);
    return out;
}

const Strategy* find_strategy(std::string_view algorithm, std::string_view name) {
    for (const Strategy& s : all())
        if (s.algorithm == algorithm && s.name == name) return &s;
    return nullptr;
}

bool maps_input(std::string_view algorithm, std::string_view name) {
    const Strategy* s = find_strategy(algorithm, name);
    return s != nullptr && s->maps_input;
}

Support takes_options(const Strategy& s, const OptionValues& options) {
    if (!s.takes) return Support::yes();
    RunSpec spec;
    spec.algorithm = s.algorithm;
    spec.strategy = s.name;
    spec.options = options;
    return s.takes(spec);
}

Support takes_options(const Strategy& s, const std::map<std::string, std::string>& options) {
    try {
        return takes_options(s, OptionValues::parsed(parameters_of(s.algorithm), options));
    } catch (const Failure&) {
        return Support::yes();  // a value that does not parse: the algorithm's check says so
    }
}

}  // namespace sfp
