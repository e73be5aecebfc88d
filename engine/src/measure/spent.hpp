#pragma once
// Per-thread accounting: the scheduler's exact runtime, rusage (faults, switches, the tick-sampled
// user/system split) and storage I/O of the calling thread, and how a run's sum becomes its Usage.
#include <sys/resource.h>

#include "sfp/spent.hpp"
#include "sfp/types.hpp"

namespace sfp {

// The calling thread's runtime so far, to the nanosecond (CLOCK_THREAD_CPUTIME_ID: the
// scheduler brings it up to date when asked, where rusage lags by up to a tick).
double thread_cpu_seconds() noexcept;

// rusage's counts and tick-sampled split (threads = 1, cpu_s 0, storage bytes 0).
Spent from_rusage(const struct rusage& ru) noexcept;
// The calling thread's totals so far: rusage and /proc/thread-self/io; cpu_s only when asked
// (the runner reads its clock apart, inside the timed interval). threads = 1.
Spent thread_totals(bool with_cpu) noexcept;
// What a thread spent between two samples of thread_totals (threads = 1).
Spent spent_between(const Spent& before, const Spent& after) noexcept;

// Bytes read from and written to storage by the calling thread so far; none when the kernel
// does not account them (looked at once per process: /proc/thread-self/io unreadable).
struct StorageBytes {
    std::optional<std::uint64_t> read, write;
};
StorageBytes thread_storage_bytes() noexcept;
// The same from a /proc/.../io text ("read_bytes: N" and "write_bytes: N" lines).
StorageBytes parse_storage_bytes(const char* text) noexcept;

// The kernel's tick (1/CONFIG_HZ): the resolution of CLOCK_MONOTONIC_COARSE, which advances once
// per tick. sysconf(_SC_CLK_TCK) is not it: that is USER_HZ, 100 whatever the kernel's HZ.
double tick_seconds() noexcept;

// The run's Usage: cpu_s exact, split by the tick-sampled proportion (all user time when no tick
// was seen, as the kernel's own cputime_adjust does), resolved per kSplitTicks. Hardware counters
// are left n/a (measure/hw_counters.hpp adds them).
Usage usage_of(const Spent& spent, double tick_s = tick_seconds()) noexcept;

}  // namespace sfp
