#pragma once
// mmap-mt's and pread-mt's scans over one range of the inputs, so that adaptive can time each
// on a slice of its own and let the faster one finish the rest without redoing any work.
#include <cstdint>

#include "algorithms/compare/mismatch_table.hpp"
#include "algorithms/compare/pair.hpp"
#include "algorithms/stripe_queue.hpp"
#include "algorithms/stripes.hpp"
#include "io/mapping.hpp"
#include "sfp/timeline.hpp"

namespace sfp::compare {

struct Range {
    std::uint64_t begin = 0, end = 0;  // [begin, end) of the common part
    std::uint64_t block = 0;           // stripe unit, counted from `begin`
    unsigned threads = 1;
    Deal deal = Deal::round_robin;  // mmap-mt's and pread-mt's, as compMP; adaptive's: to whoever is free
};

// Both compare the range with r.threads threads over its stripes into the shared table,
// stopping early once the table cannot take later offsets.
void scan_mapped_range(const InputPair& pair, const Mapping& a, const Mapping& b, Range r, MismatchTable& table,
                       RunContext& ctx);                                                 // mmap_mt.cpp
void scan_pread_range(InputPair& pair, Range r, MismatchTable& table, RunContext& ctx);  // pread_mt.cpp

// The part of the range whose pages worker `worker` unmaps after scan_mapped_range's scan: the
// T parts are contiguous and cover the range widened to the huge-page boundaries around it
// (what its faults mapped beyond it), each starting on one (mmap_mt.cpp).
Block unmap_share(Range r, unsigned worker);

// Their worker's loop: scan(offset, length) for each block of worker `worker`'s stripes of the
// range (its round-robin ones, or those it takes from `queue` when the range hands them to
// whoever is free), in file order, until the run is cancelled or nothing from the offset on can
// enter the full table (passive stop). Progress counts both files. With a timeline, each block is
// a scan event from before its stop check to its end: a block begun after the table closed shows.
template <class Scan>
void each_stripe_block(RunContext& ctx, unsigned worker, Range r, const MismatchTable& table, StripeQueue& queue,
                       Scan&& scan) {
    ProgressMeter meter(ctx);
    ThreadTimeline* const timeline = current_timeline();
    double start = timeline ? timeline->now() : 0;
    const auto visit = [&](Block blk) {
        const std::uint64_t offset = r.begin + blk.offset;
        if (ctx.should_stop() || table.closed_before(offset)) return false;
        scan(offset, std::size_t(blk.length));
        meter.add(2 * blk.length);
        if (timeline) start = timeline->add(EventKind::scan, start, 2 * blk.length, offset);
        return true;
    };
    if (r.deal == Deal::round_robin) return for_each_stripe_block(worker, r.threads, r.block, r.end - r.begin, visit);
    while (const std::optional<Block> blk = queue.take())
        if (!visit(*blk)) return;
}

// A whole run of mmap-mt, pread-mt or adaptive: the pair opened, scan(pair, common part, table)
// unless the files are one or have nothing in common, the outcome.
template <class Scan>
Outcome scan_common_part(const RunSpec& spec, RunContext& ctx, Scan&& scan) {
    InputPair pair = open_pair(spec, ctx);
    MismatchTable table(pair.max_mismatches);
    if (!pair.same && pair.common > 0) scan(pair, Range{0, pair.common, spec.block_size, spec.threads}, table);
    return outcome_of(pair, table.take());
}

}  // namespace sfp::compare
