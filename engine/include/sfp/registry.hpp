#pragma once
// The explicit list of every strategy (engine/src/registry.cpp).
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/strategy.hpp"

namespace sfp {

struct AlgorithmIo;  // sfp/experiment.hpp

// Every registered strategy, validated once on first use (unique names, no null hooks).
std::span<const Strategy> strategies();
std::vector<const Strategy*> strategies_of(std::string_view algorithm);
std::vector<std::string_view> algorithms();
const Strategy* find_strategy(std::string_view algorithm, std::string_view name);
// Whether `s` can run with these algorithm options (its `takes` hook, judged without files, at
// the default block size): the reason when not, e.g. iterate/xxhsum at a scope other than full.
Support takes_options(const Strategy& s, const std::map<std::string, std::string>& options);

// Throws std::logic_error naming the offending entry; exposed for tests.
void validate_registry(std::span<const Strategy> list);

// The seam for algorithms that are not shipped (a test's): adds one algorithm unit -- its
// AlgorithmIo entry (sfp/experiment.hpp) and its strategies -- to the lists above, so that the
// runner, the CLI and the CSV writer see it like any other. Call it before the first lookup
// (first thing in a test's main): it throws std::logic_error once the registry is in use, for
// an algorithm name that is taken, or for strategies of another algorithm. The caller keeps
// what the entries point to alive (static tables). Not thread-safe: one thread, at start-up.
void add_algorithm(const AlgorithmIo& io, std::span<const Strategy> strategies);

}  // namespace sfp
