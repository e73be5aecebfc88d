// iterate/parallel — T threads take the next file of the cluster (or fs) order: queue depth.
#include <algorithm>
#include <atomic>

#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/order.hpp"
#include "algorithms/iterate/strategies.hpp"

namespace sfp::iterate {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    Job job = start(spec, ctx);
    const std::vector<std::size_t> order = cluster_or_fs(job.listing, ctx);
    std::vector<HashResult> results(order.size());
    hash_parallel(job, order, 0, order.size(), spec.threads, results, ctx);
    return outcome_of(job, order, results);
}

}  // namespace

void hash_parallel(const Job& job, const std::vector<std::size_t>& order, std::size_t begin, std::size_t end,
                   unsigned threads, std::vector<HashResult>& results, RunContext& ctx) {
    std::atomic<std::size_t> next{begin};  // each slot written by the one thread that took it
    ctx.run_threads(
        unsigned(std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(end - begin, 1))), [&](unsigned) {
            Hasher hasher;
            ProgressMeter meter(ctx);
            for (std::size_t k; !ctx.should_stop() && (k = next.fetch_add(1, std::memory_order_relaxed)) < end;)
                results[k] = hasher.hash_path(job.listing.files[order[k]].path, job.scope, ctx, meter);
        });
}

const Strategy parallel_strategy{
    .algorithm = "iterate",
    .name = "parallel",
    .description = "T threads take the next file of the cluster (or fs) order: many reads in flight",
    .reads = kReadsThreads,
    .run = run,
    .finish = finish,
};

}  // namespace sfp::iterate
