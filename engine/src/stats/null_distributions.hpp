#pragma once
// The null distributions of the rank statistics, exact (counted) or normal, and what the tests
// and the intervals read from them: tail probabilities and critical values.
#include <cstddef>
#include <vector>

namespace sfp::stats {

// Below this many values per sample the exact distributions are counted (R's wilcox.test rule).
inline constexpr std::size_t kExactBelow = 50;

// How many of the C(m+n, m) equally likely orderings of two tie-free samples give U = 0..m*n.
// The runner asks for the same few sizes after every run: each thread keeps the last ones it
// counted (references stay valid until the thread's next call).
const std::vector<double>& rank_sum_counts(std::size_t m, std::size_t n);
// How many of the 2^n sign patterns of n tie-free, nonzero differences give W+ = 0..n(n+1)/2.
const std::vector<double>& signed_rank_counts(std::size_t n);

// Two-sided p of an integer statistic under a symmetric counted distribution.
double exact_two_sided_p(const std::vector<double>& counts, std::size_t statistic);
// Two-sided p under the normal approximation with a continuity correction of 1/2.
double normal_two_sided_p(double statistic, double mean, double sd);

// The largest k with P(X <= k) <= tail, or -1 when even P(X <= 0) is larger: the interval
// between order statistics k+1 and N-k (1-based) then covers at least 1 - 2 tail.
long lower_critical(const std::vector<double>& counts, double tail);
long normal_lower_critical(double mean, double sd, double tail);

}  // namespace sfp::stats
