#pragma once
// Every algorithm unit the registry knows: the shipped ones (algorithms/units.hpp), then those
// sfp::add_algorithm() added (registry.cpp), for algorithm_io() and the strategy lists.
#include <deque>
#include <vector>

#include "sfp/algorithm_io.hpp"

namespace sfp {

// A deque: entries found earlier stay where they are when another is added.
const std::deque<AlgorithmIo>& added_algorithms() noexcept;
std::vector<const AlgorithmIo*> algorithm_units();  // runner/algorithm_io.cpp

}  // namespace sfp
