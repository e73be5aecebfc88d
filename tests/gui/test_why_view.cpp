// The window's view of exact CPU time and the counters (issue 22): the User / system / waiting
// plot draws an unresolved split as one CPU segment, never as waiting; the Why view colours each
// counter against the fastest and its tooltip names what separates a cell most; the tables show
// the exact CPU time, "not resolved" and "n/a" where they apply.
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>
#include <qcustomplot.h>

#include "counted_report.hpp"
#include "plot_panel.hpp"
#include "runs_model.hpp"
#include "sfp/compare.hpp"
#include "sfp/explain.hpp"
#include "stats_model.hpp"

using namespace gui;

namespace {

// The Timeline's "where it stopped" crosses, or null.
QCPGraph* stop_marks(PlotPanel& panel) {
    for (int i = 0; i < panel.plot()->graphCount(); ++i)
        if (panel.plot()->graph(i)->name() == QStringLiteral("where it stopped")) return panel.plot()->graph(i);
    return nullptr;
}

QCPBars* bars_named(QCustomPlot* plot, const QString& name) {
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPBars*>(plot->plottable(i)); b && b->name() == name) return b;
    return nullptr;
}

double bar(QCPBars* bars, int at) { return bars->data()->at(at)->value; }

}  // namespace

class TestWhyView : public QObject {
    Q_OBJECT
private slots:
    // mmap-mt: 3.1 ms of CPU in 2 ms, split not resolved; read: 0.2 s of CPU in 0.2 s, 3:1.
    void timeSplitNeverShowsBusyCpuAsWaiting() {
        PlotPanel panel;
        panel.resize(900, 500);
        panel.setKind(plots::Kind::time_split);
        sfp::ExperimentReport rep = counted_report::counted();
        for (sfp::RunRecord& r : rep.runs)
            if (r.cell == 0) r.result.real_s = 0.004;  // room for waiting: 0.9 ms
        sfp::runner::compute_statistics(rep);
        panel.setReport(rep);
        panel.redrawNow();
        QCPBars* unsplit = bars_named(panel.plot(), plots::unresolved_cpu_name());
        QCPBars* user = bars_named(panel.plot(), QStringLiteral("user"));
        QCPBars* sys = bars_named(panel.plot(), QStringLiteral("system"));
        QCPBars* waiting = bars_named(panel.plot(), QStringLiteral("waiting (elapsed − CPU)"));
        QVERIFY(unsplit && user && sys && waiting);
        QCOMPARE(bar(unsplit, 0), 0.0031);                    // the whole exact CPU, in one segment
        QCOMPARE(bar(user, 0) + bar(sys, 0), 0.0);            // no split claimed
        QVERIFY(std::abs(bar(waiting, 0) - 0.0009) < 1e-12);  // only what CPU did not cover
        QCOMPARE(bar(unsplit, 1), 0.0);
        QVERIFY(std::abs(bar(user, 1) - 0.15) < 1e-12);
        QVERIFY(std::abs(bar(sys, 1) - 0.05) < 1e-12);
        QCOMPARE(bar(waiting, 1), 0.0);
        QVERIFY(panel.hoverPoints()[0].text.contains("split not resolved"));
        QVERIFY(panel.hoverPoints()[1].text.contains("user 0.15 s, system 0.05 s"));

        for (sfp::RunRecord& r : rep.runs) r.result.usage.split_resolved = true;  // all resolved: no such segment
        sfp::runner::compute_statistics(rep);
        panel.setReport(rep);
        panel.redrawNow();
        QVERIFY(!bars_named(panel.plot(), plots::unresolved_cpu_name()));
    }

