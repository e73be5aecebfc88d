// cipher/stream — cci: one thread, read() a block, transform it, write() it.
#include "algorithms/cipher/block_io.hpp"
#include "algorithms/cipher/each_block.hpp"
#include "algorithms/cipher/ranges.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {

void stream_blocks(CipherJob& job, const RunSpec& spec, RunContext& ctx) {
    const WorkerBuffers buffers(job, std::size_t(spec.block_size), 1);
    each_block(ctx, 0, 1, spec.block_size, job.input_size(),
               [&](Block blk) { transform_block(job, buffers.of(0), blk, Position::sequential); });
}

namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::buffers);
    stream_blocks(job, spec, ctx);
    return job.complete(ctx);
}

}  // namespace

const Strategy stream_strategy{
    .algorithm = "cipher",
    .name = "stream",
    .description = "cci: one thread, read() a block, transform, write() it",
    .reads = kReadsBlock,
    .run = run,
    .check = check_options_for<Access::buffers>,
};

}  // namespace sfp::cipher
