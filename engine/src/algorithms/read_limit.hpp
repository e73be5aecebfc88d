#pragma once
// The limit of an algorithm that reads its inputs once, in order (wordcount, search): hot, the
// page cache copied out by read() or scanned through a mapping; cold, the device.
#include "sfp/cache_mode.hpp"
#include "sfp/limits.hpp"

namespace sfp {

inline LimitBound read_once_limit(bool maps_input, CacheMode cache) {
    if (cache == CacheMode::cold) return kDeviceRead;
    return {maps_input ? LimitId::mapped_scan_large : LimitId::page_cache_read};
}

}  // namespace sfp
