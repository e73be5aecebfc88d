// iterate as one unit for the runner, the CLI and the window: its strategies and default, one
// directory tree in (every file under it), nothing written; its input kind (sfp/input_kind.hpp),
// parameter table and the option checks the table cannot make.
#include <cstdio>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/strategies.hpp"
#include "algorithms/units.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/iterate.hpp"
#include "sfp/limits.hpp"

namespace sfp::iterate {
namespace {

// Cold, the device: no tree reads faster than it (direct, with whole-file O_DIRECT reads in
// flight, beat the small-files figure of open/read/close by 1.9x here, so that is no ceiling).
// Hot, a generated tree (the mix small files, hot is measured on): open + read + close of each
// cached file; a given tree, of sizes not known here: its pages copied out of the page cache.
LimitBound limit(std::string_view, CacheMode cache) {
    if (cache == CacheMode::cold) return kDeviceRead;
    return {.first = LimitId::page_cache_read, .generated = LimitId::small_files_hot};
}

// One line per file kept (--list), then files, bytes, skipped and the digest; the skipped names
// and the split of the time for standard error.
Printout print(const RunSpec&, const RunResult& result) {
    const auto& o = result.outcome.get<IterateOutcome>();
    Printout p;
    for (const FileHash& f : o.files) p.out += iterate_list_line(f);
    p.out += "files " + std::to_string(o.file_count) + "\nbytes " + std::to_string(o.bytes) + "\nskipped " +
             std::to_string(o.skipped.size()) + "\ndigest " + hex16(o.digest) + "\n";
    for (const std::string& s : o.skipped) p.notes.push_back("skipped " + escape_path(s));
    char timing[96];
    std::snprintf(timing, sizeof timing, "listing %.3fs  processing %.3fs", result.list_s,
                  result.real_s - result.list_s);
    p.timing = timing;
    return p;
}

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const Strategy strategies[] = {SFP_ITERATE_STRATEGIES(SFP_STRATEGY_VALUE)};
    static constexpr std::string_view views[] = {"listing"};  // the tree's listing before processing
    static const AlgorithmIo io{.algorithm = "iterate",
                                .inputs = 1,
                                .several_inputs = true,
                                .data_kind = "tree",
                                .writes_output = false,
                                .parameters = parameters(),
                                .check_options = check_options,
                                .spread_first = true,
                                .limit = limit,
                                .strategies = strategies,
                                .default_strategy = "auto",
                                .print = print,
                                .views = views};
    return io;
}

}  // namespace sfp::iterate
