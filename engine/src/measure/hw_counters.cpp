#include "measure/hw_counters.hpp"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace sfp {
namespace {

struct Event {
    std::uint32_t type;
    std::uint64_t config;
};

constexpr std::uint64_t kDtlbReadMiss =
    PERF_COUNT_HW_CACHE_DTLB | (PERF_COUNT_HW_CACHE_OP_READ << 8) | (PERF_COUNT_HW_CACHE_RESULT_MISS << 16);
constexpr std::array<Event, 3> kHardware = {{{PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
                                             {PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
                                             {PERF_TYPE_HW_CACHE, kDtlbReadMiss}}};
constexpr std::array<Event, 3> kSoftware = {{{PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
                                             {PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
                                             {PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES}}};

std::atomic<HwSource> g_source{HwSource::hardware};
// Per source and counter: 0 not tried yet, 1 opens, -1 refused (never tried again).
std::atomic<int> g_state[3][3];

int open_event(const Event& e) noexcept {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = e.type;
    attr.config = e.config;
    attr.inherit = 1;  // threads started from now on count too
    attr.exclude_hv = 1;
    attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    return int(syscall(SYS_perf_event_open, &attr, 0 /* this thread */, -1 /* any CPU */, -1, PERF_FLAG_FD_CLOEXEC));
}

// What the kernel says when this counter cannot be had here at all (no such PMU or event, not
// permitted), as opposed to a passing shortage such as running out of file descriptors.
bool refused(int error) noexcept {
    return error == ENOENT || error == ENODEV || error == EOPNOTSUPP || error == EACCES || error == EPERM ||
           error == EINVAL || error == ENOSYS;
}

}  // namespace

void set_hw_source_for_tests(HwSource source) noexcept { g_source.store(source); }

std::uint64_t scaled_count(std::uint64_t value, std::uint64_t enabled, std::uint64_t running) noexcept {
    return running < enabled ? std::uint64_t(double(value) * double(enabled) / double(running)) : value;
}

HwCounters::HwCounters() noexcept {
    const HwSource source = g_source.load();
    if (source == HwSource::none) return;
    const auto& events = source == HwSource::hardware ? kHardware : kSoftware;
    for (std::size_t i = 0; i < events.size(); ++i) {
        std::atomic<int>& state = g_state[int(source)][i];
        if (state.load(std::memory_order_relaxed) < 0) continue;
        fd_[i] = open_event(events[i]);
        if (fd_[i] >= 0)
            state.store(1, std::memory_order_relaxed);
        else if (refused(errno))
            state.store(-1, std::memory_order_relaxed);  // not out of descriptors: for good
    }
}

HwCounters::~HwCounters() {
    for (int fd : fd_)
        if (fd >= 0) ::close(fd);
}

HwCounts HwCounters::read() const noexcept {
    std::array<std::optional<std::uint64_t>, 3> counts;
    for (std::size_t i = 0; i < fd_.size(); ++i) {
        std::uint64_t v[3] = {};  // value, time enabled, time running
        if (fd_[i] < 0 || ::read(fd_[i], v, sizeof v) != ssize_t(sizeof v) || v[2] == 0) continue;
        counts[i] = scaled_count(v[0], v[1], v[2]);
    }
    return {counts[0], counts[1], counts[2]};
}

}  // namespace sfp
