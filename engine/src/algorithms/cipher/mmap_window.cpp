// cipher/mmap-window — the article's road not taken: map one window of the input and the
// matching window of the output at a time, so the address space needed stays small whatever
// the file size. The window is the block size rounded up to whole pages (mmap offsets must be
// page-aligned).
#include "algorithms/cipher/mapped.hpp"
#include "algorithms/cipher/strategies.hpp"

namespace sfp::cipher {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::mapped);
    const std::uint64_t page = page_size();
    const std::uint64_t window = (spec.block_size + page - 1) / page * page;
    const unsigned x = job.kernel().expansion();
    ProgressMeter meter(ctx);
    for (std::uint64_t off = 0; off < job.input_size() && !ctx.should_stop(); off += window) {
        const std::size_t n = std::size_t(std::min(window, job.input_size() - off));
        const MappedRegion in(job.input().fd(), job.input().path(), off, n, MappedRegion::Access::read);
        const MappedRegion out(job.out_fd(), job.output().target(), off * x, n * x, MappedRegion::Access::write);
        transform_mapped(job, in.data(), out.data(), n);
        if (job.options().flush) out.sync(job.output().target());
        meter.add(n);
    }
    return job.complete(ctx);
}

}  // namespace

const Strategy mmap_window_strategy{
    .algorithm = "cipher",
    .name = "mmap-window",
    .description = "one thread mapping one window (the block size, in whole pages) of input and output at a time",
    .uses = uses_block,
    .probe = always_supported,
    .run = run,
    .finish = hash_output,
};

}  // namespace sfp::cipher
