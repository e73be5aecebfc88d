// cipher/pool — cciMT_VTP: stripes are work items on a pool of T workers. Unlike `threads`,
// no worker owns a fixed set of stripes: each takes the next unclaimed stripe from a shared
// queue when it is free, so a worker that is slowed down (a page fault, a preemption) simply
// takes fewer items and the others take more.
#include "algorithms/cipher/block_io.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "algorithms/stripe_queue.hpp"

namespace sfp::cipher {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::buffers);
    StripeQueue queue(spec.block_size, job.input_size());
    const WorkerBuffers buffers(job, std::size_t(spec.block_size), spec.threads);
    ctx.run_threads(spec.threads, [&](unsigned worker) {
        const BlockBuffers mine = buffers.of(worker);
        ProgressMeter meter(ctx);
        while (!ctx.should_stop()) {
            const std::optional<Block> item = queue.take();
            if (!item) break;
            transform_block(job, mine, *item, Position::at_offset);
            meter.add(item->length);
        }
    });
    return job.complete(ctx);
}

}  // namespace

const Strategy pool_strategy{
    .algorithm = "cipher",
    .name = "pool",
    .description = "cciMT_VTP: a pool of T workers taking stripes as work items from a shared queue",
    .reads = kReadsBlockAndThreads,
    .run = run,
    .check = check_options_for<Access::buffers>,
};

}  // namespace sfp::cipher
