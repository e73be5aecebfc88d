// Hodges-Lehmann shift estimates and the confidence intervals that invert the rank tests
// (Hollander & Wolfe, 3.2 and 4.3): order statistics of the pairwise differences (two samples)
// or of the Walsh averages (paired), at ranks read from the test's null distribution.
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "sfp/rank_tests.hpp"
#include "stats/null_distributions.hpp"
#include "stats/sorted_matrix_select.hpp"

namespace sfp {
namespace {

// The estimate, and the interval [X(k+1), X(N-k)] (1-based) for the critical value k, of the
// matrix's cells -- selected, never stored: 30,000 runs a side are 9e8 cells.
ShiftInterval interval(const stats::SortedMatrix& cells, std::size_t count, long k) {
    ShiftInterval out;
    if (count == 0) return out;
    const double upper = stats::select_kth(cells, count / 2);
    out.estimate = count % 2 ? upper : (stats::select_kth(cells, count / 2 - 1) + upper) / 2;
    if (k < 0 || std::size_t(k) >= count - std::size_t(k)) return out;
    out.low = stats::select_kth(cells, std::size_t(k));
    out.high = stats::select_kth(cells, count - 1 - std::size_t(k));
    out.valid = true;
    return out;
}

std::vector<double> sorted(std::span<const double> values, bool descending = false) {
    std::vector<double> out(values.begin(), values.end());
    if (descending)
        std::sort(out.begin(), out.end(), std::greater<>());
    else
        std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

ShiftInterval hodges_lehmann(std::span<const double> a, std::span<const double> b, double confidence) {
    // The differences y - x as a matrix: rows y ascending, columns x descending.
    const std::vector<double> x = sorted(a, true), y = sorted(b);
    const stats::SortedMatrix differences{.rows = y.size(),
                                          .columns = x.size(),
                                          .cell = [&](std::size_t r, std::size_t c) { return y[r] - x[c]; },
                                          .row_length = {}};
    const double tail = (1 - confidence) / 2;
    const double m = double(a.size()), n = double(b.size());
    const long k = a.size() < stats::kExactBelow && b.size() < stats::kExactBelow
                       ? stats::lower_critical(stats::rank_sum_counts(a.size(), b.size()), tail)
                       : stats::normal_lower_critical(m * n / 2, std::sqrt(m * n * (m + n + 1) / 12), tail);
    return interval(differences, a.size() * b.size(), k);
}

ShiftInterval hodges_lehmann_paired(std::span<const double> d, double confidence) {
    // The Walsh averages (d_i + d_j) / 2, i <= j, as the lower triangle of a matrix.
    const std::vector<double> s = sorted(d);
    const stats::SortedMatrix walsh{.rows = s.size(),
                                    .columns = s.size(),
                                    .cell = [&](std::size_t r, std::size_t c) { return (s[c] + s[r]) / 2; },
                                    .row_length = [](std::size_t r) { return r + 1; }};
    const double tail = (1 - confidence) / 2;
    const double n = double(d.size());
    const long k = d.size() < stats::kExactBelow
                       ? stats::lower_critical(stats::signed_rank_counts(d.size()), tail)
                       : stats::normal_lower_critical(n * (n + 1) / 4, std::sqrt(n * (n + 1) * (2 * n + 1) / 24), tail);
    return interval(walsh, d.size() * (d.size() + 1) / 2, k);
}

}  // namespace sfp
