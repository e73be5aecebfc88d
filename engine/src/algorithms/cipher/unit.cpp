// cipher as one unit for the runner, the CLI and the window: its strategies and default, one file
// in, one written (a scratch output per run); its input kind (sfp/input_kind.hpp), parameter table
// and the option checks the table cannot make.
#include "algorithms/cipher/options.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "algorithms/units.hpp"
#include "sfp/cipher.hpp"

namespace sfp::cipher {
namespace {

void check(const RunSpec& spec) { parse_options(spec); }

// Every byte is read (from the page cache, or the device when cold) and then written into the
// page cache as a new file: the two times add up.
LimitBound limit(std::string_view strategy, CacheMode cache) {
    LimitBound bound = cache == CacheMode::cold ? kDeviceRead
                       : may_map(strategy)      ? LimitBound{LimitId::mapped_scan_large}
                                                : LimitBound{LimitId::page_cache_read};
    bound.then = LimitId::page_cache_write;
    return bound;
}

// With --digest, the output's digest and its name, as the hashing tools print theirs; without,
// nothing (cipher writes a file).
Printout print(const RunSpec& spec, const RunResult& result) {
    const auto& o = result.outcome.get<CipherOutcome>();
    if (!o.output_hash) return {};
    return {.out = hex16(*o.output_hash) + "  " + spec.output + "\n"};
}

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const Strategy strategies[] = {SFP_CIPHER_STRATEGIES(SFP_STRATEGY_VALUE)};
    static const AlgorithmIo io{
        .algorithm = "cipher", .inputs = 1, .data_kind = "random", .writes_output = true,
        .parameters = parameters(), .check_options = check,
        .limit = limit,
        .strategies = strategies, .default_strategy = "auto", .print = print};
    return io;
}

}  // namespace sfp::cipher
