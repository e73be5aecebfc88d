// iterate/direct — uring's reader (uring_reader.cpp) opening every file with O_DIRECT: the device
// writes into the registered buffers, no page cache, no copy; it reads the device even for what is
// cached.
#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/strategies.hpp"

namespace sfp::iterate {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) { return run_uring(spec, ctx, true); }

}  // namespace

const Strategy direct_strategy{
    .algorithm = "iterate",
    .name = "direct",
    .description =
        "uring with O_DIRECT reads into registered buffers: no page cache, no copy; reads the device even when cached",
    .probe = uring_supported,
    .run = run,
    .finish = finish,
};

}  // namespace sfp::iterate
