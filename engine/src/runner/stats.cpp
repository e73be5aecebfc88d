// Summary statistics of repeated runs and the per-input ranking.
#include <algorithm>
#include <cmath>

#include "sfp/stats.hpp"

namespace sfp {
namespace {

// Quantile by linear interpolation between order statistics (R type 7, numpy's default).
double quantile(const std::vector<double>& sorted, double p) {
    const double h = double(sorted.size() - 1) * p;
    const auto lo = std::size_t(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - double(lo)) * (sorted[hi] - sorted[lo]);
}

}  // namespace

double t_critical_95(std::size_t df) {
    // Exact table for small samples, where it matters most.
    static constexpr double table[] = {
        0,      12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201,  2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080,  2.074,  2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    constexpr std::size_t last = sizeof table / sizeof table[0] - 1;
    if (df == 0) return 0;
    if (df <= last) return table[df];
    // Beyond 30: the Cornish-Fisher expansion around the normal quantile (error < 1e-4).
    const double z = 1.959964, n = double(df);
    const double z3 = z * z * z, z5 = z3 * z * z;
    return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n);
}

Summary summarize(const std::vector<double>& values) {
    Summary s;
    s.n = values.size();
    if (s.n == 0) return s;
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    s.min = sorted.front();
    s.max = sorted.back();
    s.median = quantile(sorted, 0.5);
    s.q1 = quantile(sorted, 0.25);
    s.q3 = quantile(sorted, 0.75);
    double sum = 0;
    for (double v : values) sum += v;
    s.mean = sum / double(s.n);
    if (s.n >= 2) {
        double squares = 0;
        for (double v : values) squares += (v - s.mean) * (v - s.mean);
        s.stddev = std::sqrt(squares / double(s.n - 1));
        s.ci95 = t_critical_95(s.n - 1) * s.stddev / std::sqrt(double(s.n));
        s.cv = s.mean != 0 ? s.stddev / s.mean : 0;
    }
    const double fence = 1.5 * (s.q3 - s.q1);
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] < s.q1 - fence || values[i] > s.q3 + fence) s.outliers.push_back(i);
    return s;
}

Ranking rank_cells(std::size_t input_set, std::vector<std::pair<std::size_t, double>> medians) {
    Ranking r;
    r.input_set = input_set;
    if (medians.empty()) return r;
    std::stable_sort(medians.begin(), medians.end(),
                     [](const auto& a, const auto& b) { return a.second < b.second; });
    r.fastest_cell = medians.front().first;
    const double best = medians.front().second;
    for (std::size_t i = 1; i < medians.size(); ++i)
        r.slower.emplace_back(medians[i].first, best > 0 ? medians[i].second / best : 0.0);
    return r;
}

}  // namespace sfp
