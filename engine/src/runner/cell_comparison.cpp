#include "runner/cell_comparison.hpp"

#include <map>

#include "sfp/stats.hpp"

namespace sfp::runner {
namespace {

// Elapsed time of each successful run by its round (repetition).
std::map<unsigned, double> times_by_round(const ExperimentReport& report, const std::vector<std::size_t>& runs) {
    std::map<unsigned, double> out;
    for (std::size_t i : runs) {
        const RunRecord& r = report.runs.at(i);
        if (r.status == RunStatus::ok) out[r.repetition] = r.result.real_s;
    }
    return out;
}

std::vector<double> times(const std::map<unsigned, double>& by_round) {
    std::vector<double> out;
    out.reserve(by_round.size());
    for (const auto& [round, t] : by_round) out.push_back(t);
    return out;
}

}  // namespace

Comparison compare_runs(const ExperimentReport& report, const std::vector<std::size_t>& runs_a,
                        const std::vector<std::size_t>& runs_b) {
    const std::map<unsigned, double> a = times_by_round(report, runs_a), b = times_by_round(report, runs_b);
    const std::vector<double> all_a = times(a), all_b = times(b);
    if (report.experiment.order != Order::interleaved) return compare_unpaired(all_a, all_b);
    std::vector<double> pa, pb;  // the rounds both ran in
    for (const auto& [round, t] : a)
        if (const auto it = b.find(round); it != b.end()) pa.push_back(t), pb.push_back(it->second);
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
