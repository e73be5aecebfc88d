// iterate in the window (issue 11 section 5): the box plot is its default view, listing vs
// processing time stacked per strategy, the summary's IOBoost lines; and the cache state in
// the default window experiment's plot subtitle (issue 9 section 3).
#include <QComboBox>
#include <QtTest>
#include <qcustomplot.h>

#include "controller.hpp"
#include "default_experiment.hpp"
#include "experiment_panel.hpp"
#include "fixtures.hpp"
#include "main_window.hpp"
#include "plot_panel.hpp"
#include "settings.hpp"
#include "summary_text.hpp"

using namespace gui;

namespace {

// An iterate experiment: fs and cluster, three repetitions each; cluster lists as fast and
// reads 1.52x faster (IOBoost's example), with runner statistics and rankings.
sfp::ExperimentReport iterate_report() {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "iterate";
    r.experiment.inputs = {"/data/tree"};
    r.experiment.repetitions = 3;
    r.input_sets = {{{"/data/tree"}, 0}};
    r.cells = {fixtures::cell("fs", 0, 0), fixtures::cell("cluster", 0, 0)};
    const double real[] = {12.90, 8.4868};
    for (unsigned rep = 1; rep <= 3; ++rep)
        for (std::size_t c = 0; c < 2; ++c) {
            r.runs.push_back(fixtures::run(c, rep, real[c] + 0.01 * (double(rep) - 2), 1, 2));
            r.runs.back().result.list_s = 0.5 + 0.01 * rep;
        }
    for (std::size_t c = 0; c < 2; ++c) {
        sfp::CellStats st;
        st.cell = c;
        std::vector<double> t;
        for (const sfp::RunRecord& run : r.runs)
            if (run.cell == c) t.push_back(run.result.real_s);
        st.real = sfp::summarize(t);
        r.stats.push_back(st);
    }
    r.rankings = {sfp::rank_cells(0, {{0, r.stats[0].real.median}, {1, r.stats[1].real.median}})};
    return r;
}

QString title_of(PlotPanel& panel) {
    auto* title = qobject_cast<QCPTextElement*>(panel.plot()->plotLayout()->element(0, 0));
    return title ? title->text() : QString();
}

plots::Kind kind_of(PlotPanel& panel) {
    return plots::Kind(panel.findChild<QComboBox*>(QStringLiteral("plotKind"))->currentIndex());
}

}  // namespace

class TestPlotViews : public QObject {
    Q_OBJECT
private slots:
    void iterateOpensWithTheBoxPlot() {
        PlotPanel panel;
        panel.setReport(iterate_report());
        QCOMPARE(kind_of(panel), plots::Kind::box);
        panel.setReport(fixtures::sweep());  // compare again: its own default
        QCOMPARE(kind_of(panel), plots::Kind::lines);

        PlotPanel chosen;  // a kind picked by hand stays, whatever the algorithm
        chosen.setKind(plots::Kind::time_split);
        chosen.setReport(iterate_report());
        QCOMPARE(kind_of(chosen), plots::Kind::time_split);
    }

    void listingStackedUnderProcessing() {
        PlotPanel panel;
        panel.resize(800, 500);
        panel.setKind(plots::Kind::listing);
        panel.setReport(iterate_report());
        panel.redrawNow();
        QCOMPARE(panel.hoverPoints().size(), std::size_t(2));  // one stack per strategy
        QList<QCPBars*> bars;
        for (int i = 0; i < panel.plot()->plottableCount(); ++i)
            if (auto* b = qobject_cast<QCPBars*>(panel.plot()->plottable(i))) bars << b;
        QCOMPARE(bars.size(), 2);
        QCOMPARE(bars[0]->name(), QStringLiteral("listing the tree"));
        QCOMPARE(bars[1]->barBelow(), bars[0]);  // processing sits on listing
        // Ranked, the fastest on top: cluster's row first, fs's second.
        QCOMPARE(bars[0]->data()->at(1)->value, 0.52);  // median list_s of fs
        QVERIFY(qAbs(bars[1]->data()->at(1)->value - (12.90 - 0.52)) < 1e-9);
        QVERIFY(qAbs(bars[0]->data()->at(1)->value + bars[1]->data()->at(1)->value - 12.90) < 1e-9);
        QVERIFY(panel.hoverPoints()[1].text.contains("listing 0.52 s"));

        panel.setReport(fixtures::sweep());  // compare lists no tree: the view is not offered, the panel leaves it
        panel.redrawNow();
        QVERIFY(kind_of(panel) != plots::Kind::listing);
    }

    void summaryHasTheSeedsLines() {
        const QString text = core::summary_text(iterate_report());
        QVERIFY2(text.contains("fastest: cluster"), qPrintable(text));
        QVERIFY2(text.contains("8.487 s\n"), qPrintable(text));
        QVERIFY2(text.contains("fs block=- threads=-: 12.9 s, 1.52× slower"), qPrintable(text));
    }

    // The default window experiment, made small enough for a test (64K pair, one repetition):
    // its cache state is in the plot's subtitle, with the large-folio share when it is known.
    void defaultExperimentSubtitleNamesTheCacheState() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        w.resize(1200, 800);
        sfp::Experiment e = default_experiment();
        e.sizes = {64 << 10};
        e.repetitions = 1;
        e.warmups = 0;
        e.workdir = dir.filePath(QStringLiteral("work")).toStdString();
        w.experimentPanel()->setExperiment(e);
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        QVERIFY(w.run());
        QVERIFY(finished.wait(60000));
        const QString title = title_of(*w.plotPanel());
        QVERIFY2(title.contains(QStringLiteral(" · hot cache")), qPrintable(title));
        bool known = false;
        for (const sfp::RunRecord& r : w.controller()->report().runs) known |= r.large_folio_share >= 0;
        QCOMPARE(title.contains(QStringLiteral("in large folios")), known);
    }
};

QTEST_MAIN(TestPlotViews)
#include "test_plot_views.moc"
