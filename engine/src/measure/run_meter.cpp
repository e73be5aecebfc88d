#include "measure/run_meter.hpp"

namespace sfp {

// The counters' sample and the hardware counters are taken as the members are built; the clock
// starts again after them, then the CPU clock is read.
RunMeter::RunMeter() noexcept : before_(thread_totals(false)) {
    clock_ = Stopwatch();
    cpu_before_ = thread_cpu_seconds();
}

void RunMeter::stop() noexcept {
    if (stopped_) return;
    stopped_ = true;
    const double cpu_after = thread_cpu_seconds();
    real_s_ = clock_.seconds();
    hw_counts_ = hw_.read();
    spent_ = spent_between(before_, thread_totals(false));
    spent_.cpu_s = cpu_after - cpu_before_;
}

Usage RunMeter::usage(const Spent& others) const noexcept {
    Spent all = spent_;
    all += others;
    Usage u = usage_of(all);
    u.cycles = hw_counts_.cycles;
    u.instructions = hw_counts_.instructions;
    u.dtlb_read_misses = hw_counts_.dtlb_read_misses;
    return u;
}

}  // namespace sfp
