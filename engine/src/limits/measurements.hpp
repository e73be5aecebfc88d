#pragma once
// One function per limit (memory.cpp, page_cache.cpp, device.cpp, small_files.cpp): each measures
// on the session's fixtures and says how in Limit::method. They throw sfp::Failure when the
// machine cannot give the limit and Cancelled when asked to stop; measure.cpp turns both into a limit.
#include "limits/fixtures.hpp"

namespace sfp::limits {

Limit memory_read(Fixtures& f);
Limit two_stream_read(Fixtures& f);
Limit page_cache_read(Fixtures& f);
Limit mapped_scan_large(Fixtures& f);
Limit mapped_scan_small(Fixtures& f);
Limit page_cache_write(Fixtures& f);
Limit device_read(Fixtures& f, unsigned depth);  // depth 1 or 32
Limit small_files_cold(Fixtures& f);
Limit small_files_hot(Fixtures& f);

}  // namespace sfp::limits
