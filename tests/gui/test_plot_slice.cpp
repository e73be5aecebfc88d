// The Lines plot's slice on the 84-cell matrix people sweep (sizes 8M, 16M x threads 1, 2, 4):
// which dimensions are offered, the defaults, the series each choice gives (checked cell by
// cell against the fixture), gaps for cells that never ran, the headless flags, and the panel's
// combos driving the drawn graphs.
#include <QComboBox>
#include <QtTest>
#include <qcustomplot.h>
#include <set>

#include "fixtures.hpp"
#include "headless.hpp"
#include "plot_panel.hpp"
#include "plot_slice.hpp"

using namespace gui;

namespace {

const QString k8M = QString::number(8u << 20), k16M = QString::number(16u << 20);

// The cell a point was drawn from, by hand: the fastest (lowest mean elapsed: every cell has
// the same bytes) among the cells that match the line, the point and the fixed values.
std::size_t reference_cell(const sfp::ExperimentReport& r, const plots::SliceChoice& c, const QString& line, double x) {
    std::size_t best = SIZE_MAX;
    double best_time = HUGE_VAL;
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
        const sfp::Cell& cell = r.cells[i];
        if (plots::dim_key(cell, c.per) != line || double(plots::dim_number(cell, c.x)) != x) continue;
        bool match = true;
        for (const auto& [d, key] : c.fixed)
            if (key != plots::kBest && !plots::dim_key(cell, d).isEmpty() && plots::dim_key(cell, d) != key)
                match = false;
        if (!match) continue;
        double sum = 0;
        int n = 0;
        for (const sfp::RunRecord& run : r.runs)
            if (run.cell == i && run.status == sfp::RunStatus::ok) sum += run.result.real_s, ++n;
        if (n && sum / n < best_time) best_time = sum / n, best = i;
    }
    return best;
}

}  // namespace

class TestPlotSlice : public QObject {
    Q_OBJECT
private slots:
    void offersOnlyDimensionsThatVary() {
        const plots::PlotSlice slice(fixtures::wide().cells);
        QCOMPARE(slice.cells().size(), std::size_t(84));
        QCOMPARE(slice.values(plots::Dim::block_size).size(), std::size_t(4));
        QCOMPARE(slice.values(plots::Dim::threads), (std::vector<QString>{"1", "2", "4"}));
        QCOMPARE(slice.values(plots::Dim::file_size), (std::vector<QString>{k8M, k16M}));
        QCOMPARE(slice.axisChoices(),
                 (std::vector<plots::Dim>{plots::Dim::block_size, plots::Dim::threads, plots::Dim::file_size}));
        QCOMPARE(slice.perChoices(plots::Dim::threads),
                 (std::vector<plots::Dim>{plots::Dim::strategy, plots::Dim::block_size, plots::Dim::file_size}));

        // One size, threads unused: neither is offered, and asking says why.
        sfp::ExperimentReport small = fixtures::sweep();
        const plots::PlotSlice one(small.cells);
        QCOMPARE(one.axisChoices(), std::vector<plots::Dim>{plots::Dim::block_size});
        const QString size = one.problem({plots::Dim::file_size, plots::Dim::strategy, {}});
        QVERIFY2(size.contains("file size takes one value in this experiment (1M)") && size.contains("choose block"),
                 qPrintable(size));
        QVERIFY(one.problem({plots::Dim::threads, plots::Dim::strategy, {}})
                    .contains("threads takes one value in this experiment (2)"));
        QVERIFY(plots::PlotSlice(std::vector<sfp::Cell>{fixtures::cell("mmap", 0, 0)})
                    .problem({plots::Dim::threads, plots::Dim::strategy, {}})
                    .contains("do not use threads"));
        QVERIFY(one.problem({plots::Dim::strategy, plots::Dim::strategy, {}}).contains("not numeric"));
        QVERIFY(one.problem({plots::Dim::block_size, plots::Dim::strategy, {}}).isEmpty());
    }

