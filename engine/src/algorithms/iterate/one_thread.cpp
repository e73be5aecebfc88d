// iterate/fs, alpha, inode, cluster, random — one thread, the files in one of the orders.
// They differ only in the order, so one template makes all five.
#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/order.hpp"
#include "algorithms/iterate/strategies.hpp"

namespace sfp::iterate {
namespace {

template <Order order>
Outcome run(const RunSpec& spec, RunContext& ctx) {
    Job job = start(spec, ctx);
    const std::vector<std::size_t> sequence = order_of(order, job.listing, job.seed, ctx);
    return hash_in_order(job, sequence, ctx);
}

constexpr Strategy one_thread(std::string_view name, std::string_view description,
                              Outcome (*run)(const RunSpec&, RunContext&)) {
    return Strategy{.algorithm = "iterate", .name = name, .description = description, .run = run, .finish = finish};
}

}  // namespace

const Strategy fs_strategy = one_thread("fs", "one thread, the order the directories give (getdents)", run<Order::fs>);
const Strategy alpha_strategy = one_thread("alpha", "one thread, paths sorted by their bytes", run<Order::alpha>);
const Strategy inode_strategy = one_thread("inode", "one thread, files sorted by inode number", run<Order::inode>);
const Strategy cluster_strategy =
    one_thread("cluster", "one thread, files sorted by the disk position of their first extent (FIEMAP; IOBoost)",
               run<Order::cluster>);
const Strategy random_strategy =
    one_thread("random", "one thread, a seeded shuffle (option seed): the worst case", run<Order::random>);

}  // namespace sfp::iterate
