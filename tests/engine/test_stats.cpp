// Statistics against values computed by hand (and checked with Python's statistics module).
#include <QtTest>

#include "sfp/stats.hpp"

namespace {

bool near(double a, double b, double tol = 1e-3) { return std::abs(a - b) <= tol; }

}  // namespace

class TestStats : public QObject {
    Q_OBJECT
private slots:
    void emptyAndSingle() {
        const sfp::Summary none = sfp::summarize({});
        QCOMPARE(none.n, std::size_t(0));
        QCOMPARE(none.mean, 0.0);
        const sfp::Summary one = sfp::summarize({2.5});
        QCOMPARE(one.n, std::size_t(1));
        QCOMPARE(one.min, 2.5);
        QCOMPARE(one.max, 2.5);
        QCOMPARE(one.median, 2.5);
        QCOMPARE(one.stddev, 0.0);
        QCOMPARE(one.ci95, 0.0);
        QVERIFY(one.outliers.empty());
    }

    void oddCountWithOutlier() {
        // 1 2 3 4 100: mean 22, s^2 = 7610/4, s = 43.6177; t(4) = 2.776445 -> ci = t s / sqrt 5.
        // Type-7 quartiles: q1 = 2, q3 = 4. MAD: deviations 2 1 0 1 97 -> 1, spread 1/0.6745:
        // only 100 (score 65) is beyond 3.5.
        const sfp::Summary s = sfp::summarize({3, 1, 100, 2, 4});
        QCOMPARE(s.n, std::size_t(5));
        QCOMPARE(s.min, 1.0);
        QCOMPARE(s.max, 100.0);
        QCOMPARE(s.median, 3.0);
        QCOMPARE(s.mean, 22.0);
        QVERIFY(near(s.stddev, 43.617657));
        QVERIFY(near(s.ci95, 54.158474));
        QCOMPARE(s.q1, 2.0);
        QCOMPARE(s.q3, 4.0);
        QVERIFY(near(s.cv, 1.982621));
        QCOMPARE(s.outliers, std::vector<std::size_t>{2});  // index in the given order
    }

    void evenCountInterpolates() {
        // 2 4 4 4 5 5 7 9: mean 5, s = sqrt(32/7) = 2.138090, median 4.5,
        // q1 at h = 1.75 -> 4, q3 at h = 5.25 -> 5 + 0.25 * 2 = 5.5; t(7) = 2.364624.
        // MAD: deviations 2.5 .5 .5 .5 .5 .5 2.5 4.5 -> 0.5: 9 scores 6.07, 2 and 7 only 3.37.
        const sfp::Summary s = sfp::summarize({2, 4, 4, 4, 5, 5, 7, 9});
        QCOMPARE(s.median, 4.5);
        QCOMPARE(s.mean, 5.0);
        QVERIFY(near(s.stddev, 2.138090));
        QVERIFY(near(s.ci95, 1.787488));
        QCOMPARE(s.q1, 4.0);
        QCOMPARE(s.q3, 5.5);
        QVERIFY(near(s.cv, 0.427618));
        QCOMPARE(s.outliers, std::vector<std::size_t>{7});
    }

    // MAD 0 (most values equal): the mean absolute deviation 2 stands in, spread 2.507; 0 is
    // 10 away (score 3.99).
    void lowOutlierToo() {
        const sfp::Summary s = sfp::summarize({10, 10, 10, 10, 0});
        QCOMPARE(s.outliers, std::vector<std::size_t>{4});
        QVERIFY(sfp::summarize({5, 5, 5}).outliers.empty());
    }

    // Where the MAD rule and Tukey's fences part: 24 is beyond q3 + 1.5 IQR (16.75 + 6.75) but
    // only 9.5 from the median 14.5 with MAD 2.5 (score 2.56).
    void madRuleIsNotTukeysFences() {
        QVERIFY(sfp::summarize({10, 11, 12, 13, 14, 15, 16, 17, 18, 24}).outliers.empty());
        QCOMPARE(sfp::summarize({10, 11, 12, 13, 14, 15, 16, 17, 18, 34}).outliers, std::vector<std::size_t>{9});
    }

    void medianAlone() {
        QCOMPARE(sfp::median(std::vector<double>{3, 1, 2}), 2.0);
        QCOMPARE(sfp::median(std::vector<double>{4, 1, 3, 2}), 2.5);
        QCOMPARE(sfp::median(std::vector<double>{}), 0.0);
    }