    // Issue 44: where the runs took their waiting apart, the waiting segment is runnable with no
    // CPU and blocked, in the runs' proportion (0.5 : 0.4 of mmap-mt's 0.9 ms); a cell whose runs
    // did not (read's, an older sfpbench's) keeps one waiting segment.
    void timeSplitTakesTheWaitingApart() {
        PlotPanel panel;
        panel.resize(900, 500);
        panel.setKind(plots::Kind::time_split);
        sfp::ExperimentReport rep = counted_report::waited();
        for (sfp::RunRecord& r : rep.runs)
            if (r.cell == 0) r.result.real_s = 0.004;  // room for waiting: 0.9 ms
        for (sfp::RunRecord& r : rep.runs)
            if (r.cell == 1) r.result.real_s = 0.3;  // 0.1 s waiting, not taken apart
        sfp::runner::compute_statistics(rep);
        panel.setReport(rep);
        panel.redrawNow();
        QCPBars* runnable = bars_named(panel.plot(), QStringLiteral("runnable, no CPU"));
        QCPBars* blocked = bars_named(panel.plot(), QStringLiteral("blocked"));
        QCPBars* waiting = bars_named(panel.plot(), QStringLiteral("waiting (elapsed − CPU)"));
        QVERIFY(runnable && blocked && waiting);
        QVERIFY(!bars_named(panel.plot(), QStringLiteral("blocked on block I/O")));  // delay accounting off
        QVERIFY(std::abs(bar(runnable, 0) - 0.0005) < 1e-12);
        QVERIFY(std::abs(bar(blocked, 0) - 0.0004) < 1e-12);
        QCOMPARE(bar(waiting, 0), 0.0);
        QCOMPARE(bar(runnable, 1), 0.0);
        QVERIFY(std::abs(bar(waiting, 1) - 0.1) < 1e-12);
        QVERIFY2(panel.hoverPoints()[0].text.contains("runnable, no CPU 0.0005 s"),
                 qPrintable(panel.hoverPoints()[0].text));
        QVERIFY(panel.hoverPoints()[1].text.contains("not taken apart"));
    }

    // A run other load held up says so in the Runs table's message, on a yellow ground.
    void runsTableMarksADisturbedRun() {
        sfp::ExperimentReport rep = counted_report::waited();
        sfp::Usage& u = rep.runs[0].result.usage;
        u.runnable_wait_s = 0.0025, u.blocked_s = 0, u.thread_s = 0.0056;
        rep.runs[0].result.real_s = 0.004;  // 1.4 threads alive at once, on 2 CPUs: no want of its own
        RunsModel runs;
        runs.setReport(rep);
        const QModelIndex message = runs.index(0, runs.column(RunsModel::Message));
        QVERIFY2(message.data().toString().startsWith("disturbed by other load: 45 %"),
                 qPrintable(message.data().toString()));
        QVERIFY(message.data(Qt::BackgroundRole).isValid());
        QCOMPARE(runs.index(2, runs.column(RunsModel::Message)).data().toString(), QString());
    }

    // Issue 44: the Timeline draws one lane per thread of the chosen run -- the picked one, else
    // the median run of the fastest cell -- a cross where each scanning worker stopped, and says
    // how to get one when no run recorded its timeline.
    void timelineDrawsEachThreadOfTheChosenRun() {
        PlotPanel panel;
        panel.resize(1024, 600);
        panel.setKind(plots::Kind::timeline);
        sfp::ExperimentReport rep = counted_report::waited();
        panel.setReport(rep);
        panel.redrawNow();
        QVERIFY(panel.hoverPoints().empty());  // no run recorded one: a note instead
        const auto worker = [](unsigned i, double stop) {
            sfp::ThreadTime t{i, "worker", 0, stop + 0.0001, stop, 0.0, 0.0001, std::nullopt, 8192, false, {}};
            t.events = {{0, stop / 2, 4096, 4096 * i, sfp::EventKind::scan},
                        {stop / 2, stop, 4096, 4096 * (i + 2), sfp::EventKind::scan}};
            return t;
        };
        const sfp::ThreadTime runner{0, "runner", 0, 0.002, 0.0001, 0.0, 0.0019, std::nullopt, 0, false, {}};
        for (std::size_t r : {0, 2})  // both of mmap-mt's runs
            rep.runs[r].result.threads = {runner, worker(0, 0.001), worker(1, 0.0015)};
        rep.runs[2].result.threads.push_back(worker(2, 0.0012));  // three workers: tells the runs apart
        rep.runs[2].result.real_s = 0.003;                        // the slower: the median is the first
        rep.runs[0].result.outcome = sfp::CompareOutcome{{{100, 1, 2}, {2100, 3, 4}}, 8192, 8192};
        panel.setReport(rep);
        panel.redrawNow();
        QCOMPARE(panel.hoverPoints().size(), std::size_t(3));  // the runner and two workers
        QVERIFY(panel.titleText().startsWith("Timeline: "));
        QVERIFY2(panel.titleText().contains("the 2 mismatches found up to byte 2100"), qPrintable(panel.titleText()));
        QVERIFY2(panel.hoverPoints()[2].text.contains("last: scan at byte 12288"),
                 qPrintable(panel.hoverPoints()[2].text));
        QCPGraph* stops = stop_marks(panel);
        QVERIFY(stops);
        QCOMPARE(stops->dataCount(), 2);
        QCOMPARE(stops->data()->at(0)->key, 0.001);
        panel.setPickedRun(2);  // a row of the Runs table
        QCOMPARE(panel.hoverPoints().size(), std::size_t(4));
        // A worker that scanned no block stopped at its first check: its cross ends its life.
        sfp::ThreadTime idle = worker(3, 0.0004);
        idle.events.clear();
        rep.runs[2].result.threads.push_back(idle);
        panel.setReport(rep);
        panel.setPickedRun(2);
        panel.redrawNow();
        stops = stop_marks(panel);
        QVERIFY(stops);
        QCOMPARE(stops->dataCount(), 4);
        QCOMPARE(stops->data()->at(0)->key, 0.0005);  // sorted by time: the idle worker's end first
        // The runner as worker 0 (an auto's stripes to whoever is free): where it stopped too.
        rep.runs[2].result.threads.front().events = {{0.0001, 0.0018, 4096, 8192, sfp::EventKind::scan}};
        panel.setReport(rep);
        panel.setPickedRun(2);
        panel.redrawNow();
        stops = stop_marks(panel);
        QVERIFY(stops);
        QCOMPARE(stops->dataCount(), 5);
        QCOMPARE(stops->data()->at(4)->key, 0.0018);
    }

