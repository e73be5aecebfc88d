// The plot during a run (issue 12, issue 14 section 3): runs arrive one by one, the Lines plot
// is rebuilt only when its series change (not per run, not per tick), a tick gives new data
// to the series whose points changed and to no other, and the plot that follows a run to its
// end is the plot drawn from the finished report.
#include <QtTest>
#include <cmath>
#include <qcustomplot.h>

#include "fixtures.hpp"
#include "plot_panel.hpp"

using namespace gui;

namespace {

QVector<double> keys_of(const QCPGraph* g) {
    QVector<double> out;
    for (const QCPGraphData& p : *g->data()) out << p.key;
    return out;
}

QVector<double> values_of(const QCPGraph* g) {
    QVector<double> out;
    for (const QCPGraphData& p : *g->data()) out << p.value;
    return out;
}

// NaN (a cell not run) equals NaN here: the two plots must have the same gaps.
bool same_numbers(const QVector<double>& a, const QVector<double>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); });
}

QVector<double> error_bars_of(QCustomPlot* plot, const QCPGraph* g) {
    QVector<double> out;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPErrorBars*>(plot->plottable(i)); bars && bars->dataPlottable() == g)
            for (int k = 0; k < bars->dataCount(); ++k) out << bars->data()->at(k).errorPlus;
    return out;
}

// Everything a reader sees of a Lines plot, compared series by series.
void compare_plots(QCustomPlot* got, QCustomPlot* want) {
    QCOMPARE(got->graphCount(), want->graphCount());
    for (int i = 0; i < want->graphCount(); ++i) {
        const QCPGraph* a = got->graph(i);
        const QCPGraph* b = want->graph(i);
        QCOMPARE(a->name(), b->name());
        QVERIFY2(same_numbers(keys_of(a), keys_of(b)), qPrintable(b->name()));
        QVERIFY2(same_numbers(values_of(a), values_of(b)), qPrintable(b->name()));
        QVERIFY2(same_numbers(error_bars_of(got, a), error_bars_of(want, b)), qPrintable(b->name()));
    }
    QCOMPARE(got->xAxis->range().lower, want->xAxis->range().lower);
    QCOMPARE(got->xAxis->range().upper, want->xAxis->range().upper);
    QCOMPARE(got->yAxis->range().upper, want->yAxis->range().upper);
    QCOMPARE(got->xAxis->label(), want->xAxis->label());
}

QString title_of(QCustomPlot* plot) {
    auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
    return title ? title->text() : QString();
}

}  // namespace

class TestLivePlot : public QObject {
    Q_OBJECT
private slots:
    // 84 cells, 168 runs handed over one at a time, the timer let fire after every 12: one
    // rebuild when the first results replace the empty plot, then only series updates; the end
    // equals a fresh plot of the finished report.
    void aLongRunRebuildsOnceAndEndsAsTheFinishedReport() {
        const sfp::ExperimentReport finished = fixtures::wide();
        sfp::ExperimentReport live = finished;
        live.runs.clear();
        PlotPanel panel;
        panel.resize(900, 600);
        panel.show();
        panel.setKind(plots::Kind::lines);
        panel.setReport(live);
        panel.redrawNow();
        QCOMPARE(panel.plot()->graphCount() > 0, true);  // every series, each still empty
        QVERIFY(panel.hoverPoints().empty());
        QCoreApplication::processEvents();  // the queued replot of that draw
        const int rebuildsBefore = panel.fullRedraws();
        QSignalSpy replots(panel.plot(), &QCustomPlot::beforeReplot);
        int ticks = 0;
        for (std::size_t i = 0; i < finished.runs.size(); ++i) {
            live.runs.push_back(finished.runs[i]);
            panel.follow(live);
            if (i % 12 != 11) continue;
            replots.clear();
            QTRY_VERIFY_WITH_TIMEOUT(replots.count() > 0, 10000);  // the coalesced tick
            ++ticks;
        }
        QCOMPARE(ticks, 14);
        QCOMPARE(panel.fullRedraws() - rebuildsBefore, 1);  // empty plot -> the first results
        // Some ticks bring only runs of cells the slice does not show (the 8M file): no update.
        QVERIFY(panel.seriesUpdates() > 0);
        QVERIFY(panel.seriesUpdates() <= (ticks - 1) * panel.plot()->graphCount());
        QCOMPARE(&panel.report(), &live);  // drawn from the live report, never a copy

        panel.setReport(finished);
        replots.clear();
        QTRY_VERIFY_WITH_TIMEOUT(replots.count() > 0, 10000);
        QCOMPARE(panel.fullRedraws() - rebuildsBefore, 1);  // the same series: still no rebuild

        PlotPanel fresh;  // as large as the other: the title wraps alike
        fresh.resize(900, 600);
        fresh.show();
        fresh.setKind(plots::Kind::lines);
        fresh.setReport(finished);
        fresh.redrawNow();
        QCOMPARE(panel.slice(), fresh.slice());
        compare_plots(panel.plot(), fresh.plot());
        QCOMPARE(title_of(panel.plot()), title_of(fresh.plot()));
        QCOMPARE(panel.hoverPoints().size(), fresh.hoverPoints().size());
        for (std::size_t i = 0; i < fresh.hoverPoints().size(); ++i)
            QCOMPARE(panel.hoverPoints()[i].text, fresh.hoverPoints()[i].text);
    }

