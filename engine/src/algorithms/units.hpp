#pragma once
// The one list of the shipped algorithms, in the order they are listed: each is one unit
// (AlgorithmIo, sfp/algorithm_io.hpp) defined in its folder's unit.cpp, carrying its strategies
// (the list in its strategies.hpp), default strategy, input kind, parameter table and checks.
// Adding an algorithm = its folder + one line here (engine/CMakeLists.txt finds the folder; the
// CLI makes it a command, app/cli/one_run_commands.hpp).
#include <span>

#include "sfp/algorithm_io.hpp"

#define SFP_ALGORITHMS(X) \
    X(compare)            \
    X(cipher)             \
    X(wordcount)          \
    X(iterate)            \
    X(search)

// Each unit and its parameter table (sfp/parameter.hpp), defined in its folder's unit.cpp and parameters.cpp.
#define SFP_DECLARE_UNIT(name)                        \
    namespace sfp::name {                             \
    const AlgorithmIo& unit() noexcept;               \
    std::span<const Parameter> parameters() noexcept; \
    }
SFP_ALGORITHMS(SFP_DECLARE_UNIT)
