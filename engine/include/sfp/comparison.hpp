#pragma once
// Two sets of run times compared so the difference can be defended (docs/statistics.md): the
// ratio of their medians, a 95 % confidence interval for the ratio (Hodges-Lehmann on log
// times), a rank test (Mann-Whitney U, or Wilcoxon signed-rank when the runs pair up by
// interleaving round), n on each side, and a verdict: faster, slower, "~" (no difference shown),
// or too few repetitions. What benchstat prints, and Google Benchmark's compare.py tests. Qt-free.
#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace sfp {

struct ExperimentReport;  // sfp/report.hpp

inline constexpr std::size_t kVerdictRepetitions = 6;  // fewest runs per side for an interval and a p
inline constexpr double kDefaultNoise = 0.02;          // a ratio interval within 1 +- this is "~"
inline constexpr double kSignificance = 0.05;          // p above this is "~"
inline constexpr double kConfidence = 0.95;

enum class Verdict { too_few, same, faster, slower };
const char* to_string(Verdict v) noexcept;  // "too few", "~", "faster", "slower"

// b against a (the baseline): ratio above 1 means b took longer.
struct Comparison {
    double ratio = 0;              // median of b / median of a; 0 when either side has no time
    std::size_t n_a = 0, n_b = 0;  // runs on each side (paired: the rounds both ran in)
    bool paired = false;           // Wilcoxon signed-rank over rounds, else Mann-Whitney U
    // With at least kVerdictRepetitions on each side only:
    std::optional<double> low, high;  // 95 % confidence interval of the ratio
    std::optional<double> p;          // two-sided
    std::size_t n() const { return n_a < n_b ? n_a : n_b; }
    bool operator==(const Comparison&) const = default;
};

// Independent samples (two reports, two machines).
Comparison compare_unpaired(std::span<const double> a, std::span<const double> b);
// Paired samples: a[i] and b[i] ran in the same round (same length).
Comparison compare_paired(std::span<const double> a, std::span<const double> b);
// Only the ratio, for sets that state medians and no runs (reference sets from articles).
Comparison compare_medians(double median_a, double median_b, std::size_t n_a = 0, std::size_t n_b = 0);

// "~" when p > kSignificance or the whole interval lies within [1 - noise, 1 + noise]; faster or
// slower when the interval excludes 1 on that side; too_few without a test.
Verdict verdict(const Comparison& c, double noise = kDefaultNoise);

// Cell b against cell a of one report: the elapsed times of their successful runs, paired by
// round (repetition) when the experiment ran interleaved, else unpaired.
Comparison compare_cells(const ExperimentReport& report, std::size_t a, std::size_t b);

// The geometric mean of positive values (0 when there are none): the mean of ratios.
double geometric_mean(std::span<const double> values);

// Text both front ends show (UTF-8):
std::string ratio_text(double ratio);            // "1.03× slower", "1.10× faster"
std::string interval_text(const Comparison& c);  // "[0.99–1.07]" read as ratio_text reads; "" without one
std::string bounds_text(const Comparison& c);    // the interval of b / a itself: "[0.87–0.95]"; "" without one
std::string p_text(double p);                    // "p=0.031", "p<0.001"
// "~ (p=0.31)", "~ (within ±2 %)", "slower, p<0.001", "too few repetitions for a verdict (n=3;
// 6 needed)", "no runs to test (medians only)".
std::string verdict_text(const Comparison& c, double noise = kDefaultNoise);
// "1.03× slower [0.99–1.07] ~ (p=0.31)", "10.16× slower [9.80–10.5], p<0.001",
// "1.52× slower, too few repetitions for a verdict (n=3; 6 needed)".
std::string comparison_text(const Comparison& c, double noise = kDefaultNoise);

}  // namespace sfp
