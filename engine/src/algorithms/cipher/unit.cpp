// cipher as one unit for the runner, the CLI and the window: its strategies and default, one file
// in, one written (a scratch output per run); its input kind (sfp/input_kind.hpp), parameter table
// and the option checks the table cannot make.
#include "algorithms/cipher/options.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "algorithms/units.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/cipher.hpp"
#include "sfp/limits.hpp"
#include "sfp/registry.hpp"

namespace sfp::cipher {
namespace {

void check(const RunSpec& spec) { parse_options(spec); }

// `cp` (which may call copy_file_range itself) and copy-range: the kernel copies, no user-space buffer.
bool in_kernel_copy(std::string_view strategy) { return strategy == "cp" || strategy == "copy-range"; }

// Every byte is read (from the page cache, or the device when cold) and then written into the
// page cache as a new file: the two times add up. The in-kernel copies are floors with no
// user-space ceiling: copy_file_range may share extents instead of copying (docs/limits.md).
LimitBound limit(std::string_view strategy, CacheMode cache) {
    if (in_kernel_copy(strategy))
        return {.none = "an in-kernel copy (a floor for the others): no user-space limit bounds it"};
    LimitBound bound = cache == CacheMode::cold         ? kDeviceRead
                       : maps_input("cipher", strategy) ? LimitBound{LimitId::mapped_scan_large}
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
    static const AlgorithmIo io{.algorithm = "cipher",
                                .inputs = 1,
                                .data_kind = "random",
                                .writes_output = true,
                                .parameters = parameters(),
                                .check_options = check,
                                .limit = limit,
                                .strategies = strategies,
                                .default_strategy = "auto",
                                .print = print};
    return io;
}

}  // namespace sfp::cipher
