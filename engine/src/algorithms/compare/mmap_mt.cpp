// compare/mmap-mt — compMP proper: mapped files, T threads over round-robin stripes, a shared
// sorted table of the earliest N mismatches and passive early termination.
#include "algorithms/compare/mapped_scan.hpp"
#include "algorithms/compare/range_scans.hpp"
#include "algorithms/compare/strategies.hpp"
#include "algorithms/stripes.hpp"

namespace sfp::compare {

void scan_mapped_range(const InputPair& pair, const Mapping& a, const Mapping& b, Range r, MismatchTable& table,
                       RunContext& ctx) {
    ctx.run_threads(r.threads, [&](unsigned worker) {
        ProgressMeter meter(ctx);
        for_each_stripe_block(worker, r.threads, r.block, r.end - r.begin, [&](Block blk) {
            const std::uint64_t offset = r.begin + blk.offset;
            // Passive stop: nothing from here on can enter a full table.
            if (ctx.should_stop() || table.closed_before(offset)) return false;
            scan_mapped(pair, a, b, offset, blk.length, table);
            meter.add(2 * blk.length);
            return true;
        });
    });
}

namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    InputPair pair = open_pair(spec, ctx);
    MismatchTable table(pair.max_mismatches);
    if (!pair.same && pair.common > 0) {
        const Mapping a(pair.a, std::size_t(pair.common));
        const Mapping b(pair.b, std::size_t(pair.common));
        scan_mapped_range(pair, a, b, {0, pair.common, spec.block_size, spec.threads}, table, ctx);
    }
    return outcome_of(pair, table.take());
}

}  // namespace

const Strategy mmap_mt_strategy{
    .algorithm = "compare",
    .name = "mmap-mt",
    .description = "compMP: mapped files, T threads over round-robin stripes, shared sorted mismatch table",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::compare
