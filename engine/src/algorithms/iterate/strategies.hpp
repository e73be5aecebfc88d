#pragma once
// iterate's strategies: the one list (algorithms/strategy_list.hpp), in the order they are listed.
#include "algorithms/strategy_list.hpp"

#define SFP_ITERATE_STRATEGIES(X)    \
    X(fs)       /* one_thread.cpp */ \
    X(alpha)    /* one_thread.cpp */ \
    X(inode)    /* one_thread.cpp */ \
    X(cluster)  /* one_thread.cpp */ \
    X(random)   /* one_thread.cpp */ \
    X(parallel) /* parallel.cpp */   \
    X(prefetch) /* prefetch.cpp */   \
    X(uring)    /* uring.cpp */      \
    X(direct)   /* direct.cpp */     \
    X(xxhsum)   /* xxhsum.cpp */     \
    X(auto)     /* auto.cpp */

namespace sfp::iterate {

SFP_ITERATE_STRATEGIES(SFP_DECLARE_STRATEGY)

}  // namespace sfp::iterate
