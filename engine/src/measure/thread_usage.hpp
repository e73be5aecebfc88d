#pragma once
// Per-thread CPU accounting: getrusage(RUSAGE_THREAD) snapshots and their differences.
#include <sys/resource.h>

#include "sfp/types.hpp"

namespace sfp {

Usage usage_from(const struct rusage& ru) noexcept;
Usage usage_between(const Usage& before, const Usage& after) noexcept;
Usage this_thread_usage() noexcept;  // cumulative, for the calling thread only

}  // namespace sfp
