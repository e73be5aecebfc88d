// The Mann-Whitney U and Wilcoxon signed-rank tests: statistic, then p from the exact or the
// normal null distribution (stats/null_distributions.hpp).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "sfp/rank_tests.hpp"
#include "stats/null_distributions.hpp"

namespace sfp {
namespace {

struct Ranks {
    std::vector<double> rank;  // midranks, 1-based, in the order of the values given
    double tie_term = 0;       // sum over groups of equal values of t^3 - t
};

Ranks midranks(const std::vector<double>& values) {
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return values[x] < values[y]; });
    Ranks r;
    r.rank.resize(values.size());
    for (std::size_t first = 0; first < order.size();) {
        std::size_t last = first;
        while (last + 1 < order.size() && values[order[last + 1]] == values[order[first]]) ++last;
        const double mid = double(first + last) / 2 + 1;
        for (std::size_t k = first; k <= last; ++k) r.rank[order[k]] = mid;
        const double t = double(last - first + 1);
        r.tie_term += t * t * t - t;
        first = last + 1;
    }
    return r;
}

}  // namespace

RankTest mann_whitney(std::span<const double> a, std::span<const double> b) {
    RankTest test;
    const double m = double(a.size()), n = double(b.size());
    if (a.empty() || b.empty()) return test;
    std::vector<double> pooled(a.begin(), a.end());
    pooled.insert(pooled.end(), b.begin(), b.end());
    const Ranks r = midranks(pooled);
    const double rank_sum_a = std::accumulate(r.rank.begin(), r.rank.begin() + std::ptrdiff_t(a.size()), 0.0);
    test.statistic = rank_sum_a - m * (m + 1) / 2;
    test.exact = a.size() < stats::kExactBelow && b.size() < stats::kExactBelow && r.tie_term == 0;
    if (test.exact) {
        test.p = stats::exact_two_sided_p(stats::rank_sum_counts(a.size(), b.size()), std::size_t(test.statistic));
    } else {
        const double total = m + n;
        const double variance = m * n / 12 * ((total + 1) - r.tie_term / (total * (total - 1)));
        test.p = stats::normal_two_sided_p(test.statistic, m * n / 2, std::sqrt(std::max(variance, 0.0)));
    }
    return test;
}

RankTest signed_rank(std::span<const double> differences) {
    std::vector<double> magnitude, sign;
    for (double d : differences)
        if (d != 0) magnitude.push_back(std::abs(d)), sign.push_back(d > 0 ? 1 : 0);
    RankTest test;
    const std::size_t count = magnitude.size();
    if (count == 0) {
        test.exact = true;  // no evidence either way
        return test;
    }
    const Ranks r = midranks(magnitude);
    for (std::size_t i = 0; i < count; ++i) test.statistic += sign[i] * r.rank[i];
    test.exact = count < stats::kExactBelow && r.tie_term == 0;
    const double n = double(count);
    if (test.exact) {
        test.p = stats::exact_two_sided_p(stats::signed_rank_counts(count), std::size_t(test.statistic));
    } else {
        const double variance = n * (n + 1) * (2 * n + 1) / 24 - r.tie_term / 48;
        test.p = stats::normal_two_sided_p(test.statistic, n * (n + 1) / 4, std::sqrt(std::max(variance, 0.0)));
    }
    return test;
}

}  // namespace sfp
