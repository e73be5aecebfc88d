// cipher/pool — cciMT_VTP: stripes are work items on a pool of T workers. Unlike `threads`,
// no worker owns a fixed set of stripes: each takes the next unclaimed stripe from a shared
// queue when it is free, so a worker that is slowed down (a page fault, a preemption) simply
// takes fewer items and the others take more. threads' work (threads.cpp), dealt so.
#include "algorithms/cipher/ranges.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::buffers);
    threads_work(job, spec, ctx, Deal::to_whoever_is_free);
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
