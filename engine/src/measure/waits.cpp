#include "measure/waits.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <sstream>

namespace sfp {

std::function<std::string(const std::string& path)> proc_text_for_tests;

namespace {

// A small /proc file's text, "" when it cannot be read. One read: /proc texts come whole.
std::string proc_text(const std::string& path) {
    if (proc_text_for_tests) return proc_text_for_tests(path);
    char buf[2048];
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    const ssize_t n = ::read(fd, buf, sizeof buf);
    ::close(fd);
    return n > 0 ? std::string(buf, std::size_t(n)) : std::string();
}

std::optional<double> minus(std::optional<double> after, std::optional<double> before) {
    if (!after || !before) return std::nullopt;
    return std::max(0.0, *after - *before);
}

WaitSample waits_of(const std::string& dir) {
    WaitSample w;
    w.runnable_s = parse_runnable_seconds(proc_text(dir + "/schedstat"));
    if (delay_accounting_on()) w.blkio_s = parse_blkio_seconds(proc_text(dir + "/stat"));
    return w;
}

}  // namespace

std::optional<double> parse_runnable_seconds(const std::string& schedstat) {
    std::istringstream in(schedstat);
    unsigned long long on_cpu = 0, runnable = 0;
    if (!(in >> on_cpu >> runnable)) return std::nullopt;
    return double(runnable) * 1e-9;
}

std::optional<double> parse_blkio_seconds(const std::string& stat) {
    const std::size_t name_end = stat.rfind(')');
    if (name_end == std::string::npos) return std::nullopt;
    std::istringstream in(stat.substr(name_end + 1));
    std::string field;
    for (int number = 3; number <= 42; ++number)  // the first field after the name is the 3rd
        if (!(in >> field)) return std::nullopt;
    char* end = nullptr;
    const unsigned long long ticks = std::strtoull(field.c_str(), &end, 10);
    if (end == field.c_str() || *end != '\0') return std::nullopt;
    static const long user_hz = sysconf(_SC_CLK_TCK);  // the unit of /proc's ticks: USER_HZ
    return double(ticks) / double(user_hz > 0 ? user_hz : 100);
}

bool delay_accounting_on() {
    if (proc_text_for_tests) return proc_text("/proc/sys/kernel/task_delayacct").starts_with("1");
    static const bool on = proc_text("/proc/sys/kernel/task_delayacct").starts_with("1");
    return on;
}

WaitSample thread_waits() noexcept {
    try {
        return waits_of("/proc/thread-self");
    } catch (const std::bad_alloc&) {  // out of memory nothing is known (n/a): a worker samples itself at
        return {};                     // its end, where nothing may escape
    }
}

WaitSample process_waits(int pid) { return waits_of("/proc/" + std::to_string(pid)); }

WaitSample waits_between(const WaitSample& before, const WaitSample& after) {
    return {minus(after.runnable_s, before.runnable_s), minus(after.blkio_s, before.blkio_s)};
}

void split_waits(Spent& spent, double lifetime_s, const WaitSample& waits) {
    spent.lifetime_s = lifetime_s;
    spent.runnable_s = waits.runnable_s;
    spent.blkio_s = waits.blkio_s;
    spent.blocked_s = std::nullopt;
    if (waits.runnable_s) spent.blocked_s = std::max(0.0, lifetime_s - spent.cpu_s - *waits.runnable_s);
}

CpuTicks parse_cpu_ticks(const std::string& proc_stat) {
    std::istringstream in(proc_stat);
    std::string label;
    CpuTicks t;
    if (!(in >> label) || label != "cpu") return t;
    // user nice system idle iowait irq softirq steal: guest time is already inside user and nice
    for (int i = 0; i < 8; ++i) {
        unsigned long long v = 0;
        if (!(in >> v)) return t;
        t.total += v;
        if (i == 7) t.steal = v;
    }
    t.known = true;
    return t;
}

CpuTicks cpu_ticks() { return parse_cpu_ticks(proc_text("/proc/stat")); }

std::optional<double> steal_percent(const CpuTicks& before, const CpuTicks& after) {
    if (!before.known || !after.known || after.total <= before.total || after.steal < before.steal) return std::nullopt;
    return 100.0 * double(after.steal - before.steal) / double(after.total - before.total);
}

}  // namespace sfp
