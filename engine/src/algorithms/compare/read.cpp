// compare/read — one thread, read() with the block size (compMP's negative thread count).
#include <algorithm>
#include <memory>

#include "algorithms/compare/kernel.hpp"
#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/strategies.hpp"

namespace sfp::compare {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    InputPair pair = open_pair(spec, ctx);
    MismatchTable table(pair.max_mismatches);
    if (!pair.same) {
        // No buffer larger than the common part: adaptive sends small files here with any block.
        const std::size_t block = std::size_t(std::clamp<std::uint64_t>(pair.common, 1, spec.block_size));
        const auto buf_a = std::make_unique_for_overwrite<std::uint8_t[]>(block);
        const auto buf_b = std::make_unique_for_overwrite<std::uint8_t[]>(block);
        ProgressMeter meter(ctx);
        for (std::uint64_t off = 0; off < pair.common && !table.full() && !ctx.should_stop();) {
            const std::size_t want = std::size_t(std::min<std::uint64_t>(block, pair.common - off));
            if (pair.a.read_full(buf_a.get(), want) != want || pair.b.read_full(buf_b.get(), want) != want)
                fail_changed(pair, "shrank");
            scan_region(buf_a.get(), buf_b.get(), want, off, table);
            meter.add(2 * want);
            off += want;
        }
    }
    return outcome_of(pair, table.take());
}

}  // namespace

const Strategy read_strategy{
    .algorithm = "compare",
    .name = "read",
    .description = "one thread, read() both files block by block",
    .reads = kReadsBlock,
    .run = run,
};

}  // namespace sfp::compare
