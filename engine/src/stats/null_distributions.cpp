#include "stats/null_distributions.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <numeric>

namespace sfp::stats {

namespace {

// The counts are the coefficients of the Gaussian binomial [m+n choose m](q), the product over
// i = 1..m of (1 - q^(n+i)) / (1 - q^i) (Andrews, "The Theory of Partitions", 3.3). Each factor
// is applied as a power series, so truncating at degree m*n loses nothing.
std::vector<double> count_rank_sums(std::size_t m, std::size_t n) {
    const std::size_t top = m * n;
    std::vector<double> c(top + 1, 0.0);
    c[0] = 1;
    for (std::size_t i = 1; i <= m; ++i) {
        for (std::size_t u = top; u >= n + i; --u) c[u] -= c[u - n - i];  // times (1 - q^(n+i))
        for (std::size_t u = i; u <= top; ++u) c[u] += c[u - i];          // over (1 - q^i)
    }
    return c;
}

// Subsets of {1..n} by their sum: rank k is either positive (added) or not.
std::vector<double> count_signed_ranks(std::size_t n) {
    const std::size_t top = n * (n + 1) / 2;
    std::vector<double> c(top + 1, 0.0);
    c[0] = 1;
    for (std::size_t k = 1; k <= n; ++k)
        for (std::size_t w = top; w >= k; --w) c[w] += c[w - k];
    return c;
}

// The last few distributions a thread counted, by their sizes.
struct Remembered {
    std::size_t m, n;
    std::vector<double> counts;
};
template <class Count>
const std::vector<double>& remembered(std::size_t m, std::size_t n, Count&& count) {
    constexpr std::size_t kKept = 8;
    thread_local std::vector<Remembered> kept;
    for (const Remembered& r : kept)
        if (r.m == m && r.n == n) return r.counts;
    if (kept.size() == kKept) kept.erase(kept.begin());
    kept.push_back({m, n, count()});
    return kept.back().counts;
}

}  // namespace

const std::vector<double>& rank_sum_counts(std::size_t m, std::size_t n) {
    return remembered(m, n, [&] { return count_rank_sums(m, n); });
}

const std::vector<double>& signed_rank_counts(std::size_t n) {
    return remembered(0, n, [&] { return count_signed_ranks(n); });
}

double exact_two_sided_p(const std::vector<double>& counts, std::size_t statistic) {
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    const std::size_t s = std::min(statistic, counts.size() - 1);
    const std::size_t mirror = counts.size() - 1 - s;  // the distribution is symmetric
    const std::size_t lower = std::min(s, mirror);
    const double tail = std::accumulate(counts.begin(), counts.begin() + std::ptrdiff_t(lower) + 1, 0.0);
    return std::min(1.0, 2 * tail / total);
}

double normal_two_sided_p(double statistic, double mean, double sd) {
    if (!(sd > 0)) return 1;
    const double z = (std::abs(statistic - mean) - 0.5) / sd;
    const boost::math::normal_distribution<> normal;
    return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(normal, z)));
}

long lower_critical(const std::vector<double>& counts, double tail) {
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    double below = 0;
    long k = -1;
    for (std::size_t x = 0; x < counts.size(); ++x) {
        below += counts[x];
        if (below / total > tail) break;
        k = long(x);
    }
    return k;
}

// P(X <= k) ~ Phi((k + 1/2 - mean) / sd) <= tail.
long normal_lower_critical(double mean, double sd, double tail) {
    const boost::math::normal_distribution<> normal;
    return long(std::floor(mean - 0.5 + boost::math::quantile(normal, tail) * sd));
}

}  // namespace sfp::stats
