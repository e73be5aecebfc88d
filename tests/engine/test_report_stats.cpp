// The runner's statistics of a report, from hand-made runs with known answers: rankings and
// throughput come from medians (not means), every "x slower" ratio and the summary lines exact.
#include <QtTest>

#include "hand_made.hpp"
#include "runner/report_stats.hpp"
#include "sfp/experiment.hpp"

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
        for (double seconds : cells[c].second) r.runs.push_back(hand_made::run(c, ++rep, seconds, 0, 0, sfp::RunStatus::ok, {}, kBytes));
    }
    return r;
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
        QCOMPARE(r.rankings[0].slower[0].first, std::size_t(0));
        QCOMPARE(r.rankings[0].slower[0].second, 2.0);
        QCOMPARE(r.rankings[0].slower[1].first, std::size_t(2));
        QCOMPARE(r.rankings[0].slower[1].second, 4.0);
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
        QVERIFY2(lines[1].starts_with("fastest: a ") && lines[1].ends_with(", 1s"), lines[1].c_str());
        QVERIFY2(lines[2].starts_with("b ") && lines[2].ends_with(": 2s, 2.00x slower"), lines[2].c_str());
        QVERIFY2(lines[3].starts_with("c ") && lines[3].ends_with(": 4s, 4.00x slower"), lines[3].c_str());
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
        QCOMPARE(r.rankings[0].slower.at(0).second, 1.5);
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
};

QTEST_GUILESS_MAIN(TestReportStats)
#include "test_report_stats.moc"
