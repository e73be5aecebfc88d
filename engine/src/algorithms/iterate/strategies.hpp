#pragma once
// iterate's strategies; registry.cpp lists them.
#include "sfp/strategy.hpp"

namespace sfp::iterate {

extern const Strategy fs_strategy;        // one_thread.cpp
extern const Strategy alpha_strategy;     // one_thread.cpp
extern const Strategy inode_strategy;     // one_thread.cpp
extern const Strategy cluster_strategy;   // one_thread.cpp
extern const Strategy random_strategy;    // one_thread.cpp
extern const Strategy parallel_strategy;  // parallel.cpp
extern const Strategy prefetch_strategy;  // prefetch.cpp
extern const Strategy uring_strategy;     // uring.cpp
extern const Strategy xxhsum_strategy;    // xxhsum.cpp
extern const Strategy auto_strategy;      // auto.cpp

}  // namespace sfp::iterate
