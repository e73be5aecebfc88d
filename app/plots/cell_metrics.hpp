#pragma once
// The numbers the plots and the statistics table show, taken from a (possibly still growing)
// report. Only runs with status ok count; statistics come from the engine (sfp::summarize,
// sfp::rank_cells), so the window and the CLI agree.
#include <QString>
#include <optional>
#include <vector>

#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

namespace plots {

// user and system: the tick-sampled split of the exact CPU time (sfp::Usage); cpu_time: that
// exact total; cpu: it in % of all cores. The order is the plot's metric choices'.
enum class Metric { elapsed, user, system, cpu, throughput, cpu_time };
inline constexpr Metric kMetrics[] = {Metric::elapsed, Metric::user,       Metric::system,
                                      Metric::cpu,     Metric::throughput, Metric::cpu_time};
QString metric_name(Metric m);   // "elapsed"
QString metric_title(Metric m);  // "elapsed time (s)": an axis title with its unit
QString metric_unit(Metric m);   // "s", "%", "MB/s"

bool counts(const sfp::RunRecord& record);  // a successful timed run
// CPU % has one meaning everywhere (window, summary, CSV cpu_pct): exact CPU time / elapsed over
// all `cores` of the machine, so 100 % is every core busy (core::cpu_percent).
double metric_of(const sfp::RunRecord& record, Metric m, unsigned cores);
// The machine's cores a report's CPU % is taken over: its own record, else this machine's
// (a live run's report has no machine yet).
unsigned cores_of(const sfp::ExperimentReport& report);
// A CPU % above 100 % of all cores cannot be honest accounting: it is flagged where shown.
bool cpu_over_base(double cpu_percent);

// The metric over a cell's successful runs, in the order they ran.
std::vector<double> cell_values(const sfp::ExperimentReport& report, std::size_t cell, Metric m);
// The runner's summary (ExperimentReport::stats) for elapsed, user, system and CPU time; the other
// metrics, and reports without statistics, are summarised here with sfp::summarize.
sfp::Summary cell_summary(const sfp::ExperimentReport& report, std::size_t cell, Metric m);

// The share (0..1) of the inputs' cached pages in large folios -- the cache state the runs found
// (RunRecord::large_folio_share) -- averaged over the successful runs that recorded it, of one
// cell or, without `cell`, of all; -1 when none did.
double large_folio_share(const sfp::ExperimentReport& report, std::optional<std::size_t> cell = std::nullopt);

// Per cell: the runner's statistics when it has finished, else computed from the runs so far.
std::vector<sfp::CellStats> cell_stats(const sfp::ExperimentReport& report);

// "Times slower than the fastest" per input set: the runner's rankings when it has summarised
// the report, else ranked now from the median elapsed times (reference floors left out, as the
// runner does). Each ranking starts with the fastest cell at 1.0.
struct Slowdown {
    std::size_t cell = 0;
    double ratio = 1;
    std::optional<sfp::Comparison> vs_fastest;  // none for the fastest itself
    bool operator==(const Slowdown&) const = default;
};
std::vector<std::vector<Slowdown>> slowdowns(const sfp::ExperimentReport& report);
// The fastest, or a cell no different from it ("~" under the noise band): drawn alike.
bool drawn_as_fastest(const Slowdown& s, double noise);

}  // namespace plots
