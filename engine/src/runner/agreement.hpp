#pragma once
// Fast but wrong is never hidden: runs whose outcome disagrees get status mismatch.
#include <set>
#include <span>

#include "sfp/experiment.hpp"

namespace sfp::runner {

// Re-decides the status of every successful run among `set_runs` (indices into report.runs:
// every run of one input set, RunIndex::runs_of_set; see agreement.cpp for how the reference
// outcome is chosen). Reference floors are left out. Returns the cells whose runs changed
// status, so only their statistics need redoing; `changed_runs`, when given, receives the
// indices (into report.runs) of the runs whose status changed.
std::set<std::size_t> check_agreement(ExperimentReport& report, std::span<const std::size_t> set_runs,
                                      std::vector<std::size_t>* changed_runs = nullptr);

}  // namespace sfp::runner
