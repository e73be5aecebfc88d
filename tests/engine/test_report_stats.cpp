// The runner's statistics of a report, from hand-made runs with known answers: rankings and
// throughput come from medians (not means), every "x slower" ratio and the summary lines exact.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <optional>

#include "hand_made.hpp"
#include "runner/report_stats.hpp"
#include "sfp/labels.hpp"
#include "sfp/parameter.hpp"

namespace {

constexpr std::uint64_t kBytes = 2'000'000;  // per run: throughput = 2 / median seconds MB/s

// One input set; each cell's runs take the given seconds. A few "slow" outliers make the
// mean and the median rank the cells differently.
sfp::ExperimentReport report_of(const std::vector<std::pair<std::string, std::vector<double>>>& cells) {
    sfp::ExperimentReport r;
    r.input_sets.push_back({{"/in/a", "/in/b"}, kBytes / 2});
    for (std::size_t c = 0; c < cells.size(); ++c) {
        r.cells.push_back(hand_made::cell(cells[c].first, 4096, 0, kBytes / 2));
        unsigned rep = 0;
        for (double seconds : cells[c].second)
            r.runs.push_back(hand_made::run(c, ++rep, seconds, 0, 0, sfp::RunStatus::ok, {}, kBytes));
    }
    return r;
}

// The reference statistics of one cell's times, written out here from their definitions: the
// median of the sorted times (the mean of the middle two for an even count), the mean, the
// sample standard deviation (n - 1) and CV = sd / mean. Nothing shared with the runner.
struct Reference {
    std::size_t n = 0;
    double median = 0, mean = 0, cv = 0;
};
Reference reference_of(std::vector<double> t) {
    Reference r;
    r.n = t.size();
    if (t.empty()) return r;
    std::sort(t.begin(), t.end());
    r.median = t.size() % 2 ? t[t.size() / 2] : (t[t.size() / 2 - 1] + t[t.size() / 2]) / 2;
    double sum = 0;
    for (double x : t) sum += x;
    r.mean = sum / double(t.size());
    if (t.size() < 2) return r;
    double squares = 0;
    for (double x : t) squares += (x - r.mean) * (x - r.mean);
    r.cv = std::sqrt(squares / double(t.size() - 1)) / r.mean;
    return r;
}

bool close(double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b)); }

// Least squares slope in seconds per GB over (bytes, seconds): the reference a fit must match.
double slope_per_gb(const std::vector<std::pair<double, double>>& points) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const auto& [bytes, seconds] : points) {
        const double gb = bytes / 1e9;
        sx += gb, sy += seconds, sxx += gb * gb, sxy += gb * seconds;
    }
    const double n = double(points.size());
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace

class TestReportStats : public QObject {
    Q_OBJECT
private slots:
    // By median: A (1, 1, 1, 1, 9) is fastest, B (2, 2, 2) 2x slower, C (4, 4, 4) 4x slower.
    // By mean A (2.6) would lose to B (2.0): a ranking by mean fails here.
    void rankingIsByMedianNotMean() {
        sfp::ExperimentReport r = report_of({{"b", {2, 2, 2}}, {"a", {1, 1, 9, 1, 1}}, {"c", {4, 4, 4}}});
        sfp::runner::compute_statistics(r);
        QCOMPARE(r.rankings.size(), std::size_t(1));
        QCOMPARE(r.rankings[0].fastest_cell, std::size_t(1));
        QCOMPARE(r.rankings[0].slower.size(), std::size_t(2));
        QCOMPARE(r.rankings[0].slower[0].cell, std::size_t(0));
        QCOMPARE(r.rankings[0].slower[0].vs_fastest.ratio, 2.0);
        QCOMPARE(r.rankings[0].slower[1].cell, std::size_t(2));
        QCOMPARE(r.rankings[0].slower[1].vs_fastest.ratio, 4.0);
        QCOMPARE(r.stats[1].real.median, 1.0);
        QCOMPARE(r.stats[1].real.mean, 2.6);
        QCOMPARE(r.stats[1].throughput_mbs, 2.0);  // 2,000,000 bytes / 1 s median
        QCOMPARE(r.stats[0].throughput_mbs, 1.0);
        QCOMPARE(r.stats[2].throughput_mbs, 0.5);
        QVERIFY(r.stats[1].high_variation);   // cv of (1,1,9,1,1) is far above 10%
        QVERIFY(!r.stats[0].high_variation);  // identical runs
    }

