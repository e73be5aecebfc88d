#pragma once
// Statistics of repeated runs: per cell, per input (ranking), and over file sizes (fits).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sfp/comparison.hpp"

namespace sfp {

struct Summary {
    std::size_t n = 0;
    double min = 0, max = 0, median = 0, mean = 0, stddev = 0;
    double ci95 = 0;        // half-width of the 95% confidence interval of the mean (Student t)
    double q1 = 0, q3 = 0;  // quartiles, for box plots
    double cv = 0;          // coefficient of variation = stddev / mean
    // Indices of values far from the median by the MAD rule: a modified z-score
    // 0.6745 (x - median) / MAD above 3.5 (Iglewicz & Hoaglin); when more than half the values
    // are equal (MAD 0), the mean absolute deviation times 1.2533 stands in for MAD / 0.6745.
    // Counted and shown, never dropped.
    std::vector<std::size_t> outliers;
};
// Sample statistics (stddev with n-1); quartiles and median by linear interpolation between
// order statistics (R type 7). n < 2: stddev, ci95 and cv are 0 (shown as n/a).
Summary summarize(const std::vector<double>& values);
double median(std::span<const double> values);  // summarize's median, alone; 0 for none

inline constexpr double kOutlierScore = 3.5;  // the MAD rule's modified z-score limit

// Two-sided 95% quantile of Student's t distribution (12.706 for 1 degree of freedom; Boost.Math).
double t_critical_95(std::size_t degrees_of_freedom);

inline constexpr double kHighVariationCv = 0.10;  // CellStats::high_variation above this

struct CellStats {
    std::size_t cell = 0;
    Summary real, user, sys;
    Summary cpu;                  // exact CPU seconds (Usage::cpu_s)
    bool split_resolved = true;   // every ok run's user/system split was (Usage::split_resolved)
    bool cpu_exact = true;        // every ok run's cpu_s was measured, not user + sys (older reports)
    double throughput_mbs = 0;    // bytes / median real
    bool high_variation = false;  // cv of real above 10%
    std::size_t failed = 0;       // runs that were not ok
};

// A cell behind its input's fastest, compared with it (the fastest is side a): ratio = its
// median / the fastest's, and -- from the runs, when the runner ranked it -- the interval,
// the test and n.
struct RankedCell {
    std::size_t cell = 0;
    Comparison vs_fastest;
    bool operator==(const RankedCell&) const = default;
};
struct Ranking {
    std::size_t input_set = 0;
    std::size_t fastest_cell = 0;
    std::vector<RankedCell> slower;  // ascending by ratio
};
// Ranks (cell, median real seconds) pairs of one input set; ties keep the given order. The
// comparisons hold the ratio only (sfp::compare_cells adds the rest). Requires at least one pair.
Ranking rank_cells(std::size_t input_set, std::vector<std::pair<std::size_t, double>> medians);

// Time against file size for one strategy with every other parameter fixed, GB = 1e9 bytes.
struct SizeFit {
    // The first cell fitted (ExperimentReport::cells): its strategy and parameter values are the
    // fit's, whatever the table declares (block size, threads, packing...); its file size is not.
    std::size_t cell = 0;
    std::size_t points = 0;  // file sizes fitted
    double seconds_per_gb = 0, intercept_s = 0, r2 = 0;
    bool nonlinear = false;  // the residuals bend: growth is not linear in size
};
struct SizePoint {
    double bytes = 0, seconds = 0;
};
// Least squares seconds = intercept + slope * GB. Nonlinear when there are 3+ sizes, a
// quadratic term removes most (>= 75%) of the line's squared error, and the line misses some
// point by more than 5% of the largest time (so noise around a straight line is not a bend). Fills every field except
// cell.
SizeFit fit_size(const std::vector<SizePoint>& points);

}  // namespace sfp
