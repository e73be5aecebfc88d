#pragma once
// Run one strategy once, measured: the single entry point both front ends and the runner use.
#include "sfp/progress.hpp"
#include "sfp/strategy.hpp"
#include "sfp/types.hpp"

namespace sfp {

unsigned online_cpus() noexcept;
// A thread count as it runs: 0 means all online CPUs. The one place that says so (the planner,
// a one-run, a one-run's limit).
inline unsigned resolved_threads(std::uint64_t threads) noexcept { return threads ? unsigned(threads) : online_cpus(); }

// Validates the spec (sfp::check_experiment of experiment_of(spec)), probes support, runs, and measures.
// Never throws: every failure is a result with status error and a clear message.
RunResult run_once(const RunSpec& spec, Progress& progress);

// The same with a descriptor the caller holds instead of a registry lookup: the experiment
// runner's test seam (a test-only strategy that is never registered).
RunResult run_once(const Strategy& strategy, const RunSpec& spec, Progress& progress);

}  // namespace sfp