    void summaryLinesNameTheFastestAndTheRatios() {
        sfp::ExperimentReport r = report_of({{"b", {2, 2, 2}}, {"a", {1, 1, 9, 1, 1}}, {"c", {4, 4, 4}}});
        sfp::runner::compute_statistics(r);
        const std::vector<std::string> lines = sfp::ranking_lines(r);
        QCOMPARE(lines.size(), std::size_t(4));
        QVERIFY2(lines[1].starts_with("fastest: a ") && lines[1].ends_with(", 1 s"), lines[1].c_str());
        QVERIFY2(lines[2].starts_with("b ") &&
                     lines[2].ends_with(": 2 s, 2.00× slower, too few repetitions for a verdict (n=3; 6 needed)"),
                 lines[2].c_str());
        QVERIFY2(lines[3].starts_with("c ") &&
                     lines[3].ends_with(": 4 s, 4.00× slower, too few repetitions for a verdict (n=3; 6 needed)"),
                 lines[3].c_str());
    }

    // Failed runs are not timed: a cell whose fast runs failed does not win.
    void failedRunsDoNotCount() {
        sfp::ExperimentReport r = report_of({{"b", {2, 2, 2}}, {"a", {0.1, 0.1, 3}}});
        r.runs[3].status = sfp::RunStatus::mismatch;
        r.runs[4].status = sfp::RunStatus::error;
        sfp::runner::compute_statistics(r);
        QCOMPARE(r.stats[1].failed, std::size_t(2));
        QCOMPARE(r.stats[1].real.n, std::size_t(1));
        QCOMPARE(r.rankings[0].fastest_cell, std::size_t(0));
        QCOMPARE(r.rankings[0].slower.at(0).vs_fastest.ratio, 1.5);
    }

    // Run by run, as the runner adds them (interleaved, from 1 to 7 runs a cell), every cell's
    // n, median, mean, CV, high-variation flag and "x slower" ratio equal the reference written
    // above from the raw times -- not a second pass through the runner's own helpers. Cell "c"
    // sits just under the 10 % CV threshold and "d" just over it.
    void updateRunByRunMatchesAnIndependentReference() {
        const std::vector<std::pair<std::string, std::vector<double>>> times = {
            {"a", {1.0, 1.3, 0.9, 5.0, 1.1, 1.0, 0.95}},
            {"b", {2.0, 2.5, 1.5, 2.2}},
            {"c", {1.0, 1.15}},  // CV 9.87 %
            {"d", {1.0, 1.16}},  // CV 10.48 %
            {"e", {3.0}},
        };
        sfp::ExperimentReport r = report_of({{"a", {}}, {"b", {}}, {"c", {}}, {"d", {}}, {"e", {}}});
        sfp::runner::compute_statistics(r);
        std::vector<std::vector<double>> seen(times.size());
        for (std::size_t round = 0; round < 7; ++round)
            for (std::size_t c = 0; c < times.size(); ++c) {
                if (round >= times[c].second.size()) continue;
                const double t = times[c].second[round];
                r.runs.push_back(hand_made::run(c, unsigned(round + 1), t, 0, 0, sfp::RunStatus::ok, {}, kBytes));
                seen[c].push_back(t);
                sfp::runner::update_statistics(r, sfp::runner::RunIndex(r), {c});
                double fastest = 1e300;
                for (const auto& s : seen)
                    if (!s.empty()) fastest = std::min(fastest, reference_of(s).median);
                for (std::size_t k = 0; k < times.size(); ++k) {
                    const Reference want = reference_of(seen[k]);
                    const sfp::Summary& got = r.stats[k].real;
                    const QString where = QString("round %1, cell %2").arg(round).arg(k);
                    QVERIFY2(got.n == want.n, qPrintable(where));
                    if (want.n == 0) continue;
                    QVERIFY2(close(got.median, want.median) && close(got.mean, want.mean), qPrintable(where));
                    QVERIFY2(close(got.cv, want.cv),
                             qPrintable(where + QString(": cv %1, want %2").arg(got.cv).arg(want.cv)));
                    QVERIFY2(r.stats[k].high_variation == (want.cv > 0.10), qPrintable(where));
                    QVERIFY2(close(r.stats[k].throughput_mbs, double(kBytes) / want.median / 1e6), qPrintable(where));
                    const std::optional<double> ratio = [&]() -> std::optional<double> {
                        if (r.rankings.empty()) return std::nullopt;
                        if (r.rankings[0].fastest_cell == k) return 1.0;
                        for (const auto& [cell, x] : r.rankings[0].slower)
                            if (cell == k) return x.ratio;
                        return std::nullopt;
                    }();
                    QVERIFY2(ratio && close(*ratio, want.median / fastest), qPrintable(where));
                }
            }
        QVERIFY(!r.stats[2].high_variation);
        QVERIFY(r.stats[3].high_variation);
    }

