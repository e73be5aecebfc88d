#pragma once
// Measures one run from the runner thread, in an order that keeps every sample out of the timed
// interval and the thread's CPU interval inside it (so CPU time can never exceed elapsed time
// for want of care): counters, then the clock starts, then the thread's CPU clock; at the end
// the CPU clock, then the clock stops, then the counters. The VM's CPU ticks (for its steal) and
// this thread's waits are read outside it too.
#include "measure/clock.hpp"
#include "measure/hw_counters.hpp"
#include "measure/spent.hpp"
#include "measure/waits.hpp"

namespace sfp {

class RunMeter {
public:
    RunMeter() noexcept;
    // Ends the measurement; later calls change nothing.
    void stop() noexcept;
    double real_s() const noexcept { return real_s_; }
    // The run's usage: this thread's plus what `others` (its workers, its children) spent. Of
    // this thread's time, `waited_s` went on waiting for those others: theirs to explain.
    Usage usage(const Spent& others, double waited_s) const noexcept;
    // This thread's part of it.
    Spent own(double waited_s) const noexcept;

private:
    CpuTicks ticks_before_;
    Spent before_, spent_;
    WaitSample waits_before_, waits_;
    std::optional<double> steal_pct_;
    HwCounters hw_;
    HwCounts hw_counts_;
    Stopwatch clock_;
    double cpu_before_ = 0;
    double real_s_ = 0;
    bool stopped_ = false;
};

}  // namespace sfp
