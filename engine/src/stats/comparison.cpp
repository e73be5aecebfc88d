// Two samples of run times compared: ratio of medians, Hodges-Lehmann interval on log times,
// a rank test, and the verdict; with the text every front end shows.
#include "sfp/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "sfp/rank_tests.hpp"
#include "sfp/stats.hpp"

namespace sfp {
namespace {

bool all_positive(std::span<const double> v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return x > 0 && std::isfinite(x); });
}

std::vector<double> logs(std::span<const double> v) {
    std::vector<double> out;
    out.reserve(v.size());
    for (double x : v) out.push_back(std::log(x));
    return out;
}

// Times are compared on a log scale: a shift there is a ratio, which is how runs scale.
bool testable(std::span<const double> a, std::span<const double> b) {
    return a.size() >= kVerdictRepetitions && b.size() >= kVerdictRepetitions && all_positive(a) && all_positive(b);
}

void set_interval(Comparison& c, const ShiftInterval& shift) {
    if (!shift.valid) return;
    c.low = std::exp(shift.low);
    c.high = std::exp(shift.high);
}

std::string format(const char* pattern, double value) {
    char buf[48];
    std::snprintf(buf, sizeof buf, pattern, value);
    return buf;
}

// Three significant figures for the bounds: 0.99, 9.80, 10.5, 123.
std::string bound_text(double x) { return format(x < 10 ? "%.2f" : x < 100 ? "%.1f" : "%.0f", x); }

std::string percent_text(double fraction) { return format("%g", fraction * 100); }

}  // namespace

const char* to_string(Verdict v) noexcept {
    switch (v) {
        case Verdict::same: return "~";
        case Verdict::faster: return "faster";
        case Verdict::slower: return "slower";
        case Verdict::too_few: break;
    }
    return "too few";
}

Comparison compare_medians(double median_a, double median_b, std::size_t n_a, std::size_t n_b) {
    Comparison c;
    c.n_a = n_a;
    c.n_b = n_b;
    if (median_a > 0 && median_b >= 0) c.ratio = median_b / median_a;
    return c;
}

Comparison compare_unpaired(std::span<const double> a, std::span<const double> b) {
    Comparison c = compare_medians(median(a), median(b), a.size(), b.size());
    if (!testable(a, b)) return c;
    const std::vector<double> la = logs(a), lb = logs(b);
    c.p = mann_whitney(la, lb).p;
    set_interval(c, hodges_lehmann(la, lb, kConfidence));
    return c;
}

Comparison compare_paired(std::span<const double> a, std::span<const double> b) {
    const std::size_t n = std::min(a.size(), b.size());
    a = a.first(n), b = b.first(n);
    Comparison c = compare_medians(median(a), median(b), n, n);
    c.paired = true;
    if (!testable(a, b)) return c;
    std::vector<double> d;
    d.reserve(n);
    for (std::size_t i = 0; i < n; ++i) d.push_back(std::log(b[i]) - std::log(a[i]));
    c.p = signed_rank(d).p;
    set_interval(c, hodges_lehmann_paired(d, kConfidence));
    return c;
}

Verdict verdict(const Comparison& c, double noise) {
    if (!c.p || !c.low || !c.high) return Verdict::too_few;
    if (*c.p > kSignificance) return Verdict::same;
    if (*c.low >= 1 - noise && *c.high <= 1 + noise) return Verdict::same;
    if (*c.low > 1) return Verdict::slower;
    if (*c.high < 1) return Verdict::faster;
    return Verdict::same;  // the approximations disagree at the edge: no difference shown
}

double geometric_mean(std::span<const double> values) {
    double sum = 0;
    std::size_t n = 0;
    for (double v : values)
        if (v > 0) sum += std::log(v), ++n;
    return n ? std::exp(sum / double(n)) : 0;
}

std::string ratio_text(double ratio) {
    if (ratio == 1) return "1.00×";
    if (ratio > 1) return format("%.2f", ratio) + "× slower";
    return ratio > 0 ? format("%.2f", 1 / ratio) + "× faster" : "n/a";
}

std::string interval_text(const Comparison& c) {
    if (!c.low || !c.high) return {};
    // Read the way the ratio reads: "1.10× faster [1.05–1.15]" is b taking 1/1.15 to 1/1.05 of a.
    if (c.ratio > 0 && c.ratio < 1) return "[" + bound_text(1 / *c.high) + "–" + bound_text(1 / *c.low) + "]";
    return bounds_text(c);
}

std::string bounds_text(const Comparison& c) {
    if (!c.low || !c.high) return {};
    return "[" + bound_text(*c.low) + "–" + bound_text(*c.high) + "]";
}

std::string p_text(double p) { return p < 0.001 ? "p<0.001" : format("p=%.3f", p); }

std::string verdict_text(const Comparison& c, double noise) {
    switch (verdict(c, noise)) {
        case Verdict::too_few:
            if (c.n() == 0) return "no runs to test (medians only)";
            return "too few repetitions for a verdict (n=" + std::to_string(c.n()) + "; " +
                   std::to_string(kVerdictRepetitions) + " needed)";
        case Verdict::same:
            if (*c.p > kSignificance) return "~ (" + p_text(*c.p) + ")";
            return "~ (within ±" + percent_text(noise) + " %)";
        case Verdict::faster:
        case Verdict::slower: break;
    }
    return std::string(to_string(verdict(c, noise))) + ", " + p_text(*c.p);
}

std::string comparison_text(const Comparison& c, double noise) {
    const std::string ratio = ratio_text(c.ratio);
    const Verdict v = verdict(c, noise);
    if (v == Verdict::too_few) return ratio + ", " + verdict_text(c, noise);
    const std::string head = ratio + " " + interval_text(c);
    if (v == Verdict::same) return head + " " + verdict_text(c, noise);
    // The verdict repeats the ratio's word ("slower"), so only p follows; were they ever to
    // disagree (a bimodal sample), both are said.
    const bool agrees = (v == Verdict::slower) == (c.ratio > 1);
    return head + ", " + (agrees ? p_text(*c.p) : verdict_text(c, noise));
}

}  // namespace sfp