    // The per-run update gives exactly what a full recomputation gives.
    void updateAfterOneCellEqualsFullRecomputation() {
        sfp::ExperimentReport full = report_of({{"b", {2, 2, 2}}, {"a", {1, 1, 9, 1, 1}}, {"c", {4, 4, 4}}});
        sfp::ExperimentReport step = full;
        sfp::runner::compute_statistics(full);
        step.runs.pop_back();
        sfp::runner::compute_statistics(step);
        sfp::RunRecord last = full.runs.back();
        step.runs.push_back(last);
        sfp::runner::update_statistics(step, sfp::runner::RunIndex(step), {last.cell});
        QCOMPARE(step.stats[2].real.median, full.stats[2].real.median);
        QCOMPARE(step.stats[2].real.n, full.stats[2].real.n);
        QCOMPARE(step.rankings[0].slower, full.rankings[0].slower);
    }

    // With 6 runs a side the ranking tests each cell against the fastest (paired by round:
    // the report is interleaved), and the line says the verdict and its interval.
    void rankingTestsEachCellAgainstTheFastest() {
        sfp::ExperimentReport r = report_of({{"a", {1.00, 1.01, 0.99, 1.02, 1.003, 0.98}},
                                             {"b", {1.50, 1.52, 1.49, 1.51, 1.50, 1.48}},
                                             {"c", {1.02, 1.01, 1.00, 1.03, 1.01, 0.995}}});
        sfp::runner::compute_statistics(r);
        const sfp::Ranking& ranking = r.rankings.at(0);
        QCOMPARE(ranking.fastest_cell, std::size_t(0));
        QCOMPARE(ranking.slower.size(), std::size_t(2));
        const sfp::Comparison& c = ranking.slower[0].vs_fastest;  // c: the same within noise
        QCOMPARE(ranking.slower[0].cell, std::size_t(2));
        QVERIFY(c.paired);
        QCOMPARE(c, sfp::compare_cells(r, 0, 2));
        QCOMPARE(sfp::verdict(c), sfp::Verdict::same);
        const sfp::Comparison& b = ranking.slower[1].vs_fastest;
        QCOMPARE(b.p.value(), 2.0 / 64);  // every round b slower: the smallest p of 6 pairs
        QCOMPARE(sfp::verdict(b), sfp::Verdict::slower);
        const std::vector<std::string> lines = sfp::ranking_lines(r);
        QVERIFY2(lines[3].starts_with("b block=4K threads=-: 1.5 s, 1.50× slower [1.48–1.51]") &&
                     lines[3].ends_with("], p=0.031"),
                 lines[3].c_str());
    }

    // Run by run, each update redoing only the comparisons that changed, ends where a full
    // recomputation ends: the same rankings, every comparison included.
    void runByRunEqualsFullRecomputation() {
        sfp::ExperimentReport full = report_of({{"a", {1.00, 1.01, 0.99, 1.02, 1.00, 0.98, 1.01}},
                                                {"b", {1.50, 1.52, 1.49, 1.51, 0.50, 1.48, 1.50}},
                                                {"c", {1.01, 0.90, 1.00, 1.03, 1.00, 0.99, 1.02}},
                                                {"d", {3.0, 2.9, 3.1, 2.95, 3.05, 3.0, 0.1}}});
        // In the order an interleaved experiment could run them: round by round, the fastest (a)
        // last in each, so its run changes every other cell's comparison after theirs came in.
        std::sort(full.runs.begin(), full.runs.end(), [](const sfp::RunRecord& x, const sfp::RunRecord& y) {
            return x.repetition != y.repetition ? x.repetition < y.repetition : x.cell > y.cell;
        });
        sfp::ExperimentReport step = full;
        step.runs.clear();
        sfp::runner::compute_statistics(step);
        sfp::runner::RunIndex index(step);
        for (const sfp::RunRecord& run : full.runs) {
            step.runs.push_back(run);
            index.add(step, step.runs.size() - 1);
            sfp::runner::update_statistics(step, index, {run.cell});
        }
        sfp::runner::compute_statistics(full);
        QCOMPARE(step.rankings.size(), full.rankings.size());
        QCOMPARE(step.rankings[0].fastest_cell, full.rankings[0].fastest_cell);
        QCOMPARE(step.rankings[0].slower, full.rankings[0].slower);
        QVERIFY(full.rankings[0].slower[0].vs_fastest.p);  // 7 runs a side: tested
    }

