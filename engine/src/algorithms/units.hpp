#pragma once
// Each algorithm as one unit (sfp/experiment.hpp's AlgorithmIo), defined in its folder's unit.cpp:
// its input kind, what it writes, its parameter table and option checks. runner/algorithm_io.cpp
// lists them; adding an algorithm = its folder + one line here and there.
#include "algorithms/parameter_tables.hpp"
#include "sfp/experiment.hpp"

namespace sfp {
// The mapped family (mmap, mmap-mt, mmap-in, mmap-window: their names say it) reads the page
// cache through a mapping, the others copy out of it with read(): the two have different limits.
inline bool mapped_family(std::string_view strategy) { return strategy.starts_with("mmap"); }
}  // namespace sfp

namespace sfp::compare { const AlgorithmIo& unit() noexcept; }
namespace sfp::cipher { const AlgorithmIo& unit() noexcept; }
namespace sfp::wordcount { const AlgorithmIo& unit() noexcept; }
namespace sfp::iterate { const AlgorithmIo& unit() noexcept; }
