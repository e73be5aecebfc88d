#pragma once
// compare's strategies, one file each; registry.cpp lists them.
#include "sfp/strategy.hpp"

namespace sfp::compare {

extern const Strategy read_strategy;      // read.cpp
extern const Strategy pread_mt_strategy;  // pread_mt.cpp
extern const Strategy mmap_strategy;      // mmap.cpp
extern const Strategy mmap_mt_strategy;   // mmap_mt.cpp
extern const Strategy adaptive_strategy;  // adaptive.cpp
extern const Strategy cmp_strategy;       // cmp.cpp

Support always_supported();

}  // namespace sfp::compare
