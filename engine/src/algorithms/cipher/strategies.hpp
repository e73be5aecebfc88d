#pragma once
// cipher's strategies, one file each; registry.cpp lists them.
#include "sfp/strategy.hpp"

namespace sfp::cipher {

extern const Strategy stream_strategy;       // stream.cpp      cci
extern const Strategy mmap_strategy;         // mmap.cpp        cciMM
extern const Strategy threads_strategy;      // threads.cpp     cciMT
extern const Strategy pool_strategy;         // pool.cpp        cciMT_VTP
extern const Strategy uring_strategy;        // uring.cpp       cciOV / cciEX
extern const Strategy mmap_mt_strategy;      // mmap_mt.cpp     cciMTMM
extern const Strategy mmap_window_strategy;  // mmap_window.cpp one mapped window at a time
extern const Strategy mmap_in_strategy;      // mmap_in.cpp     mapped input, written output
extern const Strategy cp_strategy;           // cp.cpp          the system `cp`: a floor
extern const Strategy copy_range_strategy;   // copy_range.cpp  copy_file_range(2): the kernel's copy, a floor
extern const Strategy auto_strategy;         // auto.cpp        measured choice: mmap-in or threads

Support always_supported();

}  // namespace sfp::cipher
