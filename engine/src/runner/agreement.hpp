#pragma once
// Fast but wrong is never hidden: runs whose outcome disagrees get status "MISMATCH".
#include <set>

#include "sfp/experiment.hpp"

namespace sfp::runner {

// Re-decides the status of every successful run on `input_set` (see agreement.cpp for how
// the reference outcome is chosen). Reference floors are left out. Returns the cells whose
// runs changed status, so only their statistics need redoing; `changed_runs`, when given,
// receives the indices (into report.runs) of the runs whose status changed.
std::set<std::size_t> check_agreement(ExperimentReport& report, std::size_t input_set,
                                      std::vector<std::size_t>* changed_runs = nullptr);

}  // namespace sfp::runner
