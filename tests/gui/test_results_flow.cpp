// Results flow once (issue 14 section 3): each finished run reaches the window once, as an
// update; the runs table appends a row (never a reset while running), the statistics table
// refreshes only the cells the run touched, and the plot redraws coalesced, not per run.
#include <QtTest>
#include <qcustomplot.h>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <span>

#include "controller.hpp"
#include "experiment_panel.hpp"
#include "fixtures.hpp"
#include "main_window.hpp"
#include "plot_panel.hpp"
#include "results_panel.hpp"
#include "runs_model.hpp"
#include "settings.hpp"
#include "sfp/run_update.hpp"
#include "stats_model.hpp"

using namespace gui;

namespace {

// Rows named by dataChanged signals, split into whole-row refreshes and single-column ones.
struct ChangedRows {
    std::set<int> whole, slower_only;  // slower_only: the columns against the fastest (× fastest to verdict)
    void watch(StatsModel& model) {
        QObject::connect(&model, &QAbstractItemModel::dataChanged, [this](const QModelIndex& a, const QModelIndex& b) {
            for (int row = a.row(); row <= b.row(); ++row)
                (a.column() == StatsModel::Slower && b.column() == StatsModel::Verdict ? slower_only : whole)
                    .insert(row);
        });
    }
};

// Every update the runner hands over, kept in order (no window): what the controller would batch.
struct Collected : sfp::ExperimentObserver {
    std::vector<sfp::RunUpdate> updates;
    void run_finished(sfp::RunUpdate&& u) override { updates.push_back(std::move(u)); }
};

// What a view of `model` shows, cell by cell: text, sort key, colour, tooltip.
QStringList shown(const QAbstractItemModel& model) {
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        for (int col = 0; col < model.columnCount(); ++col) {
            const QModelIndex i = model.index(row, col);
            out << QStringLiteral("%1,%2: %3 | %4 | %5 | %6")
                       .arg(row)
                       .arg(col)
                       .arg(i.data().toString(), i.data(SortRole).toString(),
                            i.data(Qt::BackgroundRole).value<QBrush>().color().name(),
                            i.data(Qt::ToolTipRole).toString());
        }
    return out;
}

// What both tables show: the runs, then the statistics.
QStringList shown(const RunsModel& runs, const StatsModel& stats) { return shown(runs) + shown(stats); }

// What both tables show when built from `report` at once.
QStringList shown_rebuilt(const sfp::ExperimentReport& report) {
    RunsModel runs;
    StatsModel stats;
    runs.setReport(report);
    stats.setReport(report);
    return shown(runs, stats);
}

// The report as the controller starts it: the cells, one empty statistics entry per cell.
sfp::ExperimentReport started_from(const sfp::ExperimentReport& full) {
    sfp::ExperimentReport r;
    r.experiment = full.experiment;
    r.cells = full.cells;
    r.stats.resize(r.cells.size());
    for (std::size_t c = 0; c < r.stats.size(); ++c) r.stats[c].cell = c;
    return r;
}

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
        for (std::size_t c = 0; c < report.cells.size(); ++c)
            report.stats.push_back(stats_of(c, {report.runs[c].result.real_s}));
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
        qsizetype resetsAtStart = -1;  // begin(), once planned: the new experiment's empty table
        connect(c, &core::Controller::started, &w, [&] { resetsAtStart = runsReset.count(); });
        QVERIFY(w.run());
        QVERIFY(finished.wait(60000));
        QCOMPARE(updates, 12);                            // (read x 2 blocks + mmap) x 4
        QCOMPARE(inserted.count(), batches);              // one insert per batch, however many runs it holds
        QCOMPARE(resetsBeforeFinal, int(resetsAtStart));  // no reset while the runs came in
        QVERIFY2(strays.isEmpty(), qPrintable(strays.join(',')));
        QCOMPARE(runs->rowCount(), 12);
        QCOMPARE(stats->rowCount(), 3);
        for (int row = 0; row < 3; ++row) QCOMPARE(stats->data(stats->index(row, StatsModel::Runs)).toInt(), 4);
        QVERIFY(statsReset.count() <= 1);  // begin() only: the final report has the same rows
    }

    // The runner's real updates (two input sets, rankings that change) fed to the tables one at a
    // time and in batches of 1, 2, 3, ... runs: after every batch the batched tables show what
    // tables rebuilt from the report so far show (the simple reference), and at the end what the
    // one-at-a-time tables and the finished report show. One row insert per batch.
    void batchesShowWhatSingleUpdatesShow() {
        QTemporaryDir dir;
        sfp::Experiment e = fixtures::small(dir, {"read", "mmap", "pread-mt"}, {4096, 65536}, 64 << 10, 3);
        e.sizes = {32 << 10, 64 << 10};
        sfp::Progress progress;
        Collected collected;
        const sfp::ExperimentReport final = sfp::run_experiment(e, progress, &collected);
        const std::vector<sfp::RunUpdate>& updates = collected.updates;
        QCOMPARE(updates.size(), std::size_t(30));  // (read x 2 blocks + mmap + pread-mt x 2 blocks) x 2 sizes x 3

        sfp::ExperimentReport one = started_from(final), many = started_from(final);
        RunsModel runsOne, runsMany;
        StatsModel statsOne, statsMany;
        runsOne.setReport(one);
        statsOne.setReport(one);
        runsMany.setReport(many);
        statsMany.setReport(many);
        for (const sfp::RunUpdate& u : updates) {
            sfp::apply(one, u);
            runsOne.apply({&u, 1});
            statsOne.apply({&u, 1});
        }
        QSignalSpy inserted(&runsMany, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&statsMany, &QAbstractItemModel::modelReset);
        int batches = 0;
        for (std::size_t from = 0, n = 1; from < updates.size(); from += n, ++n, ++batches) {
            const auto batch = std::span(updates).subspan(from, std::min(n, updates.size() - from));
            for (const sfp::RunUpdate& u : batch) sfp::apply(many, u);
            runsMany.apply(batch);
            statsMany.apply(batch);
            QCOMPARE(shown(runsMany, statsMany), shown_rebuilt(many));
        }
        QCOMPARE(inserted.count(), batches);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(shown(runsMany, statsMany), shown(runsOne, statsOne));
        QCOMPARE(shown(runsMany, statsMany), shown_rebuilt(final));
        // And against a reference outside the models and the runner's statistics: each row's run
        // count, median and CV % computed here from the final report's raw times.
        QCOMPARE(runsMany.rowCount(), int(final.runs.size()));
        for (std::size_t cell = 0; cell < final.cells.size(); ++cell) {
            std::vector<double> t;
            for (const sfp::RunRecord& r : final.runs)
                if (r.cell == cell && r.status == sfp::RunStatus::ok) t.push_back(r.result.real_s);
            std::sort(t.begin(), t.end());
            const int row = int(cell);
            QCOMPARE(statsMany.data(statsMany.index(row, StatsModel::Runs), SortRole).toULongLong(),
                     qulonglong(t.size()));
            if (t.empty()) continue;
            const double median = t.size() % 2 ? t[t.size() / 2] : (t[t.size() / 2 - 1] + t[t.size() / 2]) / 2;
            const double mean = std::accumulate(t.begin(), t.end(), 0.0) / double(t.size());
            double squares = 0;
            for (double x : t) squares += (x - mean) * (x - mean);
            const double cv_pct = t.size() > 1 ? std::sqrt(squares / double(t.size() - 1)) / mean * 100 : 0;
            QCOMPARE(statsMany.data(statsMany.index(row, StatsModel::Median), SortRole).toDouble(), median);
            QVERIFY(std::abs(statsMany.data(statsMany.index(row, StatsModel::Cv), SortRole).toDouble() - cv_pct) <
                    1e-9);
        }
    }

    // Status flips in a batch: a run that was a row before the batch is refreshed in place, one the
    // batch itself inserts is simply drawn as it now is; both read MISMATCH.
    void batchFlipsEarlierAndNewRows() {
        sfp::ExperimentReport report = fixtures::sweep();
        report.runs.resize(5);
        report.stats.clear();
        for (std::size_t c = 0; c < report.cells.size(); ++c)
            report.stats.push_back(stats_of(c, {report.runs[c].result.real_s}));
        RunsModel runs;
        runs.setReport(report);
        QSignalSpy inserted(&runs, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&runs, &QAbstractItemModel::dataChanged);
        std::vector<sfp::RunUpdate> batch(2);
        batch[0].index = 5;
        batch[0].record = fixtures::run(4, 2, 0.09, 0.02, 0.04);
        batch[0].stats = {stats_of(4, {0.08, 0.09})};
        batch[1].index = 6;
        batch[1].record = fixtures::run(4, 3, 0.5, 0.02, 0.04);  // disagrees: it and the earlier mmap runs flip
        batch[1].stats = {stats_of(4, {})};
        batch[1].statuses = {{4, sfp::RunStatus::mismatch}, {5, sfp::RunStatus::mismatch}};
        batch[1].record.status = sfp::RunStatus::mismatch;
        for (const sfp::RunUpdate& u : batch) sfp::apply(report, u);
        runs.apply(batch);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 5);
        QCOMPARE(inserted.at(0).at(2).toInt(), 6);
        QCOMPARE(changed.count(), 1);  // row 4 only: rows 5 and 6 are new
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 4);
        for (int row : {4, 5, 6})
            QCOMPARE(runs.data(runs.index(row, RunsModel::Status)).toString(), QStringLiteral("MISMATCH"));
        QCOMPARE(runs.data(runs.index(3, RunsModel::Status)).toString(), QStringLiteral("ok"));
    }

    // A cancel while the runs come in batches: every completed run was announced once and in
    // order, and both tables agree with the cancelled report (no row lost, none twice).
    void cancelMidRunLeavesConsistentTables() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        w.experimentPanel()->setExperiment(fixtures::small(dir, {"read"}, {512}, 32 << 20, 40));
        core::Controller* c = w.controller();
        std::vector<std::size_t> announced;
        connect(c, &core::Controller::runsFinished, &w, [&](const std::vector<sfp::RunUpdate>& batch) {
            for (const sfp::RunUpdate& u : batch) announced.push_back(u.index);
        });
        QSignalSpy batches(c, &core::Controller::runsFinished);
        QSignalSpy finished(c, &core::Controller::finished);
        QVERIFY(w.run());
        QVERIFY(batches.wait(60000));
        c->cancel();
        QVERIFY(finished.wait(60000));
        const sfp::ExperimentReport& report = c->report();
        QVERIFY(report.cancelled);
        const std::size_t kept = report.runs.size();
        QVERIFY(kept >= 1 && kept < 40);
        std::vector<std::size_t> each(kept);
        std::iota(each.begin(), each.end(), std::size_t(0));
        QCOMPARE(announced, each);
        RunsModel* runs = w.resultsPanel()->runsModel();
        StatsModel* stats = w.resultsPanel()->statsModel();
        QCOMPARE(runs->rowCount(), int(kept));
        for (int row = 0; row < runs->rowCount(); ++row)
            QCOMPARE(runs->data(runs->index(row, RunsModel::Real), SortRole).toDouble(),
                     report.runs[std::size_t(row)].result.real_s);
        QCOMPARE(stats->rowCount(), 1);
        QCOMPARE(stats->data(stats->index(0, StatsModel::Runs)).toInt(), int(kept));
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
