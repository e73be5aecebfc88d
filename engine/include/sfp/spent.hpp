#pragma once
// What engine threads spent, as the kernel counts it, summed over the threads of a run before it
// becomes the run's Usage (sfp/types.hpp). measure/spent.hpp takes the samples.
#include <cstdint>
#include <optional>

namespace sfp {

struct Spent {
    unsigned threads = 0;                    // threads (or child processes) sampled
    double cpu_s = 0;                        // exact: the scheduler's runtime
    bool cpu_exact = true;                   // false when a child's runtime could only be had from its rusage
    double tick_user_s = 0, tick_sys_s = 0;  // rusage: sampled at the kernel's tick
    std::int64_t minor_faults = 0, major_faults = 0;
    std::int64_t voluntary_switches = 0, involuntary_switches = 0;
    // From storage / to storage (/proc/thread-self/io); none: n/a for any thread makes the sum n/a.
    std::optional<std::uint64_t> read_bytes = 0, write_bytes = 0;
    // The waiting taken apart (measure/waits.hpp): the threads' lives (the runner's part of the
    // run: without its wait for its own workers and children), of which runnable with no CPU,
    // blocked (lifetime - cpu - runnable, never below 0), and of blocked, on block I/O (none while
    // delay accounting is off); none: n/a for any thread makes the sum n/a.
    double lifetime_s = 0;
    std::optional<double> runnable_s = 0, blocked_s = 0, blkio_s = 0;

    Spent& operator+=(const Spent& o) noexcept;
};

}  // namespace sfp
