#pragma once
// compare's strategies: the one list (algorithms/strategy_list.hpp), in the order they are listed.
#include "algorithms/strategy_list.hpp"

#define SFP_COMPARE_STRATEGIES(X)  \
    X(read)     /* read.cpp */     \
    X(pread_mt) /* pread_mt.cpp */ \
    X(mmap)     /* mmap.cpp */     \
    X(mmap_mt)  /* mmap_mt.cpp */  \
    X(adaptive) /* adaptive.cpp */ \
    X(cmp)      /* cmp.cpp */

namespace sfp::compare {

SFP_COMPARE_STRATEGIES(SFP_DECLARE_STRATEGY)

}  // namespace sfp::compare
