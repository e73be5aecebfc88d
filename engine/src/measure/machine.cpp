#include "measure/machine.hpp"

#include <fstream>
#include <sstream>

namespace sfp {
namespace {

std::uint64_t meminfo_bytes(const std::string& key) {
    std::ifstream in("/proc/meminfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(key + ":", 0) != 0) continue;
        std::istringstream fields(line.substr(key.size() + 1));
        std::uint64_t kib = 0;
        fields >> kib;
        return kib * 1024;
    }
    return 0;
}

}  // namespace

std::uint64_t available_memory_bytes() { return meminfo_bytes("MemAvailable"); }
std::uint64_t total_memory_bytes() { return meminfo_bytes("MemTotal"); }

}  // namespace sfp
