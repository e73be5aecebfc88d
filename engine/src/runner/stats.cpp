// Summary statistics of repeated runs and the per-input ranking.
#include <algorithm>
#include <array>
#include <boost/math/distributions/students_t.hpp>
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

// The MAD rule (Summary::outliers): the spread as the median absolute deviation scaled to a
// normal's standard deviation, or, when it is 0, the mean absolute deviation scaled likewise.
std::vector<std::size_t> mad_outliers(const std::vector<double>& values, double centre) {
    std::vector<double> deviation;
    for (double v : values) deviation.push_back(std::abs(v - centre));
    double spread = median(deviation) / 0.6745;
    if (spread == 0) {
        double sum = 0;
        for (double d : deviation) sum += d;
        spread = 1.2533 * sum / double(values.size());
    }
    std::vector<std::size_t> out;
    if (spread == 0) return out;  // every value the same
    for (std::size_t i = 0; i < values.size(); ++i)
        if (deviation[i] / spread > kOutlierScore) out.push_back(i);
    return out;
}

}  // namespace

double t_critical_95(std::size_t df) {
    const auto exact = [](std::size_t d) {
        const boost::math::students_t t{double(d)};
        return boost::math::quantile(boost::math::complement(t, 0.025));
    };
    // Every cell's summary asks after every run: the usual degrees of freedom are worked out once.
    static const std::array<double, 256> usual = [&] {
        std::array<double, 256> table{};
        for (std::size_t d = 1; d < table.size(); ++d) table[d] = exact(d);
        return table;
    }();
    if (df == 0) return 0;
    return df < usual.size() ? usual[df] : exact(df);
}

double median(std::span<const double> values) {
    if (values.empty()) return 0;
    std::vector<double> sorted(values.begin(), values.end());
    const std::size_t mid = sorted.size() / 2;
    std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(mid), sorted.end());
    if (sorted.size() % 2) return sorted[mid];
    return (*std::max_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(mid)) + sorted[mid]) / 2;
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
    s.outliers = mad_outliers(values, s.median);
    return s;
}

Ranking rank_cells(std::size_t input_set, std::vector<std::pair<std::size_t, double>> medians) {
    Ranking r;
    r.input_set = input_set;
    if (medians.empty()) return r;
    std::stable_sort(medians.begin(), medians.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    r.fastest_cell = medians.front().first;
    const double best = medians.front().second;
    for (std::size_t i = 1; i < medians.size(); ++i)
        r.slower.push_back({medians[i].first, compare_medians(best, medians[i].second)});
    return r;
}

}  // namespace sfp
