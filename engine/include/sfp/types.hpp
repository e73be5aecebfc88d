#pragma once
// The run specification and the result of one run: the vocabulary every layer shares.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sfp/command.hpp"
#include "sfp/option_values.hpp"
#include "sfp/outcome.hpp"
#include "sfp/timeline.hpp"

namespace sfp {

inline constexpr std::uint64_t kDefaultBlockSize = 4096;
inline constexpr unsigned kMaxThreads = 1024;
inline constexpr std::uint64_t kMaxBlockSize = 1ull << 30;  // 1 GiB: anything larger is a typo

enum class Status { ok, cancelled, error, unsupported };
const char* to_string(Status s) noexcept;

// One run: which strategy of which algorithm, on what, with which parameters.
struct RunSpec {
    std::string algorithm;            // "compare", "cipher", ...
    std::string strategy;             // "mmap-mt", ...
    std::vector<std::string> inputs;  // input paths (compare: two)
    std::string output;               // output path for algorithms that write
    std::uint64_t block_size = kDefaultBlockSize;
    unsigned threads = 0;  // 0 = number of online CPUs
    OptionValues options;  // the algorithm's other parameters, parsed (max_mismatches 8)
    // Take the outcome's digest (the runner judges agreement by it). A one-run command of cipher
    // asks only with --digest: without it, nothing is hashed and RunResult::digest stays empty.
    bool digest = true;
    // Record what each thread did when (RunResult::threads, sfp/timeline.hpp): off by default,
    // its clock reads cost a little per unit of work.
    bool timeline = false;
    Command command;  // a user's command strategy (sfp/command.hpp), filled by the plan; else empty
};

// The user/system proportion means something once rusage saw this many ticks of CPU per thread
// sampled (the tick: 1/CONFIG_HZ, 4 ms here): each thread's split can be off by about a tick at
// each end, so 10 ticks keep the proportion's error near 10 %.
inline constexpr double kSplitTicks = 10;

// What the engine's own threads spent on one run (a baseline: its child process). Which numbers
// are exact and which sampled: docs/results-format.md.
struct Usage {
    // Exact: the scheduler's runtime of every engine thread (CLOCK_THREAD_CPUTIME_ID), summed.
    double cpu_s = 0;
    // The kernel's user/system proportion, sampled at its tick (rusage), applied to cpu_s, so
    // user_s + sys_s == cpu_s. Not resolved when too few ticks were sampled for the proportion
    // to mean anything (kSplitTicks): then only the total is known.
    double user_s = 0, sys_s = 0;
    bool split_resolved = true;
    bool cpu_exact = true;  // false in a report written before cpu_s was measured: cpu_s = user + sys
    std::int64_t minor_faults = 0, major_faults = 0;
    std::int64_t voluntary_switches = 0, involuntary_switches = 0;
    // Bytes the threads had read from / written to storage (/proc/thread-self/io); none = n/a.
    std::optional<std::uint64_t> read_bytes, write_bytes;
    // Hardware counters of the run's threads (perf_event_open); none = n/a: no CPU PMU (most
    // VMs), or the kernel does not permit counting.
    std::optional<std::uint64_t> cycles, instructions, dtlb_read_misses;
    // The waiting taken apart, summed over the same threads; none = n/a (an older report, a /proc
    // that hides it). thread_s: their lives (the runner thread's without its wait for its own
    // workers and children), so cpu_s + runnable_wait_s + blocked_s = thread_s; runnable: on a
    // run queue with no CPU to run on (schedstat); blocked: the rest (I/O, faults, locks, sleep);
    // blkio_wait_s: of blocked, on block I/O (delay accounting: n/a while it is off).
    std::optional<double> thread_s, runnable_wait_s, blocked_s, blkio_wait_s;
    // Of the VM's CPU time over the run, the share its hypervisor ran others on (/proc/stat's
    // steal), in percent; n/a when no tick passed.
    std::optional<double> steal_pct;
};

struct RunResult {
    Status status = Status::ok;
    std::string error;               // what failed, which path, the OS reason
    std::uint64_t bytes = 0;         // bytes processed (all inputs)
    double real_s = 0;               // steady clock around the run
    double list_s = 0;               // part of real_s spent listing the input tree (iterate), else 0
    Usage usage;                     // engine threads only (plus children for baselines)
    Outcome outcome;                 // what the algorithm found
    std::string digest;              // 16 hex digits identifying the outcome
    std::vector<std::string> notes;  // e.g. which strategy `adaptive` chose and why
    // With RunSpec::timeline: the runner thread, then each worker and child in the order they
    // ended; empty otherwise.
    std::vector<ThreadTime> threads;
};

}  // namespace sfp
