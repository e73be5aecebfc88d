// iterate/uring — the files' reads queued through io_uring (uring_reader.cpp), through the page cache.
#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/strategies.hpp"

namespace sfp::iterate {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) { return run_uring(spec, ctx, false); }

}  // namespace

const Strategy uring_strategy{
    .algorithm = "iterate",
    .name = "uring",
    .description =
        "inode order, a thread per CPU keeping 128 files' reads in flight through io_uring rings, hashed as they "
        "complete",
    .probe = uring_supported,
    .run = run,
    .finish = finish,
};

}  // namespace sfp::iterate