    // Published table values (e.g. NIST/SEMATECH e-Handbook, 1.3.6.7.2, upper 0.025 points).
    void studentT() {
        QCOMPARE(sfp::t_critical_95(0), 0.0);
        QVERIFY(near(sfp::t_critical_95(1), 12.706));
        QVERIFY(near(sfp::t_critical_95(2), 4.303));
        QVERIFY(near(sfp::t_critical_95(4), 2.776));
        QVERIFY(near(sfp::t_critical_95(10), 2.228));
        QVERIFY(near(sfp::t_critical_95(30), 2.042));
        QVERIFY(near(sfp::t_critical_95(60), 2.000, 2e-3));
        QVERIFY(near(sfp::t_critical_95(120), 1.980, 2e-3));
        QVERIFY(near(sfp::t_critical_95(100000), 1.960));
        for (std::size_t df = 1; df < 200; ++df) QVERIFY(sfp::t_critical_95(df + 1) < sfp::t_critical_95(df));
    }

    void rankingIsByMedianWithRatios() {
        const sfp::Ranking r = sfp::rank_cells(3, {{0, 2.0}, {1, 1.0}, {2, 3.0}, {5, 1.5}});
        QCOMPARE(r.input_set, std::size_t(3));
        QCOMPARE(r.fastest_cell, std::size_t(1));
        QCOMPARE(r.slower.size(), std::size_t(3));
        QCOMPARE(r.slower[0].cell, std::size_t(5));
        QCOMPARE(r.slower[0].vs_fastest.ratio, 1.5);
        QCOMPARE(r.slower[1].cell, std::size_t(0));
        QCOMPARE(r.slower[1].vs_fastest.ratio, 2.0);
        QCOMPARE(r.slower[2].cell, std::size_t(2));
        QCOMPARE(r.slower[2].vs_fastest.ratio, 3.0);
        QVERIFY(!r.slower[0].vs_fastest.p);  // medians alone: no test
    }

    void straightLineFit() {
        // 1, 2, 3, 4 GB in 0.5 + 2 s/GB: exact.
        std::vector<sfp::SizePoint> points;
        for (double gb : {1.0, 2.0, 3.0, 4.0}) points.push_back({gb * 1e9, 0.5 + 2 * gb});
        const sfp::SizeFit f = sfp::fit_size(points);
        QCOMPARE(f.points, std::size_t(4));
        QVERIFY(near(f.seconds_per_gb, 2.0, 1e-9));
        QVERIFY(near(f.intercept_s, 0.5, 1e-9));
        QVERIFY(near(f.r2, 1.0, 1e-12));
        QVERIFY(!f.nonlinear);
    }

    void handComputedLeastSquares() {
        // (1,2) (2,3) (3,5): slope 1.5, intercept 1/3, RSS 1/6, TSS 14/3, R^2 = 27/28.
        const sfp::SizeFit f = sfp::fit_size({{1e9, 2}, {2e9, 3}, {3e9, 5}});
        QVERIFY(near(f.seconds_per_gb, 1.5, 1e-9));
        QVERIFY(near(f.intercept_s, 1.0 / 3, 1e-9));
        QVERIFY(near(f.r2, 27.0 / 28, 1e-9));
    }

    void noiseIsNotABend() {
        const sfp::SizeFit f = sfp::fit_size({{1e9, 1.00}, {2e9, 2.03}, {3e9, 2.97}, {4e9, 4.02}, {5e9, 4.99}});
        QVERIFY(f.r2 > 0.99);
        QVERIFY(!f.nonlinear);
    }

    void memoryRunningShortBends() {
        // Linear up to 8 GB, then the mapped-file curve turns upward (paging).
        const sfp::SizeFit f = sfp::fit_size({{1e9, 1}, {2e9, 2}, {4e9, 4}, {8e9, 8}, {16e9, 40}});
        QVERIFY(f.nonlinear);
    }

    void tooFewPoints() {
        QVERIFY(!sfp::fit_size({{1e9, 1}, {2e9, 5}}).nonlinear);  // two points are always a line
        const sfp::SizeFit one = sfp::fit_size({{1e9, 1}});
        QCOMPARE(one.points, std::size_t(1));
        QCOMPARE(one.seconds_per_gb, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestStats)
#include "test_stats.moc"
