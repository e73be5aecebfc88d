#pragma once
// What every limit's measurement shares: a scratch directory in the workspace, threads started
// together under one clock, repetitions within the budget, and the cancel flag.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "io/atomic_output.hpp"
#include "sfp/limits.hpp"

namespace sfp::limits {

// Thrown inside a measurement when the cancel flag is set; measure_limit turns it into a limit
// without points.
struct Cancelled {};

// A directory ".sfp-limits.sfp-XXXXXX-TTTTTTTT" in the workspace: a temporary directory
// (io/atomic_output.hpp), locked while it lives and removed with everything in it; one a killed
// process left is swept as every temporary is (by the next measurement, any write beside it,
// each run in the workspace and `clean`).
class Scratch {
public:
    explicit Scratch(const std::string& workdir);  // throws sfp::Failure with the OS reason
    const std::string& dir() const noexcept { return dir_.path(); }
    std::string path(const std::string& name) const { return dir() + "/" + name; }

private:
    TemporaryDirectory dir_;
};

struct Bench {
    const LimitBudget& budget;
    const std::atomic<bool>& cancel;
    void check() const {
        if (cancel.load(std::memory_order_relaxed)) throw Cancelled{};
    }
};

// Runs work(0) .. work(threads-1) on as many threads, released together; returns the seconds from
// their release to the last one's end. An exception of any thread is rethrown here.
double on_threads(unsigned threads, const std::function<void(unsigned index)>& work);

// Test seam: every on_threads returns `seconds` instead of the clock's, and every timed pass
// (passes.hpp) spans `seconds` on each thread, undisturbed (0, the default: the clocks'), so a test
// reads the bytes a measurement counts from its rates.
void set_on_threads_seconds_for_tests(double seconds) noexcept;
double on_threads_seconds_for_tests() noexcept;

// [begin, end) of part `index` of `parts` equal parts of `size`, each a multiple of `align`.
struct Range {
    std::uint64_t begin = 0, end = 0;
};
Range stripe(std::uint64_t size, unsigned parts, unsigned index, std::uint64_t align);

// Rates (bytes / seconds) of repetitions of `once`, which moves `bytes` and returns its seconds:
// budget.min_repetitions, then more up to max_repetitions while seconds_each is not spent.
std::vector<double> repeat(const Bench& bench, double bytes, const std::function<double()>& once);

// Sums 64-bit words of one or two streams side by side (4 independent accumulators, so loads
// and not additions set the pace); the result only keeps the compiler from dropping the loads.
std::uint64_t scan(const std::uint8_t* data, std::uint64_t bytes);
std::uint64_t scan_two(const std::uint8_t* a, const std::uint8_t* b, std::uint64_t bytes);
void keep(std::uint64_t value);  // a sink the optimiser cannot see through

// Fills `bytes` at `data` with pseudo-random words (nothing a disk could compress or dedupe).
void fill(std::uint8_t* data, std::uint64_t bytes, std::uint64_t seed);

// "1 GiB", "256 MiB", "64 KiB": sizes in method texts.
std::string size_words(std::uint64_t bytes);
// "1, 2 threads" / "1 thread": the budget's thread counts in method texts.
std::string threads_words(const std::vector<unsigned>& threads);

}  // namespace sfp::limits

namespace sfp::limits {

// The machine's CPU time so far, in ticks (the first line of /proc/stat): all of it, and what the
// hypervisor stole from this guest.
struct CpuTicks {
    std::uint64_t total = 0, steal = 0;
    bool known = false;
};
CpuTicks cpu_ticks();
// The share stolen between two samples, 0..1; -1 when unknown or no time passed.
double steal_between(const CpuTicks& before, const CpuTicks& after);

}  // namespace sfp::limits
