// compare/pread-mt — T threads over round-robin stripes of blocks, each with its own pread().
#include <memory>

#include "algorithms/compare/kernel.hpp"
#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/strategies.hpp"
#include "algorithms/stripes.hpp"

namespace sfp::compare {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    InputPair pair = open_pair(spec, ctx);
    MismatchTable table(pair.max_mismatches);
    if (!pair.same && pair.common > 0) {
        const std::size_t block = std::size_t(spec.block_size);
        ctx.run_threads(spec.threads, [&](unsigned worker) {
            const auto buf_a = std::make_unique_for_overwrite<std::uint8_t[]>(block);
            const auto buf_b = std::make_unique_for_overwrite<std::uint8_t[]>(block);
            ProgressMeter meter(ctx);
            for_each_stripe_block(worker, spec.threads, block, pair.common, [&](Block blk) {
                if (ctx.should_stop() || table.closed_before(blk.offset)) return false;
                const std::size_t n = std::size_t(blk.length);
                if (pair.a.pread_full(buf_a.get(), n, blk.offset) != n ||
                    pair.b.pread_full(buf_b.get(), n, blk.offset) != n)
                    fail_changed(pair, "shrank");
                scan_region(buf_a.get(), buf_b.get(), n, blk.offset, table);
                meter.add(2 * n);
                return true;
            });
        });
    }
    return outcome_of(pair, table.take());
}

}  // namespace

const Strategy pread_mt_strategy{
    .algorithm = "compare",
    .name = "pread-mt",
    .description = "T threads over round-robin stripes of blocks, each reading with pread()",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::compare
