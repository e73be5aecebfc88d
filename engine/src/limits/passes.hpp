#pragma once
// Many short passes of a CPU-bound limit, each timed by the wall clock and by its threads' own
// clocks. Only the passes in which no measuring thread waited for a CPU are kept, and the fastest
// of those is the figure: other processes' load makes passes slower or disturbed, never faster,
// so it cannot lower the ceiling (docs/limits.md). The selection is pure: tests feed fake clocks.
#include <functional>
#include <span>
#include <vector>

#include "limits/bench.hpp"

namespace sfp::limits {

// One measuring thread in one pass, in seconds: the wall clock at its start and end, the CPU
// time it ran meanwhile (its own CPU clock) and the time it waited runnable for a CPU (the
// second field of /proc/thread-self/schedstat; -1 when the kernel does not keep it).
struct ThreadSpan {
    double start = 0, end = 0, cpu = 0, waited = -1;
};

// A pass: the bytes its threads moved together, and each thread's span.
struct Pass {
    double bytes = 0;
    std::vector<ThreadSpan> threads = {};
    double seconds() const;  // from the first thread's start to the last one's end
    double rate() const;     // bytes / seconds
};

// A thread may be off a CPU for at most this share of its span (from the pass's first start to
// its own end): a late start counts, and the time it waited for a CPU (without schedstat: its
// wall time less its CPU time, which also counts time blocked on a lock).
inline constexpr double kOffCpuShare = 0.05;
bool undisturbed(const Pass& pass);

// The point these passes make: the undisturbed ones' rates, in order; passes_taken all of them.
// When none ran undisturbed, the fastest of all stands in (the point is then uncertain).
LimitPoint point_of(unsigned threads, std::span<const Pass> passes);

// Runs work(0) .. work(threads-1) on as many threads, released together (they spin, yielding, on
// one flag, so none waits for a wake-up), each timing itself. Rethrows any thread's exception.
Pass timed_pass(double bytes, unsigned threads, const std::function<void(unsigned index)>& work);

// Passes once(k), k = 0, 1, 2 ..., until budget.passes_enough are undisturbed or seconds_each is
// spent, never fewer than min_repetitions.
LimitPoint take_passes(const Bench& bench, unsigned threads, const std::function<Pass(unsigned k)>& once);
// The same for every thread count of the budget: once(threads, k).
std::vector<LimitPoint> passes_by_threads(const Bench& bench, const std::function<Pass(unsigned, unsigned)>& once);

// The part of [0, size) pass k moves: budget.pass_bytes per thread (a multiple of `align`, at
// most `size`), the passes walking through it window after window, so a buffer larger than the
// caches is never read from them.
Range pass_window(const LimitBudget& budget, std::uint64_t size, unsigned threads, unsigned k, std::uint64_t align);

// The files pass k reads of a tree of files of `sizes` bytes: as many files as make
// budget.pass_bytes per thread at the tree's mean size (at least one a thread, at most all), the
// passes walking through the tree window after window; `bytes` are theirs.
struct FileRange {
    std::size_t begin = 0, end = 0;
    double bytes = 0;
};
FileRange file_window(const LimitBudget& budget, std::span<const std::uint64_t> sizes, unsigned threads, unsigned k);

// "in passes of 8 MiB per thread, the fastest of the undisturbed ones": method texts.
std::string passes_words(const LimitBudget& budget);

}  // namespace sfp::limits
