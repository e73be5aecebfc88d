// The window's models and plots, fed by hand-made reports (no engine runs): the tables pass
// QAbstractItemModelTester, mark troubled rows, sort numerically; the plots hold the right
// graphs and points; the helpers name cells and sizes as the window shows them.
#include <sys/stat.h>

#include <QAbstractItemModelTester>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QComboBox>
#include <QtTest>
#include <qcustomplot.h>

#include "cell_metrics.hpp"
#include "cell_text.hpp"
#include "fixtures.hpp"
#include "message_area.hpp"
#include "plot_panel.hpp"
#include "plot_slice.hpp"
#include "plots.hpp"
#include "report_format.hpp"
#include "progress_panel.hpp"
#include "results_panel.hpp"
#include "runs_model.hpp"
#include "sfp/search.hpp"
#include "settings.hpp"
#include "sfp/datagen.hpp"
#include "sfp/wordcount.hpp"
#include "stats_model.hpp"
#include "value_toggles.hpp"

using namespace gui;

namespace {

// Eight interleaved rounds: mmap 10 % slower than read every round, pread-mt the same as read
// but for one far-off run.
sfp::ExperimentReport eight_rounds() {
    sfp::ExperimentReport r;
    r.cells = {fixtures::cell("read", 4096, 0), fixtures::cell("mmap", 0, 0), fixtures::cell("pread-mt", 4096, 2)};
    const double spread[] = {0.0, 0.004, -0.003, 0.008, -0.006, 0.002, -0.009, 0.005};
    for (unsigned round = 1; round <= 8; ++round) {
        const double t = 0.1 * (1 + spread[round - 1]);
        r.runs.push_back(fixtures::run(0, round, t, 0, 0));
        r.runs.push_back(fixtures::run(1, round, t * (1.1 + 0.001 * round), 0, 0));
        r.runs.push_back(fixtures::run(2, round, round == 5 ? 0.3 : t * (1 + 0.002 * (round % 3) - 0.002), 0, 0));
    }
    return r;
}

}  // namespace

class TestGuiModels : public QObject {
    Q_OBJECT
private slots:
    // Every plot's subtitle names the cache state: the mode, and the large-folio share when known.
    void captionNamesTheCacheState() {
        sfp::ExperimentReport r = fixtures::sweep();
        QVERIFY2(plots::experiment_caption(r).contains(" · hot cache · "), qPrintable(plots::experiment_caption(r)));
        QVERIFY(!plots::experiment_caption(r).contains("large folios"));
        r.runs[0].large_folio_share = 0.5;
        r.runs[1].large_folio_share = 1.0;
        r.experiment.cache = sfp::CacheMode::hot_written;
        QVERIFY2(plots::experiment_caption(r).contains(" · hot-written cache, 75% in large folios · "),
                 qPrintable(plots::experiment_caption(r)));
    }

    void runsModelPassesTheTesterWhileGrowing() {
        RunsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const sfp::ExperimentReport r = fixtures::sweep();
        sfp::ExperimentReport live;  // as the controller's grows: the cells, then one run at a time
        live.cells = r.cells;
        live.stats.resize(r.cells.size());
        model.setReport(live);
        QCOMPARE(model.rowCount(), 0);
        for (const sfp::RunRecord& run : r.runs) {
            sfp::RunUpdate u;
            u.index = live.runs.size();
            u.record = run;
            sfp::apply(live, u);
            model.apply({&u, 1});
            QCOMPARE(model.rowCount(), int(live.runs.size()));
        }
        QCOMPARE(model.index(model.rowCount() - 1, RunsModel::Status).data().toString(), QStringLiteral("MISMATCH"));
        model.setReport(r);
        QCOMPARE(model.rowCount(), int(r.runs.size()));
        QCOMPARE(model.columnCount(), int(RunsModel::ColumnCount));
        QCOMPARE(model.index(0, RunsModel::Strategy).data().toString(), QStringLiteral("read"));
        QCOMPARE(model.index(0, RunsModel::Block).data().toString(), QStringLiteral("4K"));
        QCOMPARE(model.index(0, RunsModel::Threads).data().toString(), QStringLiteral("-"));
        QCOMPARE(model.index(0, RunsModel::Real).data(SortRole).toDouble(), 0.31);
        // the share of large folios, in percent, or "unknown" (the fixture's runs don't know it)
        QCOMPARE(model.index(0, RunsModel::LargeFolios).data().toString(), QStringLiteral("unknown"));
        model.setReport(live);
        live.runs[0].large_folio_share = 0.25;  // a view, not a copy: the record is read where it lives
        QCOMPARE(model.index(0, RunsModel::LargeFolios).data().toString(), QStringLiteral("25"));
        QCOMPARE(model.headerData(RunsModel::LargeFolios, Qt::Horizontal).toString(), QStringLiteral("large folios %"));
    }

