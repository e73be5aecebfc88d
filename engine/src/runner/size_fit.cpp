// Time against file size: a straight line (seconds per GB) and a test for a bend, e.g.
// memory-mapped files once the data no longer fits in memory.
#include <algorithm>
#include <cmath>

#include "sfp/stats.hpp"

namespace sfp {
namespace {

constexpr double kGB = 1e9;

struct Line {
    double slope = 0, intercept = 0;
};

// Ordinary least squares on centred x (numerically safe for large byte counts).
Line fit_line(const std::vector<double>& x, const std::vector<double>& y, double mx, double my) {
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
    }
    Line l;
    l.slope = sxx > 0 ? sxy / sxx : 0;
    l.intercept = my - l.slope * mx;
    return l;
}

// Residual sum of squares of the best quadratic y = a + b u + c u^2 (u = centred x), from the
// 3x3 normal equations solved by Cramer's rule. Needs 3+ distinct x.
double quadratic_rss(const std::vector<double>& x, const std::vector<double>& y, double mx) {
    double s[5] = {0, 0, 0, 0, 0}, t[3] = {0, 0, 0};  // s[k] = sum u^k, t[k] = sum y u^k
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double u = x[i] - mx;
        double p = 1;
        for (int k = 0; k < 5; ++k, p *= u) {
            s[k] += p;
            if (k < 3) t[k] += y[i] * p;
        }
    }
    auto det3 = [](double a, double b, double c, double d, double e, double f, double g, double h, double i) {
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
    };
    const double d = det3(s[0], s[1], s[2], s[1], s[2], s[3], s[2], s[3], s[4]);
    if (d == 0) return 0;
    const double a = det3(t[0], s[1], s[2], t[1], s[2], s[3], t[2], s[3], s[4]) / d;
    const double b = det3(s[0], t[0], s[2], s[1], t[1], s[3], s[2], t[2], s[4]) / d;
    const double c = det3(s[0], s[1], t[0], s[1], s[2], t[1], s[2], s[3], t[2]) / d;
    double rss = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double u = x[i] - mx, e = y[i] - (a + b * u + c * u * u);
        rss += e * e;
    }
    return rss;
}

}  // namespace

SizeFit fit_size(const std::vector<SizePoint>& points) {
    SizeFit fit;
    fit.points = points.size();
    std::vector<double> x, y;
    for (const SizePoint& p : points) {
        x.push_back(p.bytes / kGB);
        y.push_back(p.seconds);
    }
    if (x.empty()) return fit;
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= double(x.size());
    my /= double(y.size());
    const Line line = fit_line(x, y, mx, my);
    fit.seconds_per_gb = line.slope;
    fit.intercept_s = line.intercept;

    double rss = 0, tss = 0, worst_miss = 0, largest = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double e = y[i] - (line.intercept + line.slope * x[i]);
        rss += e * e;
        tss += (y[i] - my) * (y[i] - my);
        worst_miss = std::max(worst_miss, std::abs(e));
        largest = std::max(largest, std::abs(y[i]));
    }
    fit.r2 = tss > 0 ? 1 - rss / tss : (rss == 0 ? 1 : 0);

    std::vector<double> distinct = x;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    if (distinct.size() >= 3 && rss > 0)
        fit.nonlinear = quadratic_rss(x, y, mx) <= 0.25 * rss && worst_miss > 0.05 * largest;
    return fit;
}

}  // namespace sfp
