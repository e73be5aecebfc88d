// compare/pread-mt — T threads over round-robin stripes of blocks, each with its own pread().
#include <memory>

#include "algorithms/compare/kernel.hpp"
#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/range_scans.hpp"
#include "algorithms/compare/strategies.hpp"

namespace sfp::compare {

void scan_pread_range(InputPair& pair, Range r, MismatchTable& table, RunContext& ctx) {
    const std::size_t block = std::size_t(r.block);
    StripeQueue queue(r.block, r.end - r.begin);
    ctx.run_threads(
        r.threads,
        [&](unsigned worker) {
            const auto buf_a = std::make_unique_for_overwrite<std::uint8_t[]>(block);
            const auto buf_b = std::make_unique_for_overwrite<std::uint8_t[]>(block);
            each_stripe_block(ctx, worker, r, table, queue, [&](std::uint64_t offset, std::size_t n) {
                if (pair.a.pread_full(buf_a.get(), n, offset) != n || pair.b.pread_full(buf_b.get(), n, offset) != n)
                    fail_changed(pair, "shrank");
                scan_region(buf_a.get(), buf_b.get(), n, offset, table);
            });
        },
        caller_of(r.deal));
}

namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return scan_common_part(spec, ctx, [&](InputPair& pair, Range common, MismatchTable& table) {
        scan_pread_range(pair, common, table, ctx);
    });
}

}  // namespace

const Strategy pread_mt_strategy{
    .algorithm = "compare",
    .name = "pread-mt",
    .description = "T threads over round-robin stripes of blocks, each reading with pread()",
    .reads = kReadsBlockAndThreads,
    .run = run,
};

}  // namespace sfp::compare