    // One more run of one cell: its series gets new data, the others keep theirs untouched.
    void aTickUpdatesOnlyTheChangedSeries() {
        sfp::ExperimentReport live = fixtures::sweep();
        PlotPanel panel;
        panel.resize(900, 600);
        panel.show();
        panel.setKind(plots::Kind::lines);
        panel.setReport(live);
        panel.redrawNow();
        QCoreApplication::processEvents();  // the queued replot of that draw
        QCustomPlot* plot = panel.plot();
        QCOMPARE(plot->graphCount(), 3);  // read, pread-mt, mmap (flat)
        std::vector<QVector<double>> before;
        for (int i = 0; i < plot->graphCount(); ++i) before.push_back(values_of(plot->graph(i)));
        const int rebuilds = panel.fullRedraws(), updates = panel.seriesUpdates();

        live.runs.push_back(fixtures::run(3, 5, 0.5, 0.1, 0.1));  // pread-mt, 64K blocks: much slower now
        panel.follow(live);
        QTRY_COMPARE_WITH_TIMEOUT(panel.seriesUpdates() - updates, 1, 10000);
        QCOMPARE(panel.fullRedraws(), rebuilds);
        for (int i = 0; i < plot->graphCount(); ++i) {
            const bool changed = !same_numbers(values_of(plot->graph(i)), before[std::size_t(i)]);
            QCOMPARE(changed, plot->graph(i)->name() == QStringLiteral("pread-mt"));
        }

        // A tick with nothing new updates nothing.
        QCoreApplication::processEvents();
        QSignalSpy replots(plot, &QCustomPlot::beforeReplot);
        panel.follow(live);
        QTRY_VERIFY_WITH_TIMEOUT(replots.count() > 0, 10000);
        QCOMPARE(panel.seriesUpdates() - updates, 1);
        QCOMPARE(panel.fullRedraws(), rebuilds);
    }

    // Other plots have no cheap path: they are rebuilt, but once per tick, not per run.
    void otherPlotsRebuildPerTickNotPerRun() {
        sfp::ExperimentReport live = fixtures::sweep();
        PlotPanel panel;
        panel.resize(900, 600);
        panel.setKind(plots::Kind::slowdown);
        panel.setReport(live);
        panel.redrawNow();
        QCoreApplication::processEvents();
        const int rebuilds = panel.fullRedraws();
        for (int i = 0; i < 50; ++i) {
            live.runs.push_back(fixtures::run(std::size_t(i % 5), 6 + unsigned(i), 0.1, 0.01, 0.02));
            panel.follow(live);
        }
        QCOMPARE(panel.fullRedraws(), rebuilds);  // nothing drawn per run
        QTRY_VERIFY_WITH_TIMEOUT(panel.fullRedraws() > rebuilds, 10000);
        QCoreApplication::processEvents();
        QCOMPARE(panel.fullRedraws() - rebuilds, 1);
    }
};

QTEST_MAIN(TestLivePlot)
#include "test_live_plot.moc"