    void troubledRunsAreMarkedWithTheirMessage() {
        RunsModel model;
        const sfp::ExperimentReport report = fixtures::sweep();
        model.setReport(report);
        const int error = model.rowCount() - 2, mismatch = model.rowCount() - 1, ok = 0;
        QVERIFY(!model.index(ok, RunsModel::Status).data(Qt::BackgroundRole).isValid());
        QVERIFY(model.index(error, RunsModel::Status).data(Qt::BackgroundRole).isValid());
        QVERIFY(model.index(mismatch, RunsModel::Strategy).data(Qt::BackgroundRole).isValid());
        QVERIFY(model.index(error, RunsModel::Status).data(Qt::DecorationRole).isValid());
        QVERIFY(model.index(error, RunsModel::Message).data().toString().contains("No such file"));
        QVERIFY(model.index(error, RunsModel::Real).data(Qt::ToolTipRole).toString().contains("No such file"));
        QCOMPARE(model.index(mismatch, RunsModel::Status).data().toString(), QStringLiteral("MISMATCH"));
        QVERIFY(model.index(mismatch, RunsModel::Message).data().toString().contains("differs"));
        QCOMPARE(model.index(error, RunsModel::Real).data().toString(), QStringLiteral("–"));
    }

    void proxySortsNumbersAsNumbers() {
        RunsModel model;
        const sfp::ExperimentReport report = fixtures::sweep();
        model.setReport(report);
        QSortFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setSortRole(SortRole);
        proxy.sort(RunsModel::Real, Qt::AscendingOrder);
        double last = -1;
        for (int row = 0; row < proxy.rowCount(); ++row) {
            const double v = proxy.index(row, RunsModel::Real).data(SortRole).toDouble();
            QVERIFY2(v >= last, qPrintable(QStringLiteral("row %1: %2 after %3").arg(row).arg(v).arg(last)));
            last = v;
        }
        proxy.sort(RunsModel::Block, Qt::DescendingOrder);  // 64K before 4K, not "4K" > "64K"
        QCOMPARE(proxy.index(0, RunsModel::Block).data().toString(), QStringLiteral("64K"));
    }

    // A cell a cancel left unrun says "not run"; one run has no spread: "n/a", not 0.
    void statsModelSaysNotRunAndNoSpread() {
        sfp::ExperimentReport r;
        r.cells = {fixtures::cell("read", 4096, 0), fixtures::cell("mmap", 0, 0)};
        r.runs = {fixtures::run(0, 1, 0.5, 0.1, 0.1)};
        StatsModel model;
        model.setReport(r);
        QCOMPARE(model.index(0, StatsModel::Median).data().toString(), QStringLiteral("0.5000"));
        for (int col : {StatsModel::Stddev, StatsModel::Ci95, StatsModel::Cv})
            QCOMPARE(model.index(0, col).data().toString(), QStringLiteral("n/a"));
        QCOMPARE(model.index(1, StatsModel::Median).data().toString(), QStringLiteral("not run"));
        QCOMPARE(model.index(1, StatsModel::Mean).data().toString(), QStringLiteral("–"));
        QCOMPARE(model.index(0, StatsModel::Verdict).data().toString(), QStringLiteral("fastest of single runs"));
        r.runs.push_back(fixtures::run(0, 2, 0.7, 0.1, 0.1));  // two runs: a spread
        model.setReport(r);
        QVERIFY(model.index(0, StatsModel::Stddev).data().toString() != QStringLiteral("n/a"));
    }

