#pragma once
// wordcount's strategies: the one list (algorithms/strategy_list.hpp), in the order they are listed.
#include <string_view>

#include "algorithms/strategy_list.hpp"

#define SFP_WORDCOUNT_STRATEGIES(X) \
    X(strtok)   /* strtok.cpp */    \
    X(loop)     /* loop.cpp */      \
    X(pipeline) /* pipeline.cpp */  \
    X(simd)     /* simd.cpp */      \
    X(striped)  /* striped.cpp */   \
    X(mmap)     /* mmap.cpp */      \
    X(mmap_mt)  /* mmap.cpp */      \
    X(files)    /* files.cpp */     \
    X(wc)       /* wc.cpp */        \
    X(auto)     /* auto.cpp */

namespace sfp::wordcount {

// pipeline's Strategy::reads: the packing too (lines per hand-off).
inline constexpr std::string_view kReadsBlockThreadsAndPacking[] = {"block_size", "threads", "packing"};

SFP_WORDCOUNT_STRATEGIES(SFP_DECLARE_STRATEGY)

}  // namespace sfp::wordcount
