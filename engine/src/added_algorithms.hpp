#pragma once
// The AlgorithmIo entries sfp::add_algorithm() added (registry.cpp), for algorithm_io() to find.
#include <deque>

#include "sfp/experiment.hpp"

namespace sfp {

// A deque: entries found earlier stay where they are when another is added.
const std::deque<AlgorithmIo>& added_algorithms() noexcept;

}  // namespace sfp