    // Issue 44 §3: for compare, a second axis in file offset -- each block a worker scanned at
    // its offset, the mismatches where they are -- in the plot's exported data too.
    void timelineSetsEachScanAgainstTheMismatches() {
        PlotPanel panel;
        panel.resize(1024, 600);
        panel.setKind(plots::Kind::timeline);
        sfp::ExperimentReport rep = counted_report::waited();
        const auto worker = [](unsigned i, std::uint64_t at) {
            sfp::ThreadTime t{i, "worker", 0, 0.002, 0.001, 0.0, 0.001, std::nullopt, 2 * 65536, false, {}};
            t.events = {{0.0001 * (i + 1), 0.0002 * (i + 1), 2 * 65536, at, sfp::EventKind::scan}};
            return t;
        };
        for (sfp::RunRecord& r : rep.runs) r.result.threads = {worker(0, 0), worker(1, 65536), worker(2, 131072)};
        for (sfp::RunRecord& r : rep.runs)
            r.result.outcome = sfp::CompareOutcome{{{1024, 1, 2}, {3584, 3, 4}}, 1u << 26, 1u << 26};
        panel.setReport(rep);
        panel.redrawNow();
        const QJsonObject data = panel.plotDataJson();
        QCOMPARE(data["y2"].toObject()["unit"].toString(), QStringLiteral("KiB"));
        QStringList scanned;
        QJsonArray mismatches;
        for (const QJsonValue& v : data["series"].toArray()) {
            const QJsonObject series = v.toObject();
            if (series["name"].toString() == "mismatches") mismatches = series["points"].toArray();
            if (!series["name"].toString().startsWith("a block's offset")) continue;
            QCOMPARE(series["axis"].toString(), QStringLiteral("y2"));
            for (const QJsonValue& p : series["points"].toArray())
                scanned << QString::number(p.toObject()["y"].toDouble());
        }
        QCOMPARE(scanned, (QStringList{"0", "64", "128"}));  // KiB, worker by worker
        QCOMPARE(mismatches.size(), qsizetype(2));
        QCOMPARE(mismatches[0].toObject()["y"].toDouble(), 1.0);
        QCOMPARE(mismatches[1].toObject()["y"].toDouble(), 3.5);
        QCOMPARE(mismatches[0].toObject()["x"].toDouble(), 0.0002);  // when worker 0 scanned the block holding it
        for (sfp::RunRecord& r : rep.runs) r.result.outcome = {};    // not compare's: no offset axis
        panel.setReport(rep);
        panel.redrawNow();
        QVERIFY(!panel.plotDataJson().contains("y2"));
    }

