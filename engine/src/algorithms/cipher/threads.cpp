// cipher/threads — cciMT: T threads, each owning the round-robin stripes k = t, t+T, t+2T, ...
// and moving them with its own pread()/pwrite() (no shared file position, no locks).
#include "algorithms/cipher/block_io.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::buffers);
    ctx.run_threads(spec.threads, [&](unsigned worker) {
        const BlockBuffers buffers(job, std::size_t(spec.block_size));
        ProgressMeter meter(ctx);
        for_each_stripe_block(worker, spec.threads, spec.block_size, job.input_size(), [&](Block blk) {
            if (ctx.should_stop()) return false;
            transform_block(job, buffers, blk, Position::at_offset);
            meter.add(blk.length);
            return true;
        });
    });
    return job.complete(ctx);
}

}  // namespace

const Strategy threads_strategy{
    .algorithm = "cipher",
    .name = "threads",
    .description = "cciMT: T threads over fixed round-robin stripes, each with its own pread()/pwrite()",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
    .finish = hash_output,
};

}  // namespace sfp::cipher
