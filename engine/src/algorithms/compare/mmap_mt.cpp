// compare/mmap-mt — compMP proper: mapped files, T threads over round-robin stripes, a shared
// sorted table of the earliest N mismatches and passive early termination.
#include "algorithms/compare/mapped_scan.hpp"
#include "algorithms/compare/range_scans.hpp"
#include "algorithms/compare/strategies.hpp"

namespace sfp::compare {

void scan_mapped_range(const InputPair& pair, const Mapping& a, const Mapping& b, Range r, MismatchTable& table,
                       RunContext& ctx) {
    ctx.run_threads(r.threads, [&](unsigned worker) {
        each_stripe_block(ctx, worker, r, table, [&](std::uint64_t offset, std::size_t n) {
            scan_mapped(pair, a, b, offset, n, table);
        });
    });
}

namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return scan_common_part(spec, ctx, [&](InputPair& pair, Range common, MismatchTable& table) {
        const Mapping a(pair.a, std::size_t(pair.common));
        const Mapping b(pair.b, std::size_t(pair.common));
        scan_mapped_range(pair, a, b, common, table, ctx);
    });
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
