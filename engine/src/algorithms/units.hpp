#pragma once
// The one list of the shipped algorithms, in the order they are listed: each is one unit
// (sfp/experiment.hpp's AlgorithmIo) defined in its folder's unit.cpp, carrying its strategies
// (the list in its strategies.hpp), default strategy, input kind, parameter table and checks.
// Adding an algorithm = its folder + one line here + add_subdirectory in engine/CMakeLists.txt.
#include <span>

#include "sfp/experiment.hpp"

#define SFP_ALGORITHMS(X) \
    X(compare)            \
    X(cipher)             \
    X(wordcount)          \
    X(iterate)

// Each unit and its parameter table (sfp/parameter.hpp), defined in its folder's unit.cpp and parameters.cpp.
#define SFP_DECLARE_UNIT(name)                                  \
    namespace sfp::name {                                       \
    const AlgorithmIo& unit() noexcept;                         \
    std::span<const Parameter> parameters() noexcept;           \
    }
SFP_ALGORITHMS(SFP_DECLARE_UNIT)

namespace sfp {
// The mapped family (mmap, mmap-mt, mmap-in, mmap-window: their names say it) reads the page
// cache through a mapping, the others copy out of it with read(): the two have different limits.
// `auto` may choose a mapped strategy by measurement, so its ceiling is the mapped one, the higher
// (judged against the read() copy, wordcount's auto ran at 137-162 % of it).
inline bool may_map(std::string_view strategy) { return strategy.starts_with("mmap") || strategy == "auto"; }
}  // namespace sfp