    void defaultsGiveOneLinePerStrategyAtTheLargestFile() {
        const sfp::ExperimentReport r = fixtures::wide();
        const plots::PlotSlice slice(r.cells);
        const plots::SliceChoice c = slice.defaults();
        QCOMPARE(c.x, plots::Dim::block_size);  // block sizes have the most values
        QCOMPARE(c.per, plots::Dim::strategy);
        QCOMPARE(c.fixed,
                 (std::map<plots::Dim, QString>{{plots::Dim::threads, plots::kBest}, {plots::Dim::file_size, k16M}}));
        QVERIFY(slice.problem(c).isEmpty());
        QCOMPARE(slice.caption(c), QStringLiteral("threads: fastest per point · file size: 16M"));

        const std::vector<plots::Series> lines = slice.series(r, plots::Metric::elapsed, c);
        QVERIFY(lines.size() <= 8);
        QStringList names;
        for (const plots::Series& s : lines) names << s.name;
        QCOMPARE(names, (QStringList{"read", "pread-mt", "adaptive", "uring-mt", "mmap-mt (no block size)",
                                     "mmap (no block size)", "cmp (no block size)"}));
        QCOMPARE(lines[0].points.size(), std::size_t(4));
        QCOMPARE(lines[3].points.size(), std::size_t(3));
        for (const plots::Series& s : lines) {
            QCOMPARE(s.flat, s.name.contains("no block size"));
            for (const plots::SeriesPoint& p : s.points) {
                const sfp::Cell& cell = r.cells[p.cell];
                QCOMPARE(cell.file_size, std::uint64_t(16u << 20));
                QCOMPARE(QString::fromStdString(cell.strategy), s.name.section(' ', 0, 0));
                if (cell.value("threads"))
                    QCOMPARE(cell.value("threads"), std::uint64_t(4));  // the fastest, as the fixture makes it
                if (!s.flat) {
                    QCOMPARE(p.x, double(cell.value("block_size")));
                    QCOMPARE(p.cell, reference_cell(r, c, QString::fromStdString(cell.strategy), p.x));
                }
                QCOMPARE(p.summary.n, std::size_t(2));
            }
        }
    }

    void everyChoiceDrawsTheCellsItNames() {
        const sfp::ExperimentReport r = fixtures::wide();
        const plots::PlotSlice slice(r.cells);
        // One line per thread count for pread-mt on the 8M file, against block size.
        const plots::SliceChoice c{plots::Dim::block_size,
                                   plots::Dim::threads,
                                   {{plots::Dim::strategy, "pread-mt"}, {plots::Dim::file_size, k8M}}};
        QVERIFY(slice.problem(c).isEmpty());
        const std::vector<plots::Series> lines = slice.series(r, plots::Metric::elapsed, c);
        QCOMPARE(lines.size(), std::size_t(3));
        QCOMPARE(lines[0].name, QStringLiteral("1 thread"));
        QCOMPARE(lines[2].name, QStringLiteral("4 threads"));
        for (std::size_t l = 0; l < 3; ++l) {
            QCOMPARE(lines[l].points.size(), std::size_t(4));
            for (const plots::SeriesPoint& p : lines[l].points) {
                const sfp::Cell& cell = r.cells[p.cell];
                QCOMPARE(cell.strategy, std::string("pread-mt"));
                QCOMPARE(cell.file_size, std::uint64_t(8u << 20));
                QCOMPARE(cell.value("threads"), (std::vector<std::uint64_t>{1, 2, 4})[l]);
                QCOMPARE(double(cell.value("block_size")), p.x);
            }
        }
        // Against file size (MiB on the axis), the fastest strategy per point, one line per block.
        const plots::SliceChoice bySize{plots::Dim::file_size,
                                        plots::Dim::block_size,
                                        {{plots::Dim::strategy, plots::kBest}, {plots::Dim::threads, plots::kBest}}};
        for (const plots::Series& s : slice.series(r, plots::Metric::throughput, bySize)) {
            for (const plots::SeriesPoint& p : s.points) {
                QVERIFY(p.x == 8.0 || p.x == 16.0);
                if (s.flat) continue;
                QCOMPARE(p.cell, reference_cell(r, bySize, plots::dim_key(r.cells[p.cell], plots::Dim::block_size),
                                                p.x * (1 << 20)));
            }
        }
    }

    void fittedKeepsWhatFitsAndReplacesTheRest() {
        const plots::PlotSlice slice(fixtures::wide().cells);
        const plots::SliceChoice kept{plots::Dim::threads,
                                      plots::Dim::file_size,
                                      {{plots::Dim::strategy, "read"}, {plots::Dim::block_size, "65536"}}};
        QCOMPARE(slice.fitted(kept), kept);
        // x = per is impossible; a fixed value the cells do not have falls back to the default.
        const plots::SliceChoice odd =
            slice.fitted({plots::Dim::threads, plots::Dim::threads, {{plots::Dim::block_size, "3"}}});
        QCOMPARE(odd.x, plots::Dim::threads);
        QCOMPARE(odd.per, plots::Dim::strategy);
        QCOMPARE(odd.fixed, (std::map<plots::Dim, QString>{{plots::Dim::block_size, plots::kBest},
                                                           {plots::Dim::file_size, k16M}}));
        QVERIFY(slice.problem({plots::Dim::threads, plots::Dim::strategy, {{plots::Dim::block_size, "3"}}})
                    .contains("has no value 3"));
    }

