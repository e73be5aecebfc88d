// compare/mmap — both files mapped, one thread scanning them front to back.
#include "algorithms/compare/mapped_scan.hpp"
#include "algorithms/compare/strategies.hpp"

namespace sfp::compare {
namespace {

constexpr std::uint64_t kChunk = 1u << 20;  // progress and cancel granularity

Outcome run(const RunSpec& spec, RunContext& ctx) {
    InputPair pair = open_pair(spec, ctx);
    MismatchTable table(pair.max_mismatches);
    if (!pair.same) {
        const Mapping a(pair.a, std::size_t(pair.common));
        a.advise_sequential();
        const Mapping b(pair.b, std::size_t(pair.common));
        b.advise_sequential();
        for (std::uint64_t off = 0; off < pair.common && !table.full() && !ctx.should_stop(); off += kChunk) {
            const std::uint64_t n = std::min(kChunk, pair.common - off);
            scan_mapped(pair, a, b, off, n, table);
            ctx.add_progress(2 * n);
        }
    }
    return outcome_of(pair, table.take());
}

}  // namespace

const Strategy mmap_strategy{
    .algorithm = "compare",
    .name = "mmap",
    .description = "both files memory-mapped, one thread",
    .run = run,
};

}  // namespace sfp::compare
