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

    Spent& operator+=(const Spent& o) noexcept;
};

}  // namespace sfp
