// The machine's limit in the window, offscreen: the ceiling on the Lines plot of throughput sits
// at the limit's value (a line across the plot, or a step along threads), the floor on the plot
// of elapsed time at the cell's bytes at that rate, each labelled with the limit's name; none on
// other metrics; and the statistics table's "% of limit" column with the reason as its tooltip.
#include <QJsonArray>
#include <QtTest>
#include <qcustomplot.h>

#include "hand_made.hpp"
#include "plot_probes.hpp"
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
        if (auto* item = qobject_cast<Item*>(plot->item(i)); item && item->objectName() == "limit-line")
            out.push_back(item);
    return out;
}

QString labels(QCustomPlot* plot) {
    QStringList out;
    for (QCPItemText* t : limit_items<QCPItemText>(plot))
        out << t->text().replace('\n', ' ');  // on two lines where narrow
    return out.join('\n');
}

// At the panel's size as it is (in a window).
void draw_in_place(PlotPanel& panel, const sfp::ExperimentReport& r, plots::Metric metric, plots::Dim axis) {
    panel.setReport(r);
    panel.setKind(plots::Kind::lines);
    panel.setMetric(metric);
    panel.setAxis(axis);
    panel.redrawNow();
}

// Laid out on a screen: where a label can go depends on the data area's pixels.
void showAt900x600(PlotPanel& panel) {
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
}

