// cipher/mmap — cciMM: input and output mapped whole, one thread transforming front to back.
#include "algorithms/cipher/each_block.hpp"
#include "algorithms/cipher/mapped.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {
namespace {

constexpr std::uint64_t kChunk = 1u << 20;  // progress and cancel granularity, not a tuning knob

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::mapped);
    const WholeMappings maps(job);
    maps.in.advise_sequential();
    const unsigned x = job.kernel().expansion();
    each_block(ctx, 0, 1, kChunk, job.input_size(), [&](Block blk) {
        transform_mapped(job, maps.in.data() + blk.offset, maps.out.data() + blk.offset * x, std::size_t(blk.length),
                         blk.offset * x);
    });
    maps.flush_if_asked(job);
    return job.complete(ctx);
}

}  // namespace

const Strategy mmap_strategy{
    .algorithm = "cipher",
    .name = "mmap",
    .description = "cciMM: input and output memory-mapped whole, one thread",
    .maps_input = true,
    .run = run,
    .check = check_options_for<Access::mapped>,
};

}  // namespace sfp::cipher