    void cellsThatNeverRanLeaveAGap() {
        sfp::ExperimentReport r = fixtures::wide();
        // Cancelled: read with 64K blocks on 16M never ran.
        std::size_t gone = 0;
        for (std::size_t i = 0; i < r.cells.size(); ++i)
            if (r.cells[i].strategy == "read" && r.cells[i].value("block_size") == 65536 &&
                r.cells[i].file_size == (16u << 20))
                gone = i;
        std::erase_if(r.runs, [&](const sfp::RunRecord& run) { return run.cell == gone; });
        const plots::PlotSlice slice(r.cells);
        const std::vector<plots::Series> lines = slice.series(r, plots::Metric::elapsed, slice.defaults());
        QCOMPARE(lines[0].points.size(), std::size_t(4));
        QCOMPARE(lines[0].points[2].summary.n, std::size_t(0));

        PlotPanel panel;
        panel.setReport(r);
        panel.setKind(plots::Kind::lines);
        panel.redrawNow();
        QCPGraph* read = panel.plot()->graph(0);
        QCOMPARE(read->name(), QStringLiteral("read"));
        QCOMPARE(read->dataCount(), 4);
        QVERIFY(qIsNaN(read->data()->at(2)->value));  // QCustomPlot breaks the line at NaN
        QVERIFY(!qIsNaN(read->data()->at(3)->value));
        for (const plots::HoverPoint& p : panel.hoverPoints()) QVERIFY(!qIsNaN(p.value));

        // A cell with one run: its spread is "n/a", not "± 0".
        std::erase_if(
            r.runs, [](const sfp::RunRecord& run) { return run.cell == 4 && run.repetition == 2; });  // read, 512, 16M
        panel.setReport(r);
        panel.redrawNow();
        const auto one = std::find_if(panel.hoverPoints().begin(), panel.hoverPoints().end(),
                                      [&](const plots::HoverPoint& p) { return p.series == "read" && p.key == 512; });
        QVERIFY(one != panel.hoverPoints().end());
        QVERIFY2(one->text.contains("spread n/a (one run), n = 1"), qPrintable(one->text));
    }

    void headlessFlagsPickTheSlice() {
        const plots::PlotSlice slice(fixtures::wide().cells);
        plots::SliceChoice c;
        QCOMPARE(slice_from_flags(slice, "threads", "", {"block=64K", "size=8M"}, &c), QString());
        QCOMPARE(c, (plots::SliceChoice{plots::Dim::threads,
                                        plots::Dim::strategy,
                                        {{plots::Dim::block_size, "65536"}, {plots::Dim::file_size, k8M}}}));
        QCOMPARE(slice_from_flags(slice, "", "", {}, &c), QString());
        QCOMPARE(c, slice.defaults());
        QCOMPARE(slice_from_flags(slice, "size", "threads", {"strategy=read"}, &c), QString());
        QCOMPARE(c.fixed, (std::map<plots::Dim, QString>{{plots::Dim::strategy, "read"},
                                                         {plots::Dim::block_size, plots::kBest}}));
        QVERIFY(slice_from_flags(slice, "colour", "", {}, &c)
                    .contains("--x 'colour': expected one of strategy, block, threads, size"));
        QVERIFY(slice_from_flags(slice, "", "", {"threads"}, &c).contains("expected dimension=value"));
        QVERIFY(slice_from_flags(slice, "", "", {"block=huge"}, &c).contains("not a size"));
        const QString size = slice_from_flags(slice, "", "", {"size=32M"}, &c);
        QVERIFY2(size.contains("no value 32M in this experiment (it has 8M, 16M, or best)"), qPrintable(size));
        QVERIFY(slice_from_flags(slice, "", "", {"block=64K"}, &c).contains("block size is drawn"));
        const plots::PlotSlice one(fixtures::sweep().cells);
        QVERIFY(
            slice_from_flags(one, "size", "", {}, &c).contains("file size takes one value in this experiment (1M)"));
    }

