// search as one unit for the runner, the CLI and the window: its strategies and default, text
// files in, nothing written; its input kind (sfp/input_kind.hpp), parameter table and the option
// checks the table cannot make.
#include "algorithms/search/job.hpp"
#include "algorithms/search/strategies.hpp"
#include "algorithms/read_limit.hpp"
#include "algorithms/units.hpp"
#include "sfp/limits.hpp"
#include "sfp/registry.hpp"
#include "sfp/search.hpp"
#include "spec_options.hpp"

namespace sfp::search {
namespace {

// One pass over the inputs in order (algorithms/read_limit.hpp).
LimitBound limit(std::string_view strategy, CacheMode cache) {
    return read_once_limit(maps_input("search", strategy), cache);
}

// grep -o -b's lines, or the counts; no match is grep's exit 1.
Printout print(const RunSpec& spec, const RunResult& result) {
    const auto& o = result.outcome.get<SearchOutcome>();
    const bool counting = option_flag(spec, parameters(), "count");
    const std::string pattern = pattern_of(spec);
    return {.out = counting ? format_counts(o, spec.inputs) : format_grep_lines(o, pattern, spec.inputs),
            .different = o.matches.empty()};
}

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const Strategy strategies[] = {SFP_SEARCH_STRATEGIES(SFP_STRATEGY_VALUE)};
    static constexpr std::string_view views[] = {"matches"};  // where in each input they lie
    static const AlgorithmIo io{.algorithm = "search",
                                .inputs = 1,
                                .several_inputs = true,
                                .data_kind = "needles",
                                .writes_output = false,
                                .parameters = parameters(),
                                .check_options = check_options,
                                .limit = limit,
                                .strategies = strategies,
                                .default_strategy = "auto",
                                .print = print,
                                .views = views};
    return io;
}

}  // namespace sfp::search
