#pragma once
// cipher's strategies: the one list (algorithms/strategy_list.hpp), in the order they are listed.
#include "algorithms/strategy_list.hpp"

#define SFP_CIPHER_STRATEGIES(X)                                        \
    X(stream)      /* stream.cpp      cci */                            \
    X(mmap)        /* mmap.cpp        cciMM */                          \
    X(threads)     /* threads.cpp     cciMT */                          \
    X(pool)        /* pool.cpp        cciMT_VTP */                      \
    X(uring)       /* uring.cpp       cciOV / cciEX */                  \
    X(mmap_mt)     /* mmap_mt.cpp     cciMTMM */                        \
    X(mmap_window) /* mmap_window.cpp one mapped window at a time */    \
    X(mmap_in)     /* mmap_in.cpp     mapped input, written output */   \
    X(auto)        /* auto.cpp        by the folios: mmap-in or pool */ \
    X(cp)          /* cp.cpp          the system `cp`: a floor */       \
    X(copy_range)  /* copy_range.cpp  copy_file_range(2): the kernel's copy, a floor */

namespace sfp::cipher {

SFP_CIPHER_STRATEGIES(SFP_DECLARE_STRATEGY)

}  // namespace sfp::cipher
