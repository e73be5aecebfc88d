// Results flow once (issue 14 section 3): each finished run reaches the window once, as an
// update; the runs table appends a row (never a reset while running), the statistics table
// refreshes only the cells the run touched, and the plot redraws coalesced, not per run.
#include <QtTest>
#include <qcustomplot.h>
#include <set>

#include "controller.hpp"
#include "experiment_panel.hpp"
#include "fixtures.hpp"
#include "main_window.hpp"
#include "plot_panel.hpp"
#include "results_panel.hpp"
#include "runs_model.hpp"
#include "settings.hpp"
#include "stats_model.hpp"

using namespace gui;

namespace {

// Rows named by dataChanged signals, split into whole-row refreshes and single-column ones.
struct ChangedRows {
    std::set<int> whole, slower_only;
    void watch(StatsModel& model) {
        QObject::connect(&model, &QAbstractItemModel::dataChanged, [this](const QModelIndex& a, const QModelIndex& b) {
            for (int row = a.row(); row <= b.row(); ++row)
                (a.column() == StatsModel::Slower && b.column() == StatsModel::Slower ? slower_only : whole).insert(row);
        });
    }
};

sfp::CellStats stats_of(std::size_t cell, std::vector<double> real) {
    sfp::CellStats st;
    st.cell = cell;
    st.real = sfp::summarize(real);
    return st;
}

}  // namespace

class TestResultsFlow : public QObject {
    Q_OBJECT
private slots:
    // A hand-made update on top of a report: only the touched row is refreshed, the other rows
    // keep their values untouched; an earlier run's MISMATCH flip updates that row in place.
    void modelsApplyOneUpdate() {
        sfp::ExperimentReport report = fixtures::sweep();
        report.runs.resize(5);  // the first round: one ok run per cell
        report.stats.clear();
        for (std::size_t c = 0; c < report.cells.size(); ++c) report.stats.push_back(stats_of(c, {report.runs[c].result.real_s}));
        RunsModel runs;
        StatsModel stats;
        runs.setReport(report);
        stats.setReport(report);
        const QString medianOfRow0 = stats.data(stats.index(0, StatsModel::Median)).toString();

        QSignalSpy inserted(&runs, &QAbstractItemModel::rowsInserted);
        QSignalSpy runsReset(&runs, &QAbstractItemModel::modelReset);
        QSignalSpy statsReset(&stats, &QAbstractItemModel::modelReset);
        QSignalSpy runsChanged(&runs, &QAbstractItemModel::dataChanged);
        ChangedRows changed;
        changed.watch(stats);

        sfp::RunUpdate u;
        u.index = 5;
        u.record = fixtures::run(3, 2, 0.07, 0.01, 0.02);
        u.stats = {stats_of(3, {0.06, 0.07}), stats_of(4, {})};  // cell 4's only run turned MISMATCH
        u.statuses = {{4, sfp::RunStatus::mismatch}};
        u.input_set = 0;
        u.ranking = sfp::rank_cells(0, {{1, 0.11}, {3, 0.065}, {2, 0.21}, {0, 0.31}});
        sfp::apply(report, u);  // as the controller does, before the models hear of it
        runs.apply({&u, 1});
        stats.apply({&u, 1});

        QCOMPARE(inserted.count(), 1);
        QCOMPARE(runs.rowCount(), 6);
        QCOMPARE(runsReset.count(), 0);
        QCOMPARE(statsReset.count(), 0);
        QCOMPARE(runsChanged.count(), 1);  // the flipped run, in place
        QCOMPARE(runs.data(runs.index(4, RunsModel::Status)).toString(), QStringLiteral("MISMATCH"));
        QCOMPARE(changed.whole, (std::set<int>{3, 4}));  // the touched cells, nothing else recomputed
        QCOMPARE(stats.data(stats.index(0, StatsModel::Median)).toString(), medianOfRow0);
        QCOMPARE(stats.data(stats.index(3, StatsModel::Median)).toString(), QStringLiteral("0.0650"));
        QCOMPARE(stats.data(stats.index(3, StatsModel::Slower)).toString(), QStringLiteral("1.00×"));
        QCOMPARE(stats.data(stats.index(4, StatsModel::Slower)).toString(), QStringLiteral("–"));  // out of the ranking
        for (int row : changed.slower_only) QVERIFY2(row >= 0 && row <= 4, qPrintable(QString::number(row)));
    }

