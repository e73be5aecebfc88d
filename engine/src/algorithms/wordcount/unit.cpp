// wordcount as one unit for the runner, the CLI and the window: its strategies and default, one
// text file in, nothing written; its input kind (sfp/input_kind.hpp), parameter table and the
// option checks the table cannot make.
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "algorithms/read_limit.hpp"
#include "algorithms/units.hpp"
#include "sfp/limits.hpp"
#include "sfp/registry.hpp"
#include "sfp/wordcount.hpp"
#include "spec_options.hpp"

namespace sfp::wordcount {
namespace {

// One pass over the inputs in order (algorithms/read_limit.hpp).
LimitBound limit(std::string_view strategy, CacheMode cache) {
    return read_once_limit(maps_input("wordcount", strategy), cache);
}

// wc's lines, or the word-length histogram.
Printout print(const RunSpec& spec, const RunResult& result) {
    const auto& o = result.outcome.get<WordCountOutcome>();
    return {.out =
                option_flag(spec, parameters(), "histogram") ? format_histogram(o) : format_wc_lines(o, spec.inputs)};
}

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const Strategy strategies[] = {SFP_WORDCOUNT_STRATEGIES(SFP_STRATEGY_VALUE)};
    static constexpr std::string_view views[] = {"histogram"};  // of the word lengths its outcome counts
    static const AlgorithmIo io{.algorithm = "wordcount",
                                .inputs = 1,
                                .several_inputs = true,
                                .data_kind = "text",
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

}  // namespace sfp::wordcount