    // A sweepable entry of any algorithm's table is a dimension with no GUI code naming it: every
    // one has a flag in --x/--per/--fix and their help, and wordcount's packing, taken from its
    // table by name, is an x axis (log₁₀, its unit from the table), a line per value and a
    // fixed-at choice, drawing the cells a plain loop here picks.
    void aSweptTableParameterIsADimension() {
        for (const sfp::Parameter* p : sfp::swept_parameters()) {
            const QString word = QString::fromStdString(std::string(p->name)).replace('_', '-');
            plots::Dim d;
            QVERIFY2(plots::dim_from_flag(word, &d), qPrintable(word));
            QCOMPARE(d.parameter(), p);
            QVERIFY(plots::dim_flags().split(", ").contains(word));
        }
        QVERIFY(!plots::dim_flags(true).contains("strategy") && plots::dim_flags(true).contains("packing"));
        plots::Dim packing;
        QVERIFY(plots::dim_from_flag("packing", &packing));
        QCOMPARE(packing.parameter(), sfp::find_parameter("wordcount", "packing"));
        QCOMPARE(plots::axis_scale(packing), plots::AxisScale::log10);
        QCOMPARE(plots::axis_title(packing), QStringLiteral("packing (lines per hand-off, log₁₀ scale)"));
        QCOMPARE(plots::axis_title(plots::Dim::block_size), QStringLiteral("block size (bytes, log₂ scale)"));
        QCOMPARE(plots::value_words(packing, "1000"), QStringLiteral("packing 1000"));

        sfp::ExperimentReport r;
        r.experiment.algorithm = "wordcount";
        r.experiment.repetitions = 1;
        r.input_sets = {sfp::InputSet{{"/t"}, 1 << 20}};
        r.cells = {fixtures::cell("loop", 4096, 0)};
        for (unsigned threads : {1u, 2u})
            for (std::uint64_t v : {1u, 10u, 1000u}) {
                r.cells.push_back(fixtures::cell("pipeline", 4096, threads));
                r.cells.back().parameters["packing"] = v;
            }
        for (std::size_t c = 0; c < r.cells.size(); ++c) r.runs.push_back(fixtures::run(c, 1, 1.0 / double(c + 1)));
        const plots::PlotSlice slice(r.cells);
        QCOMPARE(slice.values(packing), (std::vector<QString>{"1", "10", "1000"}));
        QCOMPARE(slice.axisChoices(), (std::vector<plots::Dim>{plots::Dim::threads, packing}));

        plots::SliceChoice c;
        QCOMPARE(slice_from_flags(slice, "packing", "threads", {"strategy=pipeline"}, &c), QString());
        QCOMPARE(c.x, packing);
        std::vector<plots::Series> lines = slice.series(r, plots::Metric::elapsed, c);
        QCOMPARE(lines.size(), std::size_t(2));
        for (std::size_t l = 0; l < lines.size(); ++l) {
            QCOMPARE(lines[l].name, l == 0 ? QStringLiteral("1 thread") : QStringLiteral("2 threads"));
            QCOMPARE(lines[l].points.size(), std::size_t(3));
            for (const plots::SeriesPoint& p : lines[l].points)
                QCOMPARE(p.cell, reference_cell(r, c, QString::number(l + 1), p.x));
        }

        QCOMPARE(slice_from_flags(slice, "threads", "strategy", {"packing=10"}, &c), QString());
        QCOMPARE(c.fixed.at(packing), QStringLiteral("10"));
        lines = slice.series(r, plots::Metric::elapsed, c);
        QCOMPARE(lines.size(), std::size_t(2));  // loop (flat: no threads) and pipeline at packing 10
        QVERIFY(lines[0].flat);
        for (const plots::SeriesPoint& p : lines[1].points)
            QCOMPARE(r.cells[p.cell].parameters.at("packing"), std::uint64_t(10));
        QVERIFY(slice.caption(c).contains("packing: 10"));

        QVERIFY(slice_from_flags(slice, "", "", {"packing=0"}, &c)
                    .contains("--fix 'packing=0': 0 is out of range (1 to 100000)"));
        QVERIFY(slice_from_flags(slice, "threads", "", {"packing=7"}, &c).contains("packing has no value 7"));
    }

