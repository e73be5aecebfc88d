// cipher/stream — cci: one thread, read() a block, transform it, write() it.
#include "algorithms/cipher/block_io.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::buffers);
    const BlockBuffers buffers(job, std::size_t(spec.block_size));
    ProgressMeter meter(ctx);
    for (std::uint64_t off = 0; off < job.input_size() && !ctx.should_stop();) {
        const Block blk{off, std::min(spec.block_size, job.input_size() - off)};
        transform_block(job, buffers, blk, Position::sequential);
        meter.add(blk.length);
        off += blk.length;
    }
    return job.complete(ctx);
}

}  // namespace

Support always_supported() { return Support::yes(); }

const Strategy stream_strategy{
    .algorithm = "cipher",
    .name = "stream",
    .description = "cci: one thread, read() a block, transform, write() it",
    .uses = uses_block,
    .probe = always_supported,
    .run = run,
    .finish = hash_output,
};

}  // namespace sfp::cipher
