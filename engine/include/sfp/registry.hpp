#pragma once
// Every strategy, as the algorithm units list them (engine/src/registry.cpp).
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/strategy.hpp"

namespace sfp {

struct AlgorithmIo;  // sfp/algorithm_io.hpp

// Every registered strategy, validated once on first use (unique names, a run each -- a null
// probe means supported -- each parameter it reads one its algorithm sweeps).
std::span<const Strategy> strategies();
std::vector<const Strategy*> strategies_of(std::string_view algorithm);
std::vector<std::string_view> algorithms();
const Strategy* find_strategy(std::string_view algorithm, std::string_view name);
// Whether a strategy reads its input through a mapping, or may choose to (Strategy::maps_input):
// the page cache scanned in place, not copied out by read(), has the mapped scan as its limit.
// False for a name the registry does not know.
bool maps_input(std::string_view algorithm, std::string_view name);
// Whether `s` can run with these algorithm options (its `takes` hook, judged without files, at
// the default block size): the reason when not, e.g. iterate/xxhsum at a scope other than full.
Support takes_options(const Strategy& s, const OptionValues& options);
// The same of options as text (a form's, an experiment file's): one that does not parse takes
// every strategy (check_experiment says what is wrong with it).
Support takes_options(const Strategy& s, const std::map<std::string, std::string>& options);

// Throws std::logic_error naming the offending entry; exposed for tests.
void validate_registry(std::span<const Strategy> list);

// The seams for what is not shipped (a test's), called before the first lookup (first thing in
// a test's main) so that the runner, the CLI, the window and the CSV writer see it like any other:
// add_algorithm adds one algorithm unit (sfp/algorithm_io.hpp, with its strategies
// and default); add_strategy adds one strategy to an algorithm, after that algorithm's own. Both
// throw std::logic_error once the registry is in use, for a name that is taken or an unknown
// algorithm; the registry checks the whole (a default that is no strategy, a strategy listed
// by another algorithm, a duplicate) at its first use. The caller keeps what the entries point
// to alive (static tables). Not thread-safe: one thread, at start-up.
void add_algorithm(const AlgorithmIo& io);
void add_strategy(const Strategy& strategy);

}  // namespace sfp
