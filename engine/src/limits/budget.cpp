// How much each limit's measurement moves on this machine: sized from the last-level cache and
// the memory available, so memory reads miss every cache and nothing crowds the machine.
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "measure/machine.hpp"
#include "sfp/limits.hpp"
#include "sfp/run.hpp"

namespace sfp {
namespace {

constexpr std::uint64_t MiB = 1ull << 20;

// "32768K" -> bytes; 0 when unreadable.
std::uint64_t sysfs_size(const std::string& path) {
    std::ifstream in(path);
    std::uint64_t value = 0;
    char unit = 0;
    if (!(in >> value)) return 0;
    in >> unit;
    return unit == 'K' ? value << 10 : unit == 'M' ? value << 20 : value;
}

// The size of the highest-level cache sysfs lists for CPU 0.
std::uint64_t sysfs_llc() {
    int best_level = 0;
    std::uint64_t best = 0;
    for (int i = 0; i < 16; ++i) {
        const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i);
        std::ifstream level_file(dir + "/level");
        int level = 0;
        if (!(level_file >> level)) continue;
        const std::uint64_t size = sysfs_size(dir + "/size");
        if (level > best_level || (level == best_level && size > best)) best_level = level, best = size;
    }
    return best;
}

std::uint64_t sysconf_size(int name) {
    const long v = ::sysconf(name);
    return v > 0 ? std::uint64_t(v) : 0;
}

std::uint64_t round_down(std::uint64_t bytes, std::uint64_t unit) { return std::max(unit, bytes / unit * unit); }

// 1, 2, 4 ... and the online CPUs themselves.
std::vector<unsigned> thread_counts(unsigned cpus) {
    std::vector<unsigned> out;
    for (unsigned t = 1; t < cpus; t *= 2) out.push_back(t);
    out.push_back(std::max(1u, cpus));
    return out;
}

}  // namespace

std::uint64_t last_level_cache_bytes() {
    // sysfs tells one instance's size; glibc's sysconf may tell another (on some VMs the host's
    // whole L3): the larger makes sure a buffer sized from it misses the cache.
    return std::max({sysfs_llc(), sysconf_size(_SC_LEVEL3_CACHE_SIZE), sysconf_size(_SC_LEVEL4_CACHE_SIZE)});
}

LimitBudget limit_budget(bool quick) {
    const std::uint64_t llc = std::max<std::uint64_t>(last_level_cache_bytes(), 8 * MiB);
    const std::uint64_t available = available_memory_bytes();
    const std::uint64_t lo = quick ? 128 * MiB : 256 * MiB, hi = quick ? 512 * MiB : 1024 * MiB;
    std::uint64_t buffer = std::clamp((quick ? 2 : 4) * llc, lo, hi);
    if (available) buffer = std::min(buffer, available / 4);
    buffer = round_down(buffer, 2 * MiB);
    LimitBudget b;
    b.memory_bytes = buffer;
    b.file_bytes = quick ? std::min<std::uint64_t>(buffer, 256 * MiB) : buffer;
    b.small_folio_bytes = round_down(b.file_bytes / 4, 2 * MiB);
    b.device_bytes = quick ? 64 * MiB : 512 * MiB;
    b.small_files = quick ? 300 : 2000;
    b.threads = thread_counts(online_cpus());
    b.min_repetitions = 3;
    b.max_repetitions = quick ? 3 : 5;
    b.seconds_each = quick ? 0.3 : 1;
    b.quick = quick;
    return b;
}

}  // namespace sfp
