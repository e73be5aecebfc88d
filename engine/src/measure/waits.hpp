#pragma once
// The waiting taken apart, per thread: the time it was runnable but had no CPU
// (/proc/thread-self/schedstat), the time it waited on block I/O where delay accounting is on
// (/proc/thread-self/stat), and from those and its life the rest: blocked. And the VM's steal
// over a run (/proc/stat). docs/results-format.md says what each means.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "sfp/spent.hpp"

namespace sfp {

// What the kernel says a thread waited so far. runnable: none where schedstat cannot be read.
struct WaitSample {
    std::optional<double> runnable_s;
    std::optional<double> blkio_s;  // none while delay accounting is off
};

// For tests only: when set, the /proc texts (a thread's schedstat and stat, task_delayacct) are
// asked of it, by path, instead of read; "" stands for a file that cannot be read.
extern std::function<std::string(const std::string& path)> proc_text_for_tests;

// The second field of a schedstat text (nanoseconds runnable on a run queue), in seconds.
std::optional<double> parse_runnable_seconds(const std::string& schedstat);
// Field 42 of a /proc/PID/stat text, delayacct_blkio_ticks (clock ticks of USER_HZ), in seconds.
// The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
std::optional<double> parse_blkio_seconds(const std::string& stat);
// Whether the kernel accounts delays (/proc/sys/kernel/task_delayacct is 1), asked once per
// process; off, blkio reads 0 whatever happened, so it is n/a. Turning it on needs root:
// `sysctl kernel.task_delayacct=1` (or `delayacct` on the kernel's command line).
bool delay_accounting_on();

// The calling thread's waits so far; of a process (a baseline's child, read before it is
// reaped) with `pid`: its main thread's.
WaitSample thread_waits() noexcept;
WaitSample process_waits(int pid);

// Fills in what a thread or child did over `lifetime_s` (its life, or the runner's part of the
// run) beside its spent.cpu_s: runnable from `waits` (the difference of two samples, or one
// whole-life sample), blkio likewise, and blocked = lifetime - cpu - runnable, never below 0:
// the clocks agree to well under a microsecond, but a kernel's rounding must not make it negative.
void split_waits(Spent& spent, double lifetime_s, const WaitSample& waits);
// What a thread waited between two samples (none where either lacks a value).
WaitSample waits_between(const WaitSample& before, const WaitSample& after);

// The VM's CPU time so far, all CPUs (the "cpu" line of /proc/stat, in USER_HZ ticks).
struct CpuTicks {
    std::uint64_t total = 0, steal = 0;
    bool known = false;
};
CpuTicks cpu_ticks();
CpuTicks parse_cpu_ticks(const std::string& proc_stat);
// The share of the VM's CPU time the hypervisor gave to others between two samples, in percent;
// none when no tick passed (a run shorter than 1/USER_HZ on every CPU) or /proc/stat is unreadable.
std::optional<double> steal_percent(const CpuTicks& before, const CpuTicks& after);

}  // namespace sfp
