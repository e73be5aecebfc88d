#pragma once
// The loop of every strategy that moves the file block by block: worker `worker` of `workers`
// takes its round-robin stripes (algorithms/stripes.hpp), or whichever block a shared queue hands
// it next (algorithms/stripe_queue.hpp), in file order — with one worker, every block front to
// back — stopping early when the run is cancelled and counting progress.
// With a timeline, each block moved (read, transformed, written) is a "write" event.
#include <cstdint>
#include <optional>

#include "algorithms/stripe_queue.hpp"
#include "algorithms/stripes.hpp"
#include "sfp/run_context.hpp"
#include "sfp/timeline.hpp"

namespace sfp::cipher {

// With a queue (made over `total` with `block`), the worker takes whichever block is next from it
// instead of its round-robin stripes (Deal::to_whoever_is_free).
template <class Work>
void each_block(RunContext& ctx, unsigned worker, unsigned workers, std::uint64_t block, std::uint64_t total,
                Work&& work, StripeQueue* queue = nullptr) {
    ProgressMeter meter(ctx);
    ThreadTimeline* const timeline = current_timeline();
    double start = timeline ? timeline->now() : 0;
    const auto visit = [&](Block blk) {
        if (ctx.should_stop()) return false;
        work(blk);
        meter.add(blk.length);
        if (timeline) start = timeline->add(EventKind::write, start, blk.length, blk.offset);
        return true;
    };
    if (!queue) return for_each_stripe_block(worker, workers, block, total, visit);
    while (const std::optional<Block> blk = queue->take())
        if (!visit(*blk)) return;
}

}  // namespace sfp::cipher
