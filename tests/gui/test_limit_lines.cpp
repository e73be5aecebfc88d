// The machine's limit in the window, offscreen: the ceiling on the Lines plot of throughput sits
// at the limit's value (a line across the plot, or a step along threads), the floor on the plot
// of elapsed time at the cell's bytes at that rate, each labelled with the limit's name; none on
// other metrics; and the statistics table's "% of limit" column with the reason as its tooltip.
#include <QtTest>
#include <qcustomplot.h>

#include "hand_made.hpp"
#include "main_window.hpp"
#include "plot_panel.hpp"
#include "runs_model.hpp"
#include "settings.hpp"
#include "stats_model.hpp"

using namespace gui;

namespace {

constexpr double kBytes = 64e6;  // every run's

// compare hot: the cells given, each run twice in `seconds`; two-stream read 12 GB/s with one
// thread, 20 GB/s with two.
sfp::ExperimentReport judged(std::vector<sfp::Cell> cells, std::vector<double> seconds) {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "compare";
    r.experiment.cache = sfp::CacheMode::hot;
    r.experiment.repetitions = 2;
    r.input_sets = {{{"/a", "/b"}, 32u << 20}};
    r.cells = std::move(cells);
    for (std::size_t c = 0; c < r.cells.size(); ++c) {
        for (unsigned rep = 1; rep <= 2; ++rep)
            r.runs.push_back(hand_made::run(c, rep, seconds[c], 0, 0, sfp::RunStatus::ok, {}, std::uint64_t(kBytes)));
        sfp::CellStats st;
        st.cell = c;
        st.real = sfp::summarize({seconds[c], seconds[c]});
        st.throughput_mbs = kBytes / seconds[c] / 1e6;
        r.stats.push_back(st);
    }
    r.limits.fingerprint = "made up";
    r.limits.put({.id = sfp::LimitId::two_stream_read, .method = "made up", .points = {{1, {12e9}}, {2, {20e9}}}});
    return r;
}

template <typename Item>
std::vector<Item*> limit_items(QCustomPlot* plot) {
    std::vector<Item*> out;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* item = qobject_cast<Item*>(plot->item(i)); item && item->objectName() == "limit-line") out.push_back(item);
    return out;
}

QString labels(QCustomPlot* plot) {
    QStringList out;
    for (QCPItemText* t : limit_items<QCPItemText>(plot)) out << t->text().replace('\n', ' ');  // on two lines where narrow
    return out.join('\n');
}

// At the panel's size as it is (in a window).
void draw_in_place(PlotPanel& panel, const sfp::ExperimentReport& r, Metric metric, Dim axis) {
    panel.setReport(r);
    panel.setKind(plots::Kind::lines);
    panel.setMetric(metric);
    panel.setAxis(axis);
    panel.redrawNow();
}

void draw(PlotPanel& panel, const sfp::ExperimentReport& r, Metric metric, Dim axis) {
    panel.resize(900, 600);
    draw_in_place(panel, r, metric, axis);
}

}  // namespace

class TestLimitLines : public QObject {
    Q_OBJECT
private slots:
    void theCeilingIsDrawnAtTheLimitsValue() {  // two block sizes, one thread: 12 GB/s across the plot
        PlotPanel panel;
        draw(panel, judged({hand_made::cell("read", 4096, 0), hand_made::cell("read", 65536, 0)}, {0.02, 0.01}),
             Metric::throughput, Dim::block_size);
        const auto lines = limit_items<QCPItemStraightLine>(panel.plot());
        QCOMPARE(lines.size(), std::size_t(1));
        QCOMPARE(lines[0]->point1->coords().y(), 12e9 / 1e6);  // MB/s, as the plot shows throughput
        QCOMPARE(lines[0]->point2->coords().y(), 12e9 / 1e6);
        QVERIFY2(labels(panel.plot()).contains("ceiling: two-stream memory read, 1 thread, 12.0 GB/s"),
                 qPrintable(labels(panel.plot())));
        QVERIFY(panel.plot()->yAxis->range().upper >= 12e9 / 1e6);  // in sight
        for (int i = 0; i < panel.plot()->graphCount(); ++i)  // the series stay the plot's only graphs
            QVERIFY(!panel.plot()->graph(i)->name().contains("limit"));
    }

    void alongThreadsTheCeilingStepsWithThem() {
        PlotPanel panel;
        draw(panel, judged({hand_made::cell("mmap-mt", 0, 1), hand_made::cell("mmap-mt", 0, 2)}, {0.02, 0.01}),
             Metric::throughput, Dim::threads);
        const auto segments = limit_items<QCPItemLine>(panel.plot());
        QCOMPARE(segments.size(), std::size_t(1));
        QCOMPARE(segments[0]->start->coords(), QPointF(1, 12e3));
        QCOMPARE(segments[0]->end->coords(), QPointF(2, 20e3));
        QVERIFY(labels(panel.plot()).contains("ceiling: two-stream memory read"));
    }

