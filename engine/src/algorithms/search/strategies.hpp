#pragma once
// search's strategies: the one list (algorithms/strategy_list.hpp), in the order they are listed.
#include <span>
#include <string_view>

#include "algorithms/strategy_list.hpp"
#include "sfp/parameter.hpp"

#define SFP_SEARCH_STRATEGIES(X)   \
    X(read)     /* read.cpp */     \
    X(mmap)     /* mmap.cpp */     \
    X(simd)     /* simd.cpp */     \
    X(mmap_mt)  /* mmap_mt.cpp */  \
    X(pread_mt) /* pread_mt.cpp */ \
    X(files)    /* files.cpp */    \
    X(regex)    /* regex.cpp */    \
    X(auto)     /* auto.cpp */     \
    X(grep)     /* grep.cpp */     \
    X(rg)       /* rg.cpp */

namespace sfp::search {

// Every strategy reads the first-N bound (a swept parameter: what stops it early), with its others
// (and the pattern's length, swept to show the cost of short patterns).
inline constexpr std::string_view kReadsMatches[] = {"max_matches", "pattern_length"};
inline constexpr std::string_view kReadsBlockAndMatches[] = {"block_size", "max_matches", "pattern_length"};
inline constexpr std::string_view kReadsThreadsAndMatches[] = {"threads", "max_matches", "pattern_length"};
inline constexpr std::string_view kReadsBlockThreadsAndMatches[] = {"block_size", "threads", "max_matches",
                                                                    "pattern_length"};

SFP_SEARCH_STRATEGIES(SFP_DECLARE_STRATEGY)

}  // namespace sfp::search
