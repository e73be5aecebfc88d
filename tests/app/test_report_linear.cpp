// Issue 40 H6: `report --pdf` took time growing faster than the report. Its tables asked, for
// every cell, for that cell's runs and ranking by a search of all of them (cells x runs). The
// content now looks at each run and ranked cell a bounded number of times: counted
// (core::items_looked_at), not timed. Measured times: docs/report.md.
#include <QtTest>

#include "hand_made.hpp"
#include "report_content.hpp"
#include "runner/report_stats.hpp"
#include "work_count.hpp"

namespace {

// `cells` cells of one input, three ok runs each, with the runner's statistics and ranking.
sfp::ExperimentReport report_of(std::size_t cells) {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "compare";
    r.experiment.data_kind = "pair";
    r.experiment.repetitions = 3;
    r.input_sets = {{{}, 1 << 20}};
    for (std::size_t c = 0; c < cells; ++c) {
        r.cells.push_back(hand_made::cell("read", 512 * (c + 1), 0));
        for (unsigned rep = 1; rep <= 3; ++rep)
            r.runs.push_back(hand_made::run(c, rep, 0.01 * double(1 + c % 7) + 0.001 * rep));
    }
    sfp::runner::compute_statistics(r);
    return r;
}

std::size_t looked_at(const sfp::ExperimentReport& r) {
    core::items_looked_at = 0;
    const core::ReportContent content = core::report_content(r, {});
    const std::size_t rows = content.tables.empty() ? 0 : content.tables.front().rows.size();
    if (rows != r.cells.size()) qFatal("the table has %zu rows for %zu cells", rows, r.cells.size());
    return core::items_looked_at;
}

}  // namespace

class TestReportLinear : public QObject {
    Q_OBJECT
private slots:
    void tablesLookAtEachRunABoundedNumberOfTimes() {
        const sfp::ExperimentReport small = report_of(200), large = report_of(800);
        QVERIFY(!small.rankings.empty() && small.rankings.front().slower.size() == 199);
        const std::size_t a = looked_at(small), b = looked_at(large);
        QVERIFY2(a > 0, "nothing counted: the seam is not where the runs are read");
        // Four times the cells and runs: four times the looking, not sixteen (a little slack).
        QVERIFY2(b <= 5 * a, qPrintable(QStringLiteral("%1 items for 200 cells, %2 for 800").arg(a).arg(b)));
        // And a bounded number of times per item (runs + ranked cells).
        const std::size_t items = large.runs.size() + large.cells.size();
        QVERIFY2(b <= 4 * items, qPrintable(QStringLiteral("%1 looks at %2 items").arg(b).arg(items)));
    }
};

QTEST_MAIN(TestReportLinear)
#include "test_report_linear.moc"