    void elapsedTimeHasAFloorAtTheBytesAtThatRate() {
        PlotPanel panel;
        draw(panel, judged({hand_made::cell("read", 4096, 0), hand_made::cell("read", 65536, 0)}, {0.02, 0.01}),
             Metric::elapsed, Dim::block_size);
        const auto lines = limit_items<QCPItemStraightLine>(panel.plot());
        QCOMPARE(lines.size(), std::size_t(1));
        QVERIFY(std::abs(lines[0]->point1->coords().y() - kBytes / 12e9) < 1e-12);
        QVERIFY(labels(panel.plot()).contains("floor: two-stream memory read"));
    }

    // The label ('floor: NAME, N threads, RATE') stays inside the axis rect, whole, wherever its
    // line is -- across the plot or a step ending at the top right -- in the plot panel of a
    // window of 1024x700, in presentation mode too (its larger font).
    void theLabelStaysInsideTheAxisRect_data() {
        QTest::addColumn<int>("metric");
        QTest::addColumn<int>("axis");
        QTest::addColumn<bool>("presentation");
        for (bool presentation : {false, true}) {
            const char* mode = presentation ? " (presentation)" : "";
            QTest::addRow("floor across%s", mode) << int(Metric::elapsed) << int(Dim::block_size) << presentation;
            QTest::addRow("ceiling across%s", mode) << int(Metric::throughput) << int(Dim::block_size) << presentation;
            QTest::addRow("ceiling step%s", mode) << int(Metric::throughput) << int(Dim::threads) << presentation;
            QTest::addRow("floor step%s", mode) << int(Metric::elapsed) << int(Dim::threads) << presentation;
        }
    }
    void theLabelStaysInsideTheAxisRect() {
        QFETCH(int, metric);
        QFETCH(int, axis);
        QFETCH(bool, presentation);
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        if (presentation) w.setPresentation(true);
        PlotPanel& panel = *w.plotPanel();
        const bool along_threads = Dim(axis) == Dim::threads;
        draw_in_place(panel,
                      along_threads ? judged({hand_made::cell("mmap-mt", 0, 1), hand_made::cell("mmap-mt", 0, 2)}, {0.02, 0.01})
                                    : judged({hand_made::cell("read", 4096, 0), hand_made::cell("read", 65536, 0)}, {0.02, 0.01}),
                      Metric(metric), Dim(axis));
        panel.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QRect area = panel.plot()->axisRect()->rect();
        const auto texts = limit_items<QCPItemText>(panel.plot());
        QCOMPARE(texts.size(), std::size_t(1));
        QCPItemText* label = texts.front();
        QVERIFY2(label->text().replace('\n', ' ').startsWith(Metric(metric) == Metric::elapsed ? "floor: two-stream memory read, 1 thread"
                                                                            : "ceiling: two-stream memory read, 1 thread"),
                 qPrintable(label->text()));
        const QRectF box(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
        QVERIFY2(QRectF(area).contains(box),
                 qPrintable(QStringLiteral("label %1,%2 %3x%4 outside the axis rect %5,%6 %7x%8")
                                .arg(box.x()).arg(box.y()).arg(box.width()).arg(box.height())
                                .arg(area.x()).arg(area.y()).arg(area.width()).arg(area.height())));
    }

    void noLineOnOtherMetricsOrWithoutLimits() {
        PlotPanel panel;
        sfp::ExperimentReport r = judged({hand_made::cell("read", 4096, 0), hand_made::cell("read", 65536, 0)}, {0.02, 0.01});
        draw(panel, r, Metric::user, Dim::block_size);
        QVERIFY(limit_items<QCPAbstractItem>(panel.plot()).empty());
        r.limits = {};
        draw(panel, r, Metric::throughput, Dim::block_size);
        QVERIFY(limit_items<QCPAbstractItem>(panel.plot()).empty());
    }

    void theStatisticsTableShowsTheShare() {
        StatsModel model;
        model.setReport(judged({hand_made::cell("read", 4096, 0), hand_made::cell("mmap-mt", 0, 2)}, {0.008, 0.004}));
        const int column = model.column(StatsModel::LimitPct);
        QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), QString("% of limit"));
        // 64 MB in 8 ms = 8 GB/s of 12; in 4 ms = 16 GB/s of 20
        QCOMPARE(model.index(0, column).data(SortRole).toDouble(), kBytes / 0.008 / 12e9 * 100);
        QCOMPARE(model.index(1, column).data().toString(), QString("80"));
        QVERIFY(model.index(1, column).data(Qt::ToolTipRole).toString().contains("of two-stream memory read, 2 threads"));
        sfp::ExperimentReport none = judged({hand_made::cell("read", 4096, 0)}, {0.008});
        none.limits = {};
        none.limits.absent = "limits turned off";
        model.setReport(none);
        QCOMPARE(model.index(0, column).data().toString(), QString("–"));
        QVERIFY(model.index(0, column).data(Qt::ToolTipRole).toString().contains("limits turned off"));
    }
};

QTEST_MAIN(TestLimitLines)
#include "test_limit_lines.moc"