    void panelCombosFollowTheSlice() {
        PlotPanel panel;
        panel.setKind(plots::Kind::lines);
        panel.setReport(fixtures::wide());
        panel.redrawNow();
        auto* axis = panel.findChild<QComboBox*>(QStringLiteral("plotAxis"));
        auto* per = panel.findChild<QComboBox*>(QStringLiteral("plotLinesPer"));
        QVERIFY(axis && per);
        QCOMPARE(axis->count(), 3);
        QCOMPARE(axis->currentText(), QStringLiteral("block size"));
        QCOMPARE(per->currentText(), QStringLiteral("strategy"));
        QVERIFY(panel.findChild<QComboBox*>(QStringLiteral("plotFixed_threads")));
        auto* size = panel.findChild<QComboBox*>(QStringLiteral("plotFixed_size"));
        QVERIFY(size);
        QCOMPARE(size->currentText(), QStringLiteral("16M"));
        QVERIFY(!panel.findChild<QComboBox*>(QStringLiteral("plotFixed_block")));
        QCOMPARE(panel.plot()->graphCount(), 7);
        QVERIFY(panel.plot()->xAxis->label().contains("block size"));

        // Against threads: block size becomes a fixed choice, threads is no longer one.
        axis->setCurrentIndex(axis->findText(QStringLiteral("threads")));
        QCOMPARE(panel.slice().x, plots::Dim::threads);
        QVERIFY(panel.findChild<QComboBox*>(QStringLiteral("plotFixed_block")));
        QVERIFY(!panel.findChild<QComboBox*>(QStringLiteral("plotFixed_threads")));
        QVERIFY(panel.plot()->xAxis->label().contains("threads"));
        // One line per block size: strategy must be fixed; pick pread-mt and the 8M file.
        per->setCurrentIndex(per->findText(QStringLiteral("block size")));
        auto* strategy = panel.findChild<QComboBox*>(QStringLiteral("plotFixed_strategy"));
        QVERIFY(strategy);
        strategy->setCurrentIndex(strategy->findText(QStringLiteral("pread-mt")));
        size = panel.findChild<QComboBox*>(QStringLiteral("plotFixed_size"));
        size->setCurrentIndex(size->findText(QStringLiteral("8M")));
        QCOMPARE(panel.slice(),
                 (plots::SliceChoice{plots::Dim::threads,
                                     plots::Dim::block_size,
                                     {{plots::Dim::strategy, "pread-mt"}, {plots::Dim::file_size, k8M}}}));
        QCOMPARE(panel.plot()->graphCount(), 4);
        QCOMPARE(panel.plot()->graph(0)->name(), QStringLiteral("512 blocks"));
        QVERIFY(panel.plotSlice().caption(panel.slice()).contains("strategy: pread-mt"));
        // The hover explains the drawn cells only.
        for (const plots::HoverPoint& p : panel.hoverPoints())
            QVERIFY(p.text.contains("pread-mt") && p.text.contains("8M file"));
        // The export draws the same slice (the panel renders its own plot).
        QVERIFY(panel.renderPng().startsWith("\x89PNG"));
        QCOMPARE(panel.plot()->graphCount(), 4);
    }

    void legendClickHidesASeriesAndItsErrorBars() {
        PlotPanel panel;
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setKind(plots::Kind::lines);
        panel.setReport(fixtures::wide());
        panel.redrawNow();
        QCustomPlot* plot = panel.plot();
        plot->replot();
        const auto visible = [plot](const QString& name) {
            int shown = 0;
            for (int i = 0; i < plot->plottableCount(); ++i) {
                QCPAbstractPlottable* p = plot->plottable(i);
                auto* bars = qobject_cast<QCPErrorBars*>(p);
                if ((bars ? bars->dataPlottable()->name() : p->name()) == name) shown += p->visible() ? 1 : -1;
            }
            return shown;
        };
        QCOMPARE(visible("read"), 2);  // the line and its error bars
        // A real click on the legend entry.
        QCPAbstractLegendItem* entry = plot->legend->itemWithPlottable(plot->graph(0));
        QVERIFY(entry);
        QTest::mouseClick(plot, Qt::LeftButton, {}, entry->rect().center());
        QCOMPARE(visible("read"), -2);
        panel.redrawNow();  // a run finishing redraws: still hidden
        QCOMPARE(visible("read"), -2);
        QCOMPARE(visible("pread-mt"), 2);
        for (const plots::HoverPoint& p : panel.hoverPoints()) {
            if (p.series != "read") continue;
            plot->replot();
            const QPointF at(plot->xAxis->coordToPixel(p.key), plot->yAxis->coordToPixel(p.value));
            QVERIFY(!panel.hoverTextAt(at).contains("<b>read</b>"));
        }
        panel.toggleSeries("read");
        QCOMPARE(visible("read"), 2);
    }

    void noTwoSeriesLookAlike() {
        std::set<std::tuple<QRgb, int, int>> looks;
        for (int i = 0; i < 96; ++i) {
            const plots::SeriesLook look = plots::series_look(i);
            looks.insert({look.color.rgb(), int(look.shape), int(look.line)});
        }
        QCOMPARE(looks.size(), std::size_t(96));
    }
};

QTEST_MAIN(TestPlotSlice)
#include "test_plot_slice.moc"
