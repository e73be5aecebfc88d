// iterate/parallel — T threads take the next file of the cluster (or fs) order: queue depth.
#include <atomic>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/order.hpp"
#include "algorithms/iterate/strategies.hpp"

namespace sfp::iterate {
namespace {

Support always() { return Support::yes(); }

Outcome run(const RunSpec& spec, RunContext& ctx) {
    Job job = start(spec, ctx);
    const std::vector<std::size_t> order = cluster_or_fs(job.listing, ctx);
    std::vector<HashResult> results(order.size());  // each slot written by the one thread that took it
    std::atomic<std::size_t> next{0};
    const unsigned threads = unsigned(std::min<std::size_t>(spec.threads, std::max<std::size_t>(order.size(), 1)));
    ctx.run_threads(threads, [&](unsigned) {
        Hasher hasher;
        ProgressMeter meter(ctx);
        for (std::size_t k; !ctx.should_stop() && (k = next.fetch_add(1, std::memory_order_relaxed)) < order.size();)
            results[k] = hasher.hash_path(job.listing.files[order[k]].path, job.scope, ctx, meter);
    });
    return outcome_of(job, order, results);
}

}  // namespace

const Strategy parallel_strategy{
    .algorithm = "iterate",
    .name = "parallel",
    .description = "T threads take the next file of the cluster (or fs) order: many reads in flight",
    .uses = uses_threads,
    .probe = always,
    .run = run,
    .finish = finish,
};

}  // namespace sfp::iterate
