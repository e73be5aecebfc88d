#pragma once
// An algorithm's strategies are one list in its strategies.hpp, one line per strategy, e.g.
//     #define SFP_COMPARE_STRATEGIES(X)  X(read) X(pread_mt) ...
// Each entry names `<entry>_strategy`, defined in the strategy's own file. The list declares them
// (SFP_DECLARE_STRATEGY) and the algorithm's unit.cpp lists them (SFP_STRATEGY_VALUE), so that
// a new strategy is its file plus that one line (CMake globs the folder): nothing else names it.
#include "sfp/strategy.hpp"

#define SFP_DECLARE_STRATEGY(entry) extern const Strategy entry##_strategy;
#define SFP_STRATEGY_VALUE(entry) entry##_strategy,
