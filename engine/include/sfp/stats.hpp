#pragma once
// Statistics of repeated runs: per cell, per input (ranking), and over file sizes (fits).
#include <cstddef>
#include <string>
#include <vector>

namespace sfp {

struct Summary {
    std::size_t n = 0;
    double min = 0, max = 0, median = 0, mean = 0, stddev = 0;
    double ci95 = 0;           // half-width of the 95% confidence interval of the mean (Student t)
    double q1 = 0, q3 = 0;     // quartiles, for box plots and outliers
    double cv = 0;             // coefficient of variation = stddev / mean
    std::vector<std::size_t> outliers;  // indices of values beyond 1.5 IQR
};
Summary summarize(const std::vector<double>& values);

struct CellStats {
    std::size_t cell = 0;
    Summary real, user, sys;
    double throughput_mbs = 0;  // bytes / median real
    bool high_variation = false;  // cv of real above 10%
    std::size_t failed = 0;       // runs that were not ok
};

struct Ranking {
    std::size_t input_set = 0;
    std::size_t fastest_cell = 0;
    std::vector<std::pair<std::size_t, double>> slower;  // (cell, median / fastest median), ascending
};

struct SizeFit {
    std::string strategy;
    double seconds_per_gb = 0, intercept_s = 0, r2 = 0;
    bool nonlinear = false;  // the residuals bend: growth is not linear in size
};

}  // namespace sfp
