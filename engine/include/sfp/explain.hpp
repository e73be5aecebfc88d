#pragma once
// What explains a cell's time, for the window and the reports alike: where its elapsed time went
// (user / system / waiting) and its counters per unit of work beside the fastest cell of its
// input (the Why view). Qt-free.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

namespace sfp {

// A cell's median elapsed time taken apart.
struct TimeSplit {
    std::size_t runs = 0;          // ok runs summarised; 0: nothing to show
    double real_s = 0, cpu_s = 0;  // medians; cpu_s exact
    // cpu_s split by the runs' mean user/system proportion; both 0 when the split is not resolved
    // (too few ticks: Usage::split_resolved), so nothing but the total is claimed.
    double user_s = 0, sys_s = 0;
    bool resolved = true;
    bool cpu_exact = true;  // false for a report written before CPU time was exact
    double waiting_s = 0;   // real_s - cpu_s: neither thread was on a CPU; 0 when threads made CPU exceed it
    // waiting_s taken apart by the runs' mean proportion of their threads' waiting that was
    // runnable with no CPU and blocked (of which on block I/O): they add up to waiting_s. None
    // where the runs do not say (an older report; blkio: delay accounting off).
    std::optional<double> runnable_s, blocked_s, blkio_s;
};
TimeSplit time_split(const CellStats& stats);
// The same, with its waiting taken apart by the cell's ok runs in `report`.
TimeSplit time_split(const ExperimentReport& report, const CellStats& stats);

// A third of a run's threads' time runnable with no CPU: it took 1.5x the time it would have
// alone, or more (docs/results-format.md).
inline constexpr double kDisturbedShare = 1.0 / 3;
// Whether other load held the run up: kDisturbedShare or more of its threads' time was runnable
// with no CPU, while its own threads were on average no more than the machine's `cpus` (more,
// and they kept each other waiting). False where the run does not say.
bool disturbed_by_load(const RunResult& run, unsigned cpus);

// The counters of the Why view, each per unit of work.
enum class Why {
    faults,
    switches,
    storage_read,
    storage_write,
    cpu,
    runnable,
    blocked,
    blkio,
    steal,
    cycles,
    instructions,
    dtlb
};
inline constexpr std::array<Why, 12> kWhy = {Why::faults, Why::switches, Why::storage_read, Why::storage_write,
                                             Why::cpu,    Why::runnable, Why::blocked,      Why::blkio,
                                             Why::steal,  Why::cycles,   Why::instructions, Why::dtlb};
struct WhyInfo {
    std::string_view name;    // "faults per MB"
    std::string_view column;  // "faults/MB": a table heading
    std::string_view source;  // where the count comes from, for a tooltip
    bool hardware = false;    // a PMU counter: n/a on machines without one
};
const WhyInfo& why_info(Why counter);

// One run's value of a counter; none when the run did not record it (n/a: no PMU, no I/O
// accounting, an older report) or did no work to divide by.
std::optional<double> why_value(const RunRecord& run, Why counter);

// How far apart two values of a counter are, as a ratio: |ln((a + m) / (b + m))| with m the larger
// of 1 % of the larger value and `floor`, so a zero against anything reads as at most a 101x
// ratio, two zeros as no difference, and values within `floor` of each other as close.
double separation(double a, double b, double floor = 0);

struct CellWhy {
    std::size_t cell = 0;
    std::size_t runs = 0;                                   // ok runs the medians are of
    std::array<std::optional<double>, kWhy.size()> values;  // medians over its ok runs; none = n/a
    // What one event (a fault, a switch, a 4 KiB page, a microsecond of CPU, one hardware event)
    // is worth in each value's unit for this cell: differences of an event or two are noise.
    std::array<double, kWhy.size()> one_event{};
    std::optional<std::size_t> fastest;  // the fastest cell of its input set; none while none ran
    // The counter that sets it apart most from the fastest cell: the largest separation among the
    // counters both have. None for the fastest itself, or when no counter differs.
    std::optional<Why> separates;
    double separated_by = 0;  // that separation
};
std::optional<double> value_of(const CellWhy& cell, Why counter);
// How far apart two cells are in a counter (separation, with one event of either as the floor);
// none when either lacks it.
std::optional<double> separation(const CellWhy& a, const CellWhy& b, Why counter);
// Every cell of the report, in cell order. The fastest cell comes from the report's rankings.
std::vector<CellWhy> explain_cells(const ExperimentReport& report);
// The counter with the largest separation between `cell` and `fastest` (ties: the first in kWhy).
std::optional<Why> separating_counter(const CellWhy& cell, const CellWhy& fastest, double* by = nullptr);

}  // namespace sfp