    // The columns against the fastest say how sure each ratio is; the far-off run is counted.
    void statsModelShowsIntervalVerdictAndOutliers() {
        const sfp::ExperimentReport r = eight_rounds();
        StatsModel model;
        model.setReport(r);
        QCOMPARE(model.index(0, StatsModel::Verdict).data().toString(), QStringLiteral("fastest"));
        QCOMPARE(model.index(1, StatsModel::Verdict).data().toString(), QStringLiteral("slower, p=0.008"));  // 2/256
        QVERIFY2(model.index(1, StatsModel::SlowerCi).data().toString().startsWith(QStringLiteral("[1.10–1.1")),
                 qPrintable(model.index(1, StatsModel::SlowerCi).data().toString()));
        QVERIFY2(model.index(2, StatsModel::Verdict).data().toString().startsWith(QStringLiteral("~ (p=")),
                 qPrintable(model.index(2, StatsModel::Verdict).data().toString()));
        QCOMPARE(model.index(2, StatsModel::Outliers).data().toString(), QStringLiteral("1"));  // the 0.3 s run, kept
        QCOMPARE(model.index(2, StatsModel::Runs).data().toInt(), 8);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setNoise(0.5);  // a band of +-50 %: 10 % is no difference worth a word
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.index(1, StatsModel::Verdict).data().toString(), QStringLiteral("~ (within ±50 %)"));
    }

    // The same runs as bars: whiskers for the two intervals, the "~" bar drawn as the fastest, and
    // a wider noise band draws the 10 % one alike too.
    void slowdownPlotDrawsIntervalsAndNoDifferenceAsTheFastest() {
        sfp::ExperimentReport r = eight_rounds();
        PlotPanel panel;
        panel.setKind(plots::Kind::slowdown);
        panel.setReport(r);
        panel.redrawNow();
        const auto bars = [&](const QString& name) {
            for (int i = 0; i < panel.plot()->plottableCount(); ++i)
                if (auto* b = qobject_cast<QCPBars*>(panel.plot()->plottable(i)); b && b->name() == name)
                    return b->dataCount();
            return -1;
        };
        QCOMPARE(bars(QStringLiteral("fastest, or no difference (~)")), 2);  // read, and pread-mt (~)
        QCOMPARE(bars(QStringLiteral("slower")), 1);                         // mmap
        QCPErrorBars* whiskers = nullptr;
        for (int i = 0; i < panel.plot()->plottableCount(); ++i)
            if (auto* e = qobject_cast<QCPErrorBars*>(panel.plot()->plottable(i))) whiskers = e;
        QVERIFY(whiskers);
        QCOMPARE(whiskers->dataCount(), 2);  // not the fastest's
        bool tilde = false;
        for (int i = 0; i < panel.plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(panel.plot()->item(i)))
                tilde = tilde || t->text().endsWith(QStringLiteral(" ~"));
        QVERIFY(tilde);
        r.noise = 0.5;
        panel.setReport(r);
        panel.redrawNow();
        QCOMPARE(bars(QStringLiteral("fastest, or no difference (~)")), 3);
        QCOMPARE(bars(QStringLiteral("slower")), 0);
    }

    // The noise band beside the result tabs: the verdicts follow it, the window hears of it.
    void noiseBandIsSetBesideTheTabs() {
        ResultsPanel panel;
        const sfp::ExperimentReport report = eight_rounds();  // the panel's runs table is a view on it
        panel.setReport(report);
        auto* band = panel.findChild<QDoubleSpinBox*>(QStringLiteral("noiseBand"));
        QVERIFY(band);
        QCOMPARE(band->value(), 2.0);
        QSignalSpy changed(&panel, &ResultsPanel::noiseChanged);
        band->setValue(50);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toDouble(), 0.5);
        QCOMPARE(panel.noise(), 0.5);
        const StatsModel* model = panel.statsModel();
        QCOMPARE(model->index(1, StatsModel::Verdict).data().toString(), QStringLiteral("~ (within ±50 %)"));
    }

    void noiseBandIsRemembered() {
        QTemporaryDir dir;
        {
            Settings settings(dir.filePath("s.ini"));
            QCOMPARE(settings.noise(), sfp::kDefaultNoise);
            settings.setNoise(0.05);
            settings.sync();
        }
        QCOMPARE(Settings(dir.filePath("s.ini")).noise(), 0.05);
    }

    void statsModelSummarisesCellsLive() {
        StatsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        sfp::ExperimentReport r = fixtures::sweep();
        model.setReport(r);
        QCOMPARE(model.rowCount(), int(r.cells.size()));
        QCOMPARE(model.index(0, StatsModel::Runs).data().toInt(), 3);
        QCOMPARE(model.index(0, StatsModel::Median).data(SortRole).toDouble(), 0.32);
        QCOMPARE(model.index(0, StatsModel::Failed).data().toInt(), 1);
        QVERIFY(model.index(0, StatsModel::Failed).data(Qt::BackgroundRole).isValid());
        // pread-mt with 64K blocks is the fastest: 1.00x; read 4K is 0.32 / 0.07 times slower.
        QCOMPARE(model.index(3, StatsModel::Slower).data().toString(), QStringLiteral("1.00×"));
        QCOMPARE(model.index(0, StatsModel::Slower).data(SortRole).toDouble(), 0.32 / 0.07);
        r.runs.push_back(fixtures::run(1, 5, 0.5, 0.1, 0.1));  // same cells: values change in place
        model.setReport(r);
        QCOMPARE(model.index(1, StatsModel::Runs).data().toInt(), 4);
        r.cells.pop_back();  // other cells: a reset
        r.runs.clear();
        model.setReport(r);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(0, StatsModel::Median).data().toString(), QStringLiteral("not run"));  // no runs yet
    }

    void lineSeriesHaveOneLinePerStrategy() {
        const sfp::ExperimentReport r = fixtures::sweep();
        const plots::PlotSlice slice(r.cells);
        QCOMPARE(slice.defaults().x, plots::Dim::block_size);
        const std::vector<plots::Series> lines = slice.series(r, plots::Metric::elapsed, slice.defaults());
        QCOMPARE(lines.size(), std::size_t(3));
        QCOMPARE(lines[0].name, QStringLiteral("read"));
        QCOMPARE(lines[0].points.size(), std::size_t(2));
        QCOMPARE(lines[0].points[0].x, 4096.0);
        QCOMPARE(lines[0].points[1].x, 65536.0);
        QCOMPARE(lines[0].points[0].summary.n, std::size_t(3));  // the failed run does not count
        QVERIFY(qAbs(lines[0].points[0].summary.mean - 0.32) < 1e-12);
        QVERIFY(lines[2].flat);  // mmap uses no block size: drawn across the axis
        QCOMPARE(lines[2].name, QStringLiteral("mmap (no block size)"));
        QCOMPARE(lines[2].points.size(), std::size_t(2));
        QCOMPARE(lines[2].points[0].summary.n, std::size_t(3));  // the MISMATCH run does not count
    }

    void metricsOfARun() {
        const sfp::RunRecord r = fixtures::run(0, 1, 0.5, 0.25, 0.5);
        // CPU % is of all cores, as in the CSV's cpu_pct and the summary: 0.75 s of CPU in 0.5 s
        // is 75 % of two cores; on one core it is over the base, and flagged
        QCOMPARE(plots::metric_of(r, plots::Metric::cpu, 2), 75.0);
        QCOMPARE(plots::metric_of(r, plots::Metric::cpu, 2), *core::cpu_percent(0.75, 0.5, 2));
        QCOMPARE(plots::metric_of(r, plots::Metric::cpu_time, 2), 0.75);
        sfp::RunRecord exact = r;  // CPU % is of the exact total, whatever the sampled split says
        exact.result.usage.cpu_s = 0.8;
        QCOMPARE(plots::metric_of(exact, plots::Metric::cpu, 2), 80.0);
        QVERIFY(!plots::cpu_over_base(plots::metric_of(r, plots::Metric::cpu, 2)));
        QVERIFY(plots::cpu_over_base(plots::metric_of(r, plots::Metric::cpu, 1)));
        QCOMPARE(plots::metric_of(r, plots::Metric::throughput, 2), 4.0);  // 2 MB in 0.5 s
        QCOMPARE(plots::metric_of(r, plots::Metric::system, 2), 0.5);
        // the runs table says which base, and flags a value above it
        sfp::ExperimentReport one_core;
        one_core.machine.cores = 1;
        one_core.cells = {fixtures::cell("read", 4096, 0)};
        one_core.runs = {r};
        RunsModel runs;
        runs.setReport(one_core);
        QCOMPARE(runs.headerData(RunsModel::Cpu, Qt::Horizontal).toString(), QStringLiteral("CPU % of all cores"));
        QVERIFY2(runs.index(0, RunsModel::Cpu).data().toString().contains("over 100 %"),
                 qPrintable(runs.index(0, RunsModel::Cpu).data().toString()));
    }

    void plotHoldsOneGraphPerStrategy() {
        PlotPanel panel;
        panel.setReport(fixtures::sweep());
        panel.setAxis(plots::Dim::block_size);
        panel.setKind(plots::Kind::lines);
        panel.redrawNow();
        QCustomPlot* plot = panel.plot();
        QCOMPARE(plot->graphCount(), 3);
        QCOMPARE(plot->graph(0)->name(), QStringLiteral("read"));
        QCOMPARE(plot->graph(0)->dataCount(), 2);
        QCOMPARE(plot->graph(1)->dataCount(), 2);
        QCOMPARE(plot->plottableCount(), 3 + 2);  // error bars on the two lines that vary
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(plot->yAxis->label().contains("(s)"));
        QVERIFY(plot->xAxis->label().contains("block size"));
        panel.setMetric(plots::Metric::throughput);
        QVERIFY(plot->yAxis->label().contains("MB/s"));
    }

    void everyPlotDrawsEmptyAndFullReports() {
        PlotPanel panel;
        for (plots::Kind kind :
             {plots::Kind::lines, plots::Kind::time_split, plots::Kind::box, plots::Kind::slowdown}) {
            panel.setKind(kind);
            panel.setReport({});
            panel.redrawNow();
            QVERIFY(panel.hoverPoints().empty());
            panel.setReport(fixtures::sweep());
            panel.redrawNow();
            QVERIFY(!panel.hoverPoints().empty());
        }
        panel.setKind(plots::Kind::time_split);
        QCOMPARE(panel.plot()->plottableCount(), 3 + 1);  // user, system, waiting bars + elapsed marks
        panel.setKind(plots::Kind::box);
        auto* boxes = qobject_cast<QCPStatisticalBox*>(panel.plot()->plottable(0));
        QVERIFY(boxes);
        QCOMPARE(boxes->dataCount(), 5);
        panel.setKind(plots::Kind::slowdown);
        QCOMPARE(panel.hoverPoints().size(), std::size_t(5));
    }

    // wordcount: lines against packing (one point per packing, a flat line for loop) and the
    // word-length histogram as 31 bars of the first ok run's counts.
    void packingAxisAndHistogram() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "wordcount";
        r.experiment.repetitions = 1;
        r.input_sets = {sfp::InputSet{{"/t"}, 1 << 20}};
        r.cells = {fixtures::cell("loop", 4096, 0)};
        for (std::uint64_t packing : {1, 10, 1000}) {
            r.cells.push_back(fixtures::cell("pipeline", 4096, 2));
            r.cells.back().parameters["packing"] = packing;
        }
        sfp::WordCounts counts;
        counts.words = 7;
        counts.histogram[1] = 4;
        counts.histogram[31] = 3;
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
            r.runs.push_back(fixtures::run(c, 1, 0.5 / double(c + 1), 0.1, 0.1));
            r.runs.back().result.outcome = sfp::WordCountOutcome{{counts}};
        }
        const plots::PlotSlice slice(r.cells);
        plots::Dim packing;  // no Dim names it: it comes from wordcount's parameter table
        QVERIFY(plots::dim_from_flag("packing", &packing));
        QCOMPARE(slice.defaults().x, packing);  // the only parameter that varies
        const std::vector<plots::Series> lines = slice.series(r, plots::Metric::elapsed, slice.defaults());
        QCOMPARE(lines.size(), std::size_t(2));
        QVERIFY(lines[0].flat);
        QCOMPARE(lines[1].points.size(), std::size_t(3));
        QCOMPARE(lines[1].points[2].x, 1000.0);
        QVERIFY(plots::cell_words(r.cells[1]).contains("packing 1"));
        PlotPanel panel;
        panel.setKind(plots::Kind::histogram);
        panel.setReport(r);
        panel.redrawNow();
        QCOMPARE(panel.hoverPoints().size(), std::size_t(31));
        QCOMPARE(panel.hoverPoints()[0].value, 4.0);
        QCOMPARE(panel.hoverPoints()[30].value, 3.0);
        QVERIFY(panel.hoverPoints()[30].text.contains("or more"));
        panel.setReport(fixtures::sweep());  // compare has no histogram: the panel leaves it for compare's own view
        panel.redrawNow();
        QCOMPARE(panel.findChild<QComboBox*>(QStringLiteral("plotKind"))->currentIndex(), int(plots::Kind::lines));
    }

    // search: its own Matches view, a point per match at its offset in its input's row, the
    // hover text with the bytes around it, read from the input; offered for search only.
    void searchMatchesView() {
        QTemporaryDir dir;
        const QString path = dir.path() + "/text";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("abc needle def\nxx needle\n");
        f.close();
        sfp::ExperimentReport r;
        r.experiment.algorithm = "search";
        r.experiment.repetitions = 1;
        r.input_sets = {sfp::InputSet{{path.toStdString()}, 25}};
        r.cells = {fixtures::cell("simd", 4096, 0)};
        r.runs.push_back(fixtures::run(0, 1, 0.001, 0.001, 0));
        r.runs.back().result.outcome = sfp::SearchOutcome{{{0, 4}, {0, 18}}, {}};
        QVERIFY(plots::kind_applies(plots::Kind::matches, "search"));
        QVERIFY(!plots::kind_applies(plots::Kind::matches, "compare"));
        PlotPanel panel;
        panel.setKind(plots::Kind::matches);
        panel.setReport(r);
        panel.redrawNow();
        QCOMPARE(panel.hoverPoints().size(), std::size_t(2));
        QCOMPARE(panel.hoverPoints()[1].key, 18.0 / (1 << 20));
        QVERIFY2(panel.hoverPoints()[1].text.contains("at byte 18"), qPrintable(panel.hoverPoints()[1].text));
        QVERIFY2(panel.hoverPoints()[0].text.contains("abc <b>|</b>needle def."),
                 qPrintable(panel.hoverPoints()[0].text));
        // A report may name a FIFO where its input was: the context is not read (it would block).
        const QString fifo = dir.path() + "/fifo";
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        r.input_sets = {sfp::InputSet{{fifo.toStdString()}, 25}};
        panel.setReport(r);
        panel.redrawNow();
        QVERIFY2(panel.hoverPoints()[0].text.contains("cannot be read now"), qPrintable(panel.hoverPoints()[0].text));
    }

    void hoverExplainsAPoint() {
        PlotPanel panel;
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setReport(fixtures::sweep());
        panel.setKind(plots::Kind::lines);
        panel.setAxis(plots::Dim::block_size);
        panel.redrawNow();
        panel.plot()->replot();
        const plots::HoverPoint& p = panel.hoverPoints().front();
        const QPointF at(panel.plot()->xAxis->coordToPixel(p.key) + 3, panel.plot()->yAxis->coordToPixel(p.value) - 2);
        const QString text = panel.hoverTextAt(at);
        QVERIFY2(text.contains("read") && text.contains("4K blocks") && text.contains("0.32"), qPrintable(text));
        QVERIFY(panel.hoverTextAt(QPointF(2, 2)).isEmpty());
    }

    void rendersPngAndPdf() {
        PlotPanel panel;
        panel.setReport(fixtures::sweep());
        panel.redrawNow();
        QVERIFY(panel.renderPng().startsWith("\x89PNG"));
        QVERIFY(panel.renderPdf().startsWith("%PDF"));
    }

    void cellsInWords() {
        QCOMPARE(plots::cell_words(fixtures::cell("pread-mt", 65536, 2, 64 << 20)),
                 QStringLiteral("pread-mt, 64K blocks, 2 threads, 64M file"));
        QCOMPARE(plots::cell_words(fixtures::cell("mmap", 0, 0, 1000001)), QStringLiteral("mmap, 1000001 file"));
        const sfp::ExperimentReport r = fixtures::sweep();
        const plots::Varying v = plots::varying(r.cells);
        QVERIFY(v.strategy && v.varies(sfp::kBlockSizeParameter) && !v.varies(sfp::kThreadsParameter) && !v.size);
        QCOMPARE(plots::short_label(r.cells[3], v), QStringLiteral("pread-mt 64K"));
        QCOMPARE(plots::short_label(r.cells[4], v), QStringLiteral("mmap"));
        QCOMPARE(duration_text(3.24), QStringLiteral("3.2 s"));
        QCOMPARE(duration_text(185), QStringLiteral("3 min 05 s"));
    }

    void selectionCopiesAsTabSeparatedText() {
        ResultsPanel panel;
        const sfp::ExperimentReport report = fixtures::sweep();  // the runs table is a view on it
        panel.setReport(report);
        QTableView* view = panel.statsView();
        view->selectAll();
        const QStringList lines = panel.selectionText().split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 5);
        QVERIFY(lines[0].startsWith("strategy\tblock\tthreads"));
        QVERIFY(lines[1].startsWith("read\t4K\t-"));
    }

    void togglesReadCustomValuesAndRejectBadOnes() {
        ValueToggles toggles({512, 4096}, plots::size_text,
                             [](const QString& t) { return sfp::parse_size(t.toStdString()); }, 2, {});
        toggles.button(4096)->setChecked(true);
        toggles.customField()->setText("3000, 1K 4K");
        QCOMPARE(toggles.values(), (std::vector<std::uint64_t>{1024, 3000, 4096}));
        toggles.customField()->setText("12Q");
        QVERIFY_THROWS_EXCEPTION(InputError, toggles.values());
        toggles.setValues({512, 100});
        QVERIFY(toggles.button(512)->isChecked());
        QVERIFY(!toggles.button(4096)->isChecked());
        QCOMPARE(toggles.customField()->text(), QStringLiteral("100"));
    }

    void messagesAreReadableAndDismissable() {
        MessageArea area;
        QSignalSpy shown(&area, &MessageArea::shown);
        QVERIFY(area.text().isEmpty());
        area.showError("cannot write '/x': Permission denied");
        QCOMPARE(shown.count(), 1);
        QCOMPARE(area.kind(), MessageArea::Kind::error);
        QVERIFY(area.text().contains("Permission denied"));
        area.clear();
        QVERIFY(area.text().isEmpty());
    }
};

QTEST_MAIN(TestGuiModels)
#include "test_gui_models.moc"
