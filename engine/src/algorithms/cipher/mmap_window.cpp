// cipher/mmap-window — the article's road not taken: map one window of the input and the
// matching window of the output at a time, so the address space needed stays small whatever
// the file size. The window is the block size rounded up to whole pages (mmap offsets must be
// page-aligned).
#include "algorithms/cipher/each_block.hpp"
#include "algorithms/cipher/mapped.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::mapped);
    const std::uint64_t page = page_size();
    const std::uint64_t window = (spec.block_size + page - 1) / page * page;
    const unsigned x = job.kernel().expansion();
    each_block(ctx, 0, 1, window, job.input_size(), [&](Block blk) {
        const std::size_t n = std::size_t(blk.length);
        const Mapping in(job.input().fd(), job.input().path(), blk.offset, n, Mapping::Access::read);
        const Mapping out(job.out_fd(), job.output().target(), blk.offset * x, n * x, Mapping::Access::write);
        transform_mapped(job, in.data(), out.data(), n, blk.offset * x);
        if (job.options().flush) out.sync(job.output().target());
    });
    return job.complete(ctx);
}

}  // namespace

const Strategy mmap_window_strategy{
    .algorithm = "cipher",
    .name = "mmap-window",
    .description = "one thread mapping one window (the block size, in whole pages) of input and output at a time",
    .reads = kReadsBlock,
    .maps_input = true,
    .run = run,
    .check = check_options_for<Access::mapped>,
};

}  // namespace sfp::cipher
