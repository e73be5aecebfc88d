// cipher/mmap-mt — cciMTMM: input and output mapped whole, T threads over round-robin stripes.
#include "algorithms/cipher/each_block.hpp"
#include "algorithms/cipher/mapped.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::mapped);
    const WholeMappings maps(job);
    const unsigned x = job.kernel().expansion();
    ctx.run_threads(spec.threads, [&](unsigned worker) {
        each_block(ctx, worker, spec.threads, spec.block_size, job.input_size(), [&](Block blk) {
            transform_mapped(job, maps.in.data() + blk.offset, maps.out.data() + blk.offset * x,
                             std::size_t(blk.length), blk.offset * x);
        });
    });
    maps.flush_if_asked(job);
    return job.complete(ctx);
}

}  // namespace

const Strategy mmap_mt_strategy{
    .algorithm = "cipher",
    .name = "mmap-mt",
    .description = "cciMTMM: input and output memory-mapped whole, T threads over round-robin stripes",
    .reads = kReadsBlockAndThreads,
    .maps_input = true,
    .run = run,
    .check = check_options_for<Access::mapped>,
};

}  // namespace sfp::cipher
