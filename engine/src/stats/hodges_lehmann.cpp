// Hodges-Lehmann shift estimates and the confidence intervals that invert the rank tests
// (Hollander & Wolfe, 3.2 and 4.3): order statistics of the pairwise differences (two samples)
// or of the Walsh averages (paired), at ranks read from the test's null distribution.
#include <algorithm>
#include <cmath>
#include <vector>

#include "sfp/rank_tests.hpp"
#include "stats/null_distributions.hpp"

namespace sfp {
namespace {

// The k-th smallest (0-based); reorders `values`.
double order_statistic(std::vector<double>& values, std::size_t k) {
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(k), values.end());
    return values[k];
}

double median_of(std::vector<double>& values) {
    const std::size_t n = values.size();
    const double upper = order_statistic(values, n / 2);
    if (n % 2) return upper;
    return (order_statistic(values, n / 2 - 1) + upper) / 2;
}

// The estimate, and the interval [X(k+1), X(N-k)] (1-based) for the critical value k.
ShiftInterval interval(std::vector<double>& values, long k) {
    ShiftInterval out;
    if (values.empty()) return out;
    out.estimate = median_of(values);
    const std::size_t count = values.size();
    if (k < 0 || std::size_t(k) >= count - std::size_t(k)) return out;
    out.low = order_statistic(values, std::size_t(k));
    out.high = order_statistic(values, count - 1 - std::size_t(k));
    out.valid = true;
    return out;
}

}  // namespace

ShiftInterval hodges_lehmann(std::span<const double> a, std::span<const double> b, double confidence) {
    std::vector<double> differences;
    differences.reserve(a.size() * b.size());
    for (double y : b)
        for (double x : a) differences.push_back(y - x);
    const double tail = (1 - confidence) / 2;
    const double m = double(a.size()), n = double(b.size());
    const long k = a.size() < stats::kExactBelow && b.size() < stats::kExactBelow
                       ? stats::lower_critical(stats::rank_sum_counts(a.size(), b.size()), tail)
                       : stats::normal_lower_critical(m * n / 2, std::sqrt(m * n * (m + n + 1) / 12), tail);
    return interval(differences, k);
}

ShiftInterval hodges_lehmann_paired(std::span<const double> d, double confidence) {
    std::vector<double> walsh;
    walsh.reserve(d.size() * (d.size() + 1) / 2);
    for (std::size_t i = 0; i < d.size(); ++i)
        for (std::size_t j = i; j < d.size(); ++j) walsh.push_back((d[i] + d[j]) / 2);
    const double tail = (1 - confidence) / 2;
    const double n = double(d.size());
    const long k = d.size() < stats::kExactBelow
                       ? stats::lower_critical(stats::signed_rank_counts(d.size()), tail)
                       : stats::normal_lower_critical(n * (n + 1) / 4, std::sqrt(n * (n + 1) * (2 * n + 1) / 24), tail);
    return interval(walsh, k);
}

}  // namespace sfp
