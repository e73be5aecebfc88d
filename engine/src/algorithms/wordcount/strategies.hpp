#pragma once
// wordcount's strategies, one file each; registry.cpp lists them.
#include "sfp/strategy.hpp"

#include <string_view>

namespace sfp::wordcount {

inline constexpr std::string_view kUsesPacking[] = {"packing"};  // Strategy::swept of pipeline

extern const Strategy strtok_strategy;    // strtok.cpp
extern const Strategy loop_strategy;      // loop.cpp
extern const Strategy pipeline_strategy;  // pipeline.cpp
extern const Strategy simd_strategy;      // simd.cpp
extern const Strategy striped_strategy;   // striped.cpp
extern const Strategy mmap_strategy;      // mmap.cpp
extern const Strategy mmap_mt_strategy;   // mmap.cpp
extern const Strategy files_strategy;     // files.cpp
extern const Strategy wc_strategy;        // wc.cpp
extern const Strategy auto_strategy;      // auto.cpp

Support always_supported();

}  // namespace sfp::wordcount
