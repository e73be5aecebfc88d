#pragma once
// Rank tests and the confidence intervals that invert them (Hollander & Wolfe, "Nonparametric
// Statistical Methods", ch. 3 and 4): the Mann-Whitney U test (Wilcoxon rank-sum) for two
// independent samples, the Wilcoxon signed-rank test for paired ones, and Hodges-Lehmann
// estimates of the shift with their distribution-free confidence intervals. Two-sided.
// Qt-free; the distributions come from Boost.Math. Used by sfp/comparison.hpp.
#include <cstddef>
#include <span>

namespace sfp {

struct RankTest {
    // Mann-Whitney: U of the first sample, the pairs (a_i, b_j) with a_i > b_j, a tie counting
    // one half. Signed-rank: W+, the sum of the ranks of |d| over the positive differences.
    double statistic = 0;
    double p = 1;        // two-sided
    bool exact = false;  // from the exact null distribution; else the normal approximation
};

// Exact when neither sample reaches 50 values and no value is shared (R's wilcox.test rule);
// otherwise the normal approximation with the tie correction of the variance and a continuity
// correction of 1/2 (as scipy.stats.mannwhitneyu computes it).
RankTest mann_whitney(std::span<const double> a, std::span<const double> b);
// Zero differences are dropped (Wilcoxon's rule). Exact below 50 nonzero differences without
// ties among |d|; otherwise the normal approximation with tie and continuity corrections.
RankTest signed_rank(std::span<const double> differences);

// A shift with its confidence interval (values in the units of the data).
struct ShiftInterval {
    double estimate = 0, low = 0, high = 0;
    bool valid = false;  // false: too few values for the confidence asked (the interval is empty)
};
// The shift of b against a: the median of the n*m differences b_j - a_i, and the interval
// between the order statistics of the differences that the U distribution puts at the
// (1 - confidence) / 2 tails (exact below 50 values per side, else the normal approximation).
ShiftInterval hodges_lehmann(std::span<const double> a, std::span<const double> b, double confidence = 0.95);
// Paired: the median of the Walsh averages (d_i + d_j) / 2, i <= j, and the interval from the
// signed-rank distribution.
ShiftInterval hodges_lehmann_paired(std::span<const double> differences, double confidence = 0.95);

}  // namespace sfp
