#pragma once
// A test-only compare strategy, "recorder", that records what its runs got: the (block size,
// threads) pairs and the judge/plan counts when the last run reached the kernel (issue 43 §1's
// tests follow a flag or a button to here). `sfp::add_strategy(recorder::kStrategy)` first thing
// in a test's main registers it.
#include <mutex>
#include <set>
#include <utility>

#include "sfp/compare.hpp"
#include "sfp/plan.hpp"
#include "sfp/strategy.hpp"

namespace recorder {

struct Seen {
    std::mutex mutex;                                   // runs may come from the controller's thread
    std::set<std::pair<std::uint64_t, unsigned>> runs;  // (block size, threads) each run got
    sfp::PlanCounts at_kernel;                          // when the last run reached the kernel
};

inline Seen& seen() {
    static Seen s;
    return s;
}

inline sfp::Outcome record(const sfp::RunSpec& spec, sfp::RunContext&) {
    const std::lock_guard lock(seen().mutex);
    seen().runs.insert({spec.block_size, spec.threads});
    seen().at_kernel = sfp::plan_counts();
    return sfp::CompareOutcome{};
}

inline const sfp::Strategy kStrategy{.algorithm = "compare",
                                     .name = "recorder",
                                     .description = "test only: records the block size and threads it got",
                                     .reads = sfp::kReadsBlockAndThreads,
                                     .run = record};

}  // namespace recorder
