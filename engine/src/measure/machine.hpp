#pragma once
// Facts about this machine that strategies and reports need.
#include <cstdint>
#include <string>

namespace sfp {

std::uint64_t available_memory_bytes();  // MemAvailable from /proc/meminfo (0 if unknown)
std::uint64_t total_memory_bytes();

}  // namespace sfp