void draw(PlotPanel& panel, const sfp::ExperimentReport& r, plots::Metric metric, plots::Dim axis) {
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
             plots::Metric::throughput, plots::Dim::block_size);
        const auto lines = limit_items<QCPItemStraightLine>(panel.plot());
        QCOMPARE(lines.size(), std::size_t(1));
        QCOMPARE(lines[0]->point1->coords().y(), 12e9 / 1e6);  // MB/s, as the plot shows throughput
        QCOMPARE(lines[0]->point2->coords().y(), 12e9 / 1e6);
        QVERIFY2(labels(panel.plot()).contains("ceiling: two-stream memory read, 1 thread, 12.0 GB/s"),
                 qPrintable(labels(panel.plot())));
        QVERIFY(panel.plot()->yAxis->range().upper >= 12e9 / 1e6);  // in sight
        for (int i = 0; i < panel.plot()->graphCount(); ++i)        // the series stay the plot's only graphs
            QVERIFY(!panel.plot()->graph(i)->name().contains("limit"));
    }

    // Issue 39 §4: cells of 1 and 2 threads are judged against two figures: two lines, each
    // labelled with its own (planted: one line through both, labelled with the 1-thread figure).
    void cellsOfOneAndTwoThreadsGetALinePerLimit() {
        PlotPanel panel;
        draw(panel, judged({hand_made::cell("mmap-mt", 0, 1), hand_made::cell("mmap-mt", 0, 2)}, {0.02, 0.01}),
             plots::Metric::throughput, plots::Dim::threads);
        std::map<QString, double> limits;  // name -> value, from the plot's data as drawn
        for (const QJsonValue& v : panel.plotDataJson()["series"].toArray()) {
            const QJsonObject s = v.toObject();
            if (s["kind"].toString() != "limit") continue;
            const QJsonArray points = s["points"].toArray();
            QCOMPARE(points.size(), 1);
            QVERIFY(points[0].toObject()["across"].toBool());
            QCOMPARE(s["unit"].toString(), QString("MB/s"));
            limits[s["name"].toString()] = points[0].toObject()["y"].toDouble();
        }
        QCOMPARE(limits.size(), std::size_t(2));
        QCOMPARE(limits["ceiling: two-stream memory read, 1 thread, 12.0 GB/s"], 12e3);
        QCOMPARE(limits["ceiling: two-stream memory read, 2 threads, 20.0 GB/s"], 20e3);
        QCOMPARE(limit_items<QCPItemStraightLine>(panel.plot()).size(), std::size_t(2));
        QCOMPARE(limit_items<QCPItemText>(panel.plot()).size(), std::size_t(2));
    }

    // The labels of two limits never overlap each other, nor cover a point of the data.
    void limitLabelsKeepApartAndOffTheData() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setPresentation(true);
        PlotPanel& panel = *w.plotPanel();
        // 13 and 12 GB/s reached: the points sit just above the 12 GB/s line and under the 20
        draw_in_place(panel,
                      judged({hand_made::cell("mmap-mt", 0, 1), hand_made::cell("mmap-mt", 0, 2)},
                             {kBytes / 12.5e9, kBytes / 19e9}),
                      plots::Metric::throughput, plots::Dim::threads);
        panel.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(limit_items<QCPItemText>(panel.plot()).size(), std::size_t(2));
        const QString trouble = probes::label_trouble(panel.plot());
        QVERIFY2(trouble.isEmpty(), qPrintable(trouble));
    }

    // Issue 39 §4: a label never covers data. Its first place (under the ceiling at the plot's
    // right end) is where the last points and the line to them run: it moves (planted: the
    // first place always).
    void aLabelMovesOffTheDataAtItsPlace() {
        PlotPanel panel;
        showAt900x600(panel);
        draw(panel,
             judged({hand_made::cell("read", 4096, 0), hand_made::cell("read", 65536, 0),
                     hand_made::cell("read", 1 << 20, 0)},
                    {kBytes / 4e9, kBytes / 8e9, kBytes / 11.6e9}),
             plots::Metric::throughput, plots::Dim::block_size);
        panel.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const auto texts = limit_items<QCPItemText>(panel.plot());
        QCOMPARE(texts.size(), std::size_t(1));
        QVERIFY2(texts[0]->visible(), "there is room above the line: the label stays on the plot");
        const QString trouble = probes::label_trouble(panel.plot());
        QVERIFY2(trouble.isEmpty(), qPrintable(trouble));
    }

    // Where the data runs along the line its whole width, the label goes into the legend with
    // its figure, and the line stays (planted: always on the plot).
    void aLabelWithNoFreePlaceGoesIntoTheLegend() {
        PlotPanel panel;
        showAt900x600(panel);
        std::vector<sfp::Cell> cells;
        std::vector<double> seconds;
        for (int k = 0; k < 12; ++k) {  // 512 .. 1M, zigzag across 12 GB/s
            cells.push_back(hand_made::cell("read", std::uint64_t(512) << k, 0));
            seconds.push_back(kBytes / (k % 2 ? 12.6e9 : 11.4e9));
        }
        draw(panel, judged(cells, seconds), plots::Metric::throughput, plots::Dim::block_size);
        panel.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const auto texts = limit_items<QCPItemText>(panel.plot());
        QCOMPARE(texts.size(), std::size_t(1));
        QVERIFY2(!texts[0]->visible(), "no free place: the label is in the legend, not on the data");
        const QString trouble = probes::label_trouble(panel.plot());
        QVERIFY2(trouble.isEmpty(), qPrintable(trouble));
        QCOMPARE(limit_items<QCPItemStraightLine>(panel.plot()).size(), std::size_t(1));
        QVERIFY(limit_items<QCPItemStraightLine>(panel.plot())[0]->visible());
        const QJsonArray series = panel.plotDataJson()["series"].toArray();
        const auto limit = std::find_if(series.begin(), series.end(),
                                        [](const QJsonValue& v) { return v.toObject()["kind"] == "limit"; });
        QVERIFY(limit != series.end());
        QCOMPARE(limit->toObject()["name"].toString(), QString("ceiling: two-stream memory read, 1 thread, 12.0 GB/s"));
        QCOMPARE(limit->toObject()["label"].toString(), QString("legend"));
        // Drawn again wider than the zigzag's reach (a taller plot): still exactly one entry.
        panel.resize(900, 610);
        panel.plot()->replot(QCustomPlot::rpImmediateRefresh);
        int entries = 0;
        for (int i = 0; i < panel.plot()->legend->itemCount(); ++i)
            entries += dynamic_cast<plots::LimitLegendItem*>(panel.plot()->legend->item(i)) != nullptr;
        QCOMPARE(entries, 1);
    }

    // A label moved into a legend that stands beside the data (many series) breaks over lines
    // to stay there, rather than sending the legend below and halving the data area (planted:
    // limit entries on one line).
    void aLimitInALegendBesideTheDataKeepsItThere() {
        PlotPanel panel;  // as large as a 1024x700 window in presentation mode gives a lesson's plot
        panel.resize(1024, 430);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setPresentation(true);
        std::vector<sfp::Cell> cells;
        std::vector<double> seconds;
        const char* strategies[] = {"read", "pread-mt", "adaptive", "uring-mt", "mmap-mt", "mmap", "cmp"};
        for (std::size_t n = 0; n < std::size(strategies); ++n)
            for (int k = 0; k < 12; ++k) {  // 512 .. 1M; read zigzags across the floor, the others above it
                cells.push_back(hand_made::cell(strategies[n], std::uint64_t(512) << k, 0));
                seconds.push_back(kBytes / 12e9 * (n > 0 ? 1.5 + 0.1 * double(n) : k % 2 ? 1.15 : 0.85));
            }
        draw_in_place(panel, judged(cells, seconds), plots::Metric::elapsed, plots::Dim::block_size);
        panel.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const auto texts = limit_items<QCPItemText>(panel.plot());
        QCOMPARE(texts.size(), std::size_t(1));
        QVERIFY2(!texts[0]->visible(), "read runs along the floor: its label is in the legend");
        const QString trouble = probes::label_trouble(panel.plot());
        QVERIFY2(trouble.isEmpty(), qPrintable(trouble));
        QCustomPlot* plot = panel.plot();
        QVERIFY2(plot->legend->outerRect().left() >= plot->axisRect()->outerRect().right(),
                 qPrintable(QStringLiteral("the legend at %1,%2 is not beside the data (right edge %3)")
                                .arg(plot->legend->outerRect().left())
                                .arg(plot->legend->outerRect().top())
                                .arg(plot->axisRect()->outerRect().right())));
    }

    void elapsedTimeHasAFloorAtTheBytesAtThatRate() {
        PlotPanel panel;
        draw(panel, judged({hand_made::cell("read", 4096, 0), hand_made::cell("read", 65536, 0)}, {0.02, 0.01}),
             plots::Metric::elapsed, plots::Dim::block_size);
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
            QTest::addRow("floor across%s", mode)
                << int(plots::Metric::elapsed) << int(plots::Dim::block_size) << presentation;
            QTest::addRow("ceiling across%s", mode)
                << int(plots::Metric::throughput) << int(plots::Dim::block_size) << presentation;
            QTest::addRow("ceiling step%s", mode)
                << int(plots::Metric::throughput) << int(plots::Dim::threads) << presentation;
            QTest::addRow("floor step%s", mode)
                << int(plots::Metric::elapsed) << int(plots::Dim::threads) << presentation;
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
        const bool along_threads = plots::Dim(axis) == plots::Dim::threads;
        draw_in_place(panel,
                      along_threads
                          ? judged({hand_made::cell("mmap-mt", 0, 1), hand_made::cell("mmap-mt", 0, 2)}, {0.02, 0.01})
                          : judged({hand_made::cell("read", 4096, 0), hand_made::cell("read", 65536, 0)}, {0.02, 0.01}),
                      plots::Metric(metric), plots::Dim(axis));
        panel.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QRect area = panel.plot()->axisRect()->rect();
        const auto texts = limit_items<QCPItemText>(panel.plot());
        QCOMPARE(texts.size(), std::size_t(along_threads ? 2 : 1));  // 1 and 2 threads: a line per limit
        QCPItemText* label = texts.front();
        QVERIFY2(label->property("sfpWords")
                     .toString()
                     .startsWith(plots::Metric(metric) == plots::Metric::elapsed
                                     ? "floor: two-stream memory read, 1 thread"
                                     : "ceiling: two-stream memory read, 1 thread"),
                 qPrintable(label->text()));
        const QString trouble = probes::label_trouble(panel.plot());
        QVERIFY2(trouble.isEmpty(), qPrintable(trouble));
        for (QCPItemText* each : texts) {
            if (!each->visible()) continue;  // in the legend (probes::label_trouble checked it is there)
            const QRectF box(each->topLeft->pixelPosition(), each->bottomRight->pixelPosition());
            QVERIFY2(QRectF(area).contains(box),
                     qPrintable(QStringLiteral("label %1,%2 %3x%4 outside the axis rect %5,%6 %7x%8")
                                    .arg(box.x())
                                    .arg(box.y())
                                    .arg(box.width())
                                    .arg(box.height())
                                    .arg(area.x())
                                    .arg(area.y())
                                    .arg(area.width())
                                    .arg(area.height())));
        }
    }

    void noLineOnOtherMetricsOrWithoutLimits() {
        PlotPanel panel;
        sfp::ExperimentReport r =
            judged({hand_made::cell("read", 4096, 0), hand_made::cell("read", 65536, 0)}, {0.02, 0.01});
        draw(panel, r, plots::Metric::user, plots::Dim::block_size);
        QVERIFY(limit_items<QCPAbstractItem>(panel.plot()).empty());
        r.limits = {};
        draw(panel, r, plots::Metric::throughput, plots::Dim::block_size);
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
        QVERIFY(
            model.index(1, column).data(Qt::ToolTipRole).toString().contains("of two-stream memory read, 2 threads"));
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
