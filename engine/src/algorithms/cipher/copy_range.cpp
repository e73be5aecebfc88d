// cipher/copy-range — a floor below `cp`: copy_file_range(2) from the input to the output in one
// loop on the run's thread, the kernel's own copy (no user-space buffer; ext4 copies page cache
// to page cache, other filesystems may share extents). `cp` may use the same call, so this says
// what is left of `cp` once its process and its own choices are taken away. It does not
// transform: a reference floor, not a competitor.
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "algorithms/cipher/job.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "sfp/failure.hpp"

namespace sfp::cipher {
namespace {

constexpr std::uint64_t kStep = 64ull << 20;  // per call: progress and cancel are checked between calls

Outcome run(const RunSpec& spec, RunContext& ctx) {
    CipherJob job(spec, ctx, Access::external);
    note_kernel_copy(spec, ctx);
    ProgressMeter meter(ctx);
    loff_t in_off = 0, out_off = 0;
    while (std::uint64_t(in_off) < job.input_size() && !ctx.should_stop()) {
        const std::size_t want = std::size_t(std::min<std::uint64_t>(kStep, job.input_size() - std::uint64_t(in_off)));
        const ssize_t n = ::copy_file_range(job.input().fd(), &in_off, job.out_fd(), &out_off, want, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail_errno("copy_file_range failed on", job.input().path(), errno);
        if (n == 0) job.fail_input_shrank();
        meter.add(std::uint64_t(n));
    }
    return job.complete(ctx);
}

}  // namespace

const Strategy copy_range_strategy{
    .algorithm = "cipher",
    .name = "copy-range",
    .description = "floor: copy_file_range(2) from input to output on one thread (the kernel's copy, no transform)",
    .reference_floor = true,
    .run = run,
    .finish = hash_copied_output,
    .check = check_options_for<Access::external>,
};

}  // namespace sfp::cipher