    // A sweep of packing (not block size, not threads) over two sizes: one fit per packing value,
    // never one line through the points of both, and each fit's label names its packing. Pipeline
    // takes 1 s and 2 s at packing 1, 0.5 s and 0.6 s at packing 1000; read (no packing) its own fit.
    void everyCellParameterKeysItsOwnFit() {
        const sfp::Parameter* packing = nullptr;
        for (const sfp::Parameter* p : sfp::cell_parameters())
            if (p->name == "packing") packing = p;
        QVERIFY(packing);
        sfp::ExperimentReport r;
        const std::uint64_t small = 1'000'000, large = 2'000'000;
        r.input_sets = {{{"/in/small"}, small}, {{"/in/large"}, large}};
        struct Timed {
            const char* strategy;
            std::int64_t packing;  // 0: the strategy does not use it
            std::uint64_t size;
            double seconds;
        };
        const std::vector<Timed> timed = {{"pipeline", 1, small, 1.0},    {"pipeline", 1000, small, 0.5},
                                          {"read", 0, small, 0.25},       {"pipeline", 1, large, 2.0},
                                          {"pipeline", 1000, large, 0.6}, {"read", 0, large, 0.75}};
        for (const Timed& t : timed) {
            sfp::Cell c = hand_made::cell(t.strategy, 0, t.packing ? 2 : 0, t.size, t.size == small ? 0 : 1);
            if (t.packing) sfp::set_parameter_value(c, *packing, t.packing);
            r.cells.push_back(c);
            r.runs.push_back(hand_made::run(r.cells.size() - 1, 1, t.seconds));
        }
        sfp::runner::compute_statistics(r);

        QCOMPARE(r.fits.size(), std::size_t(3));  // in the order their cells first appear
        QCOMPARE(r.fits[0].cell, std::size_t(0));
        QCOMPARE(r.fits[1].cell, std::size_t(1));
        QCOMPARE(r.fits[2].cell, std::size_t(2));
        const double expected[] = {slope_per_gb({{1e6, 1.0}, {2e6, 2.0}}), slope_per_gb({{1e6, 0.5}, {2e6, 0.6}}),
                                   slope_per_gb({{1e6, 0.25}, {2e6, 0.75}})};
        for (std::size_t f = 0; f < 3; ++f) {
            QCOMPARE(r.fits[f].points, std::size_t(2));
            QVERIFY2(std::abs(r.fits[f].seconds_per_gb - expected[f]) < 1e-9 * expected[f],
                     qPrintable(QString::number(r.fits[f].seconds_per_gb)));
        }
        QCOMPARE(sfp::fit_label(r, r.fits[0]), std::string("pipeline block=- threads=2 packing=1"));
        QCOMPARE(sfp::fit_label(r, r.fits[1]), std::string("pipeline block=- threads=2 packing=1000"));
        QCOMPARE(sfp::fit_label(r, r.fits[2]), std::string("read block=- threads=-"));
    }

    // Threads are a key too: the same strategy at two thread counts is two fits.
    void threadsKeyTheirOwnFit() {
        sfp::ExperimentReport r;
        r.input_sets = {{{"/in/small"}, 1'000'000}, {{"/in/large"}, 2'000'000}};
        for (unsigned threads : {1u, 4u})
            for (std::size_t set = 0; set < 2; ++set) {
                r.cells.push_back(hand_made::cell("mmap-mt", 4096, threads, r.input_sets[set].file_size, set));
                r.runs.push_back(hand_made::run(r.cells.size() - 1, 1, double(set + 1) / threads));
            }
        sfp::runner::compute_statistics(r);
        QCOMPARE(r.fits.size(), std::size_t(2));
        QCOMPARE(r.cells[r.fits[0].cell].value("threads"), std::uint64_t(1));
        QCOMPARE(r.cells[r.fits[1].cell].value("threads"), std::uint64_t(4));
    }
};

QTEST_GUILESS_MAIN(TestReportStats)
#include "test_report_stats.moc"
