#include "runner/cell_comparison.hpp"

#include <algorithm>
#include <utility>

#include "sfp/report.hpp"
#include "sfp/run_record.hpp"
#include "sfp/schedule.hpp"
#include "sfp/stats.hpp"

namespace sfp::runner {
namespace {

using Timed = std::pair<unsigned, double>;  // a run's round (repetition) and elapsed time

// The successful runs, by round.
std::vector<Timed> times_by_round(const ExperimentReport& report, const std::vector<std::size_t>& runs) {
    std::vector<Timed> out;
    out.reserve(runs.size());
    for (std::size_t i : runs) {
        const RunRecord& r = report.runs.at(i);
        if (r.status == RunStatus::ok) out.emplace_back(r.repetition, r.result.real_s);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<double> times(const std::vector<Timed>& by_round) {
    std::vector<double> out;
    out.reserve(by_round.size());
    for (const auto& [round, t] : by_round) out.push_back(t);
    return out;
}

}  // namespace

Comparison compare_runs(const ExperimentReport& report, const std::vector<std::size_t>& runs_a,
                        const std::vector<std::size_t>& runs_b) {
    const std::vector<Timed> a = times_by_round(report, runs_a), b = times_by_round(report, runs_b);
    const std::vector<double> all_a = times(a), all_b = times(b);
    if (report.experiment.order != Order::interleaved) return compare_unpaired(all_a, all_b);
    std::vector<double> pa, pb;  // the rounds both ran in (each list in round order)
    for (auto i = a.begin(), j = b.begin(); i != a.end() && j != b.end();) {
        if (i->first < j->first)
            ++i;
        else if (j->first < i->first)
            ++j;
        else
            pa.push_back(i++->second), pb.push_back(j++->second);
    }
    Comparison c = compare_paired(pa, pb);
    c.ratio = compare_medians(median(all_a), median(all_b)).ratio;  // of every run, as the ranking's
    return c;
}

}  // namespace sfp::runner

namespace sfp {

Comparison compare_cells(const ExperimentReport& report, std::size_t a, std::size_t b) {
    std::vector<std::size_t> runs_a, runs_b;
    for (std::size_t i = 0; i < report.runs.size(); ++i) {
        if (report.runs[i].cell == a) runs_a.push_back(i);
        if (report.runs[i].cell == b) runs_b.push_back(i);
    }
    return runner::compare_runs(report, runs_a, runs_b);
}

}  // namespace sfp
