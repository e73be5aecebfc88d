// cipher/threads — cciMT: T threads, each owning the round-robin stripes k = t, t+T, t+2T, ...
// and moving them with its own pread()/pwrite() (no shared file position, no locks).
#include "algorithms/cipher/block_io.hpp"
#include "algorithms/cipher/each_block.hpp"
#include "algorithms/cipher/ranges.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {

void threads_work(CipherJob& job, const RunSpec& spec, RunContext& ctx, Deal deal) {
    const WorkerBuffers buffers(job, std::size_t(spec.block_size), spec.threads);
    StripeQueue queue(spec.block_size, job.input_size());
    StripeQueue* const shared = deal == Deal::to_whoever_is_free ? &queue : nullptr;
    ctx.run_threads(
        spec.threads,
        [&](unsigned worker) {
            const BlockBuffers mine = buffers.of(worker);
            each_block(
                ctx, worker, spec.threads, spec.block_size, job.input_size(),
                [&](Block blk) { transform_block(job, mine, blk, Position::at_offset); }, shared);
        },
        caller_of(deal));
}

namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::buffers);
    threads_work(job, spec, ctx);
    return job.complete(ctx);
}

}  // namespace

const Strategy threads_strategy{
    .algorithm = "cipher",
    .name = "threads",
    .description = "cciMT: T threads over fixed round-robin stripes, each with its own pread()/pwrite()",
    .reads = kReadsBlockAndThreads,
    .run = run,
    .check = check_options_for<Access::buffers>,
};

}  // namespace sfp::cipher
