#include "measure/run_meter.hpp"

#include <algorithm>

namespace sfp {

// The counters' sample and the hardware counters are taken as the members are built; the clock
// starts again after them, then the CPU clock is read.
RunMeter::RunMeter() noexcept : ticks_before_(cpu_ticks()), before_(thread_totals(false)) {
    waits_before_ = thread_waits();
    clock_ = Stopwatch();
    cpu_before_ = thread_cpu_seconds();
}

void RunMeter::stop() noexcept {
    if (stopped_) return;
    stopped_ = true;
    const double cpu_after = thread_cpu_seconds();
    real_s_ = clock_.seconds();
    waits_ = waits_between(waits_before_, thread_waits());
    hw_counts_ = hw_.read();
    spent_ = spent_between(before_, thread_totals(false));
    spent_.cpu_s = cpu_after - cpu_before_;
    steal_pct_ = steal_percent(ticks_before_, cpu_ticks());
}

Spent RunMeter::own(double waited_s) const noexcept {
    Spent own = spent_;
    split_waits(own, std::max(0.0, real_s_ - waited_s), waits_);
    return own;
}

Usage RunMeter::usage(const Spent& others, double waited_s) const noexcept {
    Spent all = own(waited_s);
    all += others;
    Usage u = usage_of(all);
    u.steal_pct = steal_pct_;
    u.cycles = hw_counts_.cycles;
    u.instructions = hw_counts_.instructions;
    u.dtlb_read_misses = hw_counts_.dtlb_read_misses;
    return u;
}

}  // namespace sfp