    // The real window and runner: N runs arrive in batches, each one row insert, and no reset
    // until the final report; each batch refreshes the statistics of its own cells only.
    void runInTheWindowAppendsRows() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        w.resize(1200, 800);
        w.experimentPanel()->setExperiment(fixtures::small(dir, {"read", "mmap"}, {4096, 65536}, 64 << 10, 4));
        core::Controller* c = w.controller();
        RunsModel* runs = w.resultsPanel()->runsModel();
        StatsModel* stats = w.resultsPanel()->statsModel();
        QSignalSpy inserted(runs, &QAbstractItemModel::rowsInserted);
        QSignalSpy runsReset(runs, &QAbstractItemModel::modelReset);
        QSignalSpy statsReset(stats, &QAbstractItemModel::modelReset);
        QSignalSpy finished(c, &core::Controller::finished);
        ChangedRows changed;
        changed.watch(*stats);
        int resetsBeforeFinal = -1, updates = 0, batches = 0;
        QStringList strays;  // whole-row refreshes of cells the batch did not touch
        // Connected after the window's own slot, so it sees what applying the batch changed.
        connect(c, &core::Controller::runsFinished, &w, [&](const std::vector<sfp::RunUpdate>& batch) {
            updates += int(batch.size());
            ++batches;
            resetsBeforeFinal = int(runsReset.count());
            std::set<int> allowed;
            for (const sfp::RunUpdate& u : batch)
                for (const sfp::CellStats& st : u.stats) allowed.insert(int(st.cell));
            for (int row : changed.whole)
                if (!allowed.count(row)) strays << QString::number(row);
            changed.whole.clear();
        });
        QVERIFY(w.run());
        const qsizetype resetsAtStart = runsReset.count();  // begin(): the new experiment's empty table
        QVERIFY(finished.wait(60000));
        QCOMPARE(updates, 12);  // (read x 2 blocks + mmap) x 4
        QCOMPARE(inserted.count(), batches);  // one insert per batch, however many runs it holds
        QCOMPARE(resetsBeforeFinal, int(resetsAtStart));  // no reset while the runs came in
        QVERIFY2(strays.isEmpty(), qPrintable(strays.join(',')));
        QCOMPARE(runs->rowCount(), 12);
        QCOMPARE(stats->rowCount(), 3);
        for (int row = 0; row < 3; ++row) QCOMPARE(stats->data(stats->index(row, StatsModel::Runs)).toInt(), 4);
        QVERIFY(statsReset.count() <= 1);  // begin() only: the final report has the same rows
    }

    // Many reports in a burst cost one redraw: the panel copies and draws when its timer fires.
    void plotRedrawsAreCoalesced() {
        PlotPanel panel;
        panel.resize(800, 500);
        sfp::ExperimentReport live = fixtures::sweep();
        panel.setReport(live);
        QSignalSpy replots(panel.plot(), &QCustomPlot::beforeReplot);
        QCoreApplication::processEvents();
        replots.clear();
        for (int i = 0; i < 100; ++i) {
            live.runs.push_back(fixtures::run(std::size_t(i % 5), 5, 0.1, 0.01, 0.02));
            panel.follow(live);
        }
        QCOMPARE(replots.count(), 0);  // nothing drawn per run
        QTRY_VERIFY_WITH_TIMEOUT(replots.count() >= 1, 10000);
        QCoreApplication::processEvents();
        QCOMPARE(replots.count(), 1);
        QCOMPARE(panel.hoverPoints().empty(), false);
    }
};

QTEST_MAIN(TestResultsFlow)
#include "test_results_flow.moc"