    void whyViewNamesWhatSeparatesACell() {
        PlotPanel panel;
        panel.resize(1000, 500);
        panel.setKind(plots::Kind::why);
        const auto columns = [&panel] {
            const auto ticker = panel.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
            return ticker ? ticker->ticks().values() : QStringList{};
        };
        // The waiting's four columns only where some cell has them, as the report's table.
        panel.setReport(counted_report::waited());
        panel.redrawNow();
        QVERIFY2(columns().contains("runnable s/s"), qPrintable(columns().join(", ")));
        QCOMPARE(columns().size(), qsizetype(sfp::kWhy.size() - 1));  // its runs had no block-I/O delay to read
        panel.setReport(counted_report::counted());
        panel.redrawNow();
        QCOMPARE(columns().size(), qsizetype(sfp::kWhy.size() - 4));
        QCOMPARE(panel.hoverPoints().size(), std::size_t(2));  // a row per cell, fastest first
        QVERIFY(panel.hoverPoints()[0].text.contains("the fastest on this input"));
        const QString slow = panel.hoverPoints()[1].text;
        QVERIFY2(slow.contains("separates it most from the fastest") && slow.contains("<b>faults per MB</b>"),
                 qPrintable(slow));
        QVERIFY2(slow.contains("cycles per byte: n/a (fastest 0.5)"), qPrintable(slow));
        // The tooltip where the mouse is: over the read row, on any of its counters.
        panel.plot()->replot();
        const QPointF at(panel.plot()->xAxis->coordToPixel(4), panel.plot()->yAxis->coordToPixel(2));
        QCOMPARE(panel.hoverTextAt(at), slow);
        QVERIFY(panel.titleText().startsWith("Why"));
    }

    // Issue 41: the Why plot's caption (its x axis label) at 1024x700 in presentation mode
    // breaks into lines that each fit the plot, and keeps every word.
    void whyCaptionFitsAProjector() {
        PlotPanel panel;
        panel.resize(1024, 420);
        panel.setPresentation(true);
        panel.setKind(plots::Kind::why);
        panel.setReport(counted_report::counted());
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.redrawNow();
        panel.plot()->replot();
        const QString label = panel.plot()->xAxis->label();
        const QFontMetrics fm(panel.plot()->xAxis->labelFont());
        for (const QString& line : label.split('\n'))
            QVERIFY2(fm.horizontalAdvance(line) <= panel.plot()->width(),
                     qPrintable(QStringLiteral("'%1' is %2 px in a %3 px plot")
                                    .arg(line)
                                    .arg(fm.horizontalAdvance(line))
                                    .arg(panel.plot()->width())));
        QString whole = label;
        whole.replace('\n', ' ');
        QVERIFY2(whole.startsWith("per unit of work;") && whole.endsWith("outlined: what separates it most"),
                 qPrintable(whole));
    }

    void tablesShowExactCpuAndNotAvailable() {
        const sfp::ExperimentReport rep = counted_report::counted();
        RunsModel runs;
        runs.setReport(rep);
        const auto shown = [&](int row, RunsModel::Column c) {
            return runs.index(row, runs.column(c)).data().toString();
        };
        QCOMPARE(shown(0, RunsModel::CpuTime), QStringLiteral("0.0031"));
        QCOMPARE(shown(0, RunsModel::User), QStringLiteral("not resolved"));
        QCOMPARE(shown(1, RunsModel::User), QStringLiteral("0.1500"));
        QCOMPARE(shown(0, RunsModel::Cycles), QStringLiteral("8000000"));
        for (RunsModel::Column c : {RunsModel::ReadBytes, RunsModel::WriteBytes, RunsModel::Cycles,
                                    RunsModel::Instructions, RunsModel::DtlbMisses})
            QCOMPARE(shown(1, c), QStringLiteral("n/a"));
        QVERIFY(runs.index(1, runs.column(RunsModel::Cycles)).data(Qt::ToolTipRole).toString().contains("PMU"));
        StatsModel stats;
        stats.setReport(rep);
        QCOMPARE(stats.index(0, stats.column(StatsModel::CpuMedian)).data().toString(), QStringLiteral("0.0031"));
        QCOMPARE(stats.index(0, stats.column(StatsModel::UserMedian)).data().toString(),
                 QStringLiteral("not resolved"));
        QCOMPARE(stats.index(1, stats.column(StatsModel::UserMedian)).data().toString(), QStringLiteral("0.1500"));
    }
};

QTEST_MAIN(TestWhyView)
#include "test_why_view.moc"
