// compare as one unit for the runner, the CLI and the window: its strategies and default, a pair of
// files in (the two compared), nothing written; its input kind (sfp/input_kind.hpp), parameter
// table and the option checks the table cannot make.
#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/strategies.hpp"
#include "algorithms/units.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/compare.hpp"
#include "sfp/limits.hpp"

namespace sfp::compare {
namespace {

// In memory both files are read side by side, whatever the strategy; cold, the device reads them.
LimitBound limit(std::string_view, CacheMode cache) {
    return cache == CacheMode::cold ? kDeviceRead : LimitBound{LimitId::two_stream_read};
}

// cmp -l's lines, and its note when one file is shorter.
Printout print(const RunSpec& spec, const RunResult& result) {
    const auto& o = result.outcome.get<CompareOutcome>();
    Printout p{.out = format_cmp_lines(o), .different = !o.identical()};
    if (std::string eof = format_length_note(o, spec.inputs.at(0), spec.inputs.at(1)); !eof.empty())
        p.notes.push_back(std::move(eof));
    return p;
}

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const Strategy strategies[] = {SFP_COMPARE_STRATEGIES(SFP_STRATEGY_VALUE)};
    static const AlgorithmIo io{.algorithm = "compare",
                                .inputs = 2,
                                .data_kind = "pair",
                                .writes_output = false,
                                .parameters = parameters(),
                                .check_options = check_options,
                                .limit = limit,
                                .strategies = strategies,
                                .default_strategy = "adaptive",
                                .print = print};
    return io;
}

}  // namespace sfp::compare
