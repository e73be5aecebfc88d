#include "measure/spent.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace sfp {
namespace {

std::optional<std::uint64_t> sum(std::optional<std::uint64_t> a, std::optional<std::uint64_t> b) noexcept {
    if (!a || !b) return std::nullopt;
    return *a + *b;
}

std::optional<double> sum(std::optional<double> a, std::optional<double> b) noexcept {
    if (!a || !b) return std::nullopt;
    return *a + *b;
}

std::optional<std::uint64_t> difference(std::optional<std::uint64_t> before,
                                        std::optional<std::uint64_t> after) noexcept {
    if (!before || !after || *after < *before) return std::nullopt;
    return *after - *before;
}

double seconds(const timeval& tv) noexcept { return double(tv.tv_sec) + double(tv.tv_usec) * 1e-6; }

// The value after "name: " on its own line of a /proc io text.
std::optional<std::uint64_t> field(const char* text, const char* name) noexcept {
    const std::size_t length = std::strlen(name);
    for (const char* line = text; line; line = std::strchr(line, '\n') ? std::strchr(line, '\n') + 1 : nullptr) {
        if (std::strncmp(line, name, length) != 0 || line[length] != ':') continue;
        char* end = nullptr;
        const unsigned long long v = std::strtoull(line + length + 1, &end, 10);
        if (end == line + length + 1) return std::nullopt;
        return std::uint64_t(v);
    }
    return std::nullopt;
}

// Reads /proc/thread-self/io into buf; false when it cannot.
bool read_io_file(char (&buf)[512]) noexcept {
    const int fd = ::open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) return false;
    buf[n] = '\0';
    return true;
}

}  // namespace

Spent& Spent::operator+=(const Spent& o) noexcept {
    threads += o.threads;
    cpu_s += o.cpu_s;
    cpu_exact = cpu_exact && o.cpu_exact;
    tick_user_s += o.tick_user_s;
    tick_sys_s += o.tick_sys_s;
    minor_faults += o.minor_faults;
    major_faults += o.major_faults;
    voluntary_switches += o.voluntary_switches;
    involuntary_switches += o.involuntary_switches;
    read_bytes = sum(read_bytes, o.read_bytes);
    write_bytes = sum(write_bytes, o.write_bytes);
    lifetime_s += o.lifetime_s;
    runnable_s = sum(runnable_s, o.runnable_s);
    blocked_s = sum(blocked_s, o.blocked_s);
    blkio_s = sum(blkio_s, o.blkio_s);
    return *this;
}

double thread_cpu_seconds() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

StorageBytes parse_storage_bytes(const char* text) noexcept {
    return {field(text, "read_bytes"), field(text, "write_bytes")};
}

StorageBytes thread_storage_bytes() noexcept {
    // Asked once per process: a kernel without I/O accounting (or a /proc that hides it) costs
    // no system call per sample afterwards.
    static const bool accounted = [] {
        char buf[512];
        return read_io_file(buf) && parse_storage_bytes(buf).read.has_value();
    }();
    char buf[512];
    if (!accounted || !read_io_file(buf)) return {};
    return parse_storage_bytes(buf);
}

Spent from_rusage(const struct rusage& ru) noexcept {
    Spent s;
    s.threads = 1;
    s.tick_user_s = seconds(ru.ru_utime);
    s.tick_sys_s = seconds(ru.ru_stime);
    s.minor_faults = ru.ru_minflt;
    s.major_faults = ru.ru_majflt;
    s.voluntary_switches = ru.ru_nvcsw;
    s.involuntary_switches = ru.ru_nivcsw;
    return s;
}

Spent thread_totals(bool with_cpu) noexcept {
    const double cpu = with_cpu ? thread_cpu_seconds() : 0;  // first: the rest of the sample is not counted
    struct rusage ru {};
    getrusage(RUSAGE_THREAD, &ru);
    Spent s = from_rusage(ru);
    s.cpu_s = cpu;
    const StorageBytes io = thread_storage_bytes();
    s.read_bytes = io.read;
    s.write_bytes = io.write;
    return s;
}

Spent spent_between(const Spent& before, const Spent& after) noexcept {
    Spent d;
    d.threads = 1;
    d.cpu_s = after.cpu_s - before.cpu_s;
    // The kernel keeps each part of the split from going backwards; a clamp costs nothing.
    d.tick_user_s = std::max(0.0, after.tick_user_s - before.tick_user_s);
    d.tick_sys_s = std::max(0.0, after.tick_sys_s - before.tick_sys_s);
    d.minor_faults = after.minor_faults - before.minor_faults;
    d.major_faults = after.major_faults - before.major_faults;
    d.voluntary_switches = after.voluntary_switches - before.voluntary_switches;
    d.involuntary_switches = after.involuntary_switches - before.involuntary_switches;
    d.read_bytes = difference(before.read_bytes, after.read_bytes);
    d.write_bytes = difference(before.write_bytes, after.write_bytes);
    return d;
}

double tick_seconds() noexcept {
    static const double tick = [] {
        timespec res{};
        // At most 10 ms (HZ=100, the lowest the kernel offers) if the clock cannot say.
        if (clock_getres(CLOCK_MONOTONIC_COARSE, &res) != 0 || (res.tv_sec == 0 && res.tv_nsec == 0)) return 0.01;
        return double(res.tv_sec) + double(res.tv_nsec) * 1e-9;
    }();
    return tick;
}

Usage usage_of(const Spent& spent, double tick_s) noexcept {
    Usage u;
    u.cpu_s = spent.cpu_s;
    u.cpu_exact = spent.cpu_exact;
    const double ticked = spent.tick_user_s + spent.tick_sys_s;
    u.user_s = ticked > 0 ? spent.cpu_s * (spent.tick_user_s / ticked) : spent.cpu_s;
    u.sys_s = spent.cpu_s - u.user_s;
    u.split_resolved = ticked >= kSplitTicks * tick_s * std::max(1u, spent.threads);
    u.minor_faults = spent.minor_faults;
    u.major_faults = spent.major_faults;
    u.voluntary_switches = spent.voluntary_switches;
    u.involuntary_switches = spent.involuntary_switches;
    u.read_bytes = spent.read_bytes;
    u.write_bytes = spent.write_bytes;
    u.thread_s = spent.lifetime_s;
    u.runnable_wait_s = spent.runnable_s;
    u.blocked_s = spent.blocked_s;
    u.blkio_wait_s = spent.blkio_s;
    return u;
}

}  // namespace sfp
