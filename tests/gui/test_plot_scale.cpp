// Issue 24 section 2: every plot kind readable at scale and titled for what it shows. User /
// system / waiting at 84 cells lies down with a named bar each, the 15 fastest per input and
// Show all, and scrolls; each kind, picked in the combo, has its own title; the Lines plot's x
// ticks are the data's values, in presentation mode at 1024x700 and in the CLI report's PDF;
// lines that do not use the x parameter differ from each other; the listing view is offered
// only where a tree is listed; the report's plot titles are whole at the page's width.
#include <QComboBox>
#include <QCheckBox>
#include <QListView>
#include <QPicture>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest>
#include <qcustomplot.h>

#include "fixtures.hpp"
#include "main_window.hpp"
#include "plot_panel.hpp"
#include "report_plots.hpp"
#include "settings.hpp"

using namespace gui;

namespace {

QStringList category_labels(QCustomPlot* plot) {
    auto ticker = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}

// The x tick labels the axis draws (in its range).
QStringList x_labels(QCustomPlot* plot) {
    QStringList out;
    auto ticker = plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    if (!ticker) return out;
    for (auto it = ticker->ticks().begin(); it != ticker->ticks().end(); ++it)
        if (plot->xAxis->range().contains(it.key())) out << it.value();
    return out;
}

QCPTextElement* title_of(QCustomPlot* plot) { return qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0)); }

// Lesson 1's shape: cipher stream at twelve block sizes from 512 to 1M.
sfp::ExperimentReport twelve_blocks() {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "cipher";
    r.experiment.repetitions = 1;
    for (std::uint64_t b = 512; b <= (1u << 20); b *= 2) r.cells.push_back(fixtures::cell("stream", b, 0, 16 << 20));
    for (std::size_t c = 0; c < r.cells.size(); ++c) r.runs.push_back(fixtures::run(c, 1, 1.0 / double(c + 1)));
    return r;
}

const QStringList kTwelve{"512", "1K", "2K", "4K", "8K", "16K", "32K", "64K", "128K", "256K", "512K", "1M"};

}  // namespace

class TestPlotScale : public QObject {
    Q_OBJECT
private slots:
    void userSystemWaitingLiesDownAt84Cells() {
        PlotPanel panel;
        panel.resize(900, 480);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setReport(fixtures::wide());
        panel.setKind(plots::Kind::time_split);
        panel.redrawNow();
        auto* show_all = panel.findChild<QCheckBox*>(QStringLiteral("plotShowAll"));
        QVERIFY(show_all && show_all->isVisible());
        QStringList labels = category_labels(panel.plot());
        QCOMPARE(labels.size(), 2 * plots::kTopN);  // the fastest of each of the two inputs
        for (const QString& l : labels) QVERIFY(!l.isEmpty());
        QVERIFY2(panel.titleText().contains("the 15 fastest of each input (30 of 84 cells"),
                 qPrintable(panel.titleText()));
        for (const plots::HoverPoint& p : panel.hoverPoints()) QVERIFY(p.horizontal);
        show_all->click();  // as a user would
        labels = category_labels(panel.plot());
        QCOMPARE(labels.size(), 84);
        QVERIFY(!panel.titleText().contains("fastest of each input"));
        QTest::qWait(20);
        auto* scroll = panel.findChild<QScrollArea*>();
        QVERIFY2(scroll->verticalScrollBar()->maximum() > 0, "84 named bars scroll rather than squeeze");
        const int line = QFontMetrics(panel.plot()->yAxis->tickLabelFont()).height();
        QVERIFY2(panel.plot()->axisRect()->height() >= 84 * line,
                 qPrintable(QString::number(panel.plot()->axisRect()->height())));
    }

    // Picked in the combo as a user would: each kind draws its own title.
    void eachKindHasItsOwnTitle() {
        MainWindow w(std::make_unique<Settings>(QTemporaryDir().filePath(QStringLiteral("s.ini"))));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.plotPanel()->setReport(fixtures::wide());
        auto* kind = w.plotPanel()->findChild<QComboBox*>(QStringLiteral("plotKind"));
        const std::pair<plots::Kind, const char*> expected[] = {
            {plots::Kind::slowdown, "Median elapsed time relative to the fastest"},
            {plots::Kind::time_split, "Where the time goes"},
            {plots::Kind::box, "Spread of the repetitions"},
            {plots::Kind::lines, "Elapsed time against"},
            {plots::Kind::slowdown, "Median elapsed time relative to the fastest"}};
        for (const auto& [k, words] : expected) {
            kind->setCurrentIndex(int(k));
            emit kind->activated(int(k));
            QTest::qWait(300);  // past the live redraw interval: nothing stale comes back
            QVERIFY2(w.plotPanel()->titleText().startsWith(QLatin1String(words)),
                     qPrintable(w.plotPanel()->titleText()));
            QVERIFY2(title_of(w.plotPanel()->plot())->text().startsWith(QLatin1String(words).left(12)),
                     qPrintable(title_of(w.plotPanel()->plot())->text()));
        }
    }

    // Presentation mode at 1024x700: a tick labelled at each of the twelve block sizes; after
    // the window is made narrow and wide again, all twelve are still there.
    void ticksFollowTheDataInPresentationMode() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("s.ini"))));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setPresentation(true);
        w.plotPanel()->setReport(twelve_blocks());
        w.plotPanel()->setKind(plots::Kind::lines);
        w.plotPanel()->redrawNow();
        QTest::qWait(50);
        w.plotPanel()->plot()->replot();
        QCOMPARE(x_labels(w.plotPanel()->plot()), kTwelve);
        w.resize(700, 700);
        QTest::qWait(50);
        w.resize(1024, 700);
        QTest::qWait(50);
        w.plotPanel()->plot()->replot();
        QCOMPARE(x_labels(w.plotPanel()->plot()), kTwelve);
    }

    // `sfpbench report --pdf` draws with ReportPlots at the page's width: every block size
    // (4K, 64K, 1M) has its label, and every line of each title fits the page.
    void theReportsPlotsLabelEveryValueAndKeepTheirTitles() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "compare";
        r.experiment.repetitions = 1;
        r.experiment.data_kind = "pair";
        r.experiment.sizes = {256u << 20};
        for (std::uint64_t b : {4096u, 65536u, 1u << 20})
            for (const char* s : {"read", "pread-mt"})
                r.cells.push_back(fixtures::cell(s, b, std::string(s) == "read" ? 0 : 2, 256u << 20));
        for (std::size_t c = 0; c < r.cells.size(); ++c) r.runs.push_back(fixtures::run(c, 1, 0.1 * double(c + 1)));
        const plots::ReportPlots plots(r);
        constexpr int kPage = 658;  // A4 less the margins at 96 dpi, as report_pdf draws
        QPicture page;
        QCPPainter painter(&page);
        for (QCustomPlot* plot : plots.plots()) {
            plot->toPainter(&painter, kPage, 480);
            const QFontMetrics fm(title_of(plot)->font());
            for (const QString& line : title_of(plot)->text().split('\n'))
                QVERIFY2(fm.horizontalAdvance(line) <= kPage, qPrintable(line));
        }
        painter.end();
        QCOMPARE(x_labels(plots.plots().front()), (QStringList{"4K", "64K", "1M"}));

        // Runs that recorded their timelines add the Timeline of one of them; without, none.
        QVERIFY(!title_of(plots.plots().back())->text().startsWith("Timeline"));
        r.runs[2].result.threads = {{0, "runner", 0, 0.3, 0.01, 0.0, 0.29, std::nullopt, 0, false, {}},
                                    {0,
                                     "worker",
                                     0.01,
                                     0.25,
                                     0.2,
                                     0.0,
                                     0.04,
                                     std::nullopt,
                                     4096,
                                     false,
                                     {{0.01, 0.25, 4096, 0, sfp::EventKind::scan}}}};
        const plots::ReportPlots with(r);
        QCOMPARE(with.plots().size(), plots.plots().size() + 1);
        QVERIFY2(title_of(with.plots().back())->text().startsWith("Timeline"),
                 qPrintable(title_of(with.plots().back())->text()));
    }

    // Against threads, one line per block size: lines that use no threads are flat, and no two
    // of them look alike (colour, dash and marker).
    void flatLinesDifferFromEachOther() {
        PlotPanel panel;
        panel.setReport(fixtures::wide());
        panel.setKind(plots::Kind::lines);
        panel.setSlice({plots::Dim::threads,
                        plots::Dim::block_size,
                        {{plots::Dim::file_size, QString::number(16 << 20)}, {plots::Dim::strategy, plots::kBest}}});
        panel.redrawNow();
        QSet<QString> looks;
        QStringList flat;
        for (int i = 0; i < panel.plot()->graphCount(); ++i) {
            const QCPGraph* g = panel.plot()->graph(i);
            if (!g->name().contains("(no threads)")) continue;
            flat << g->name();
            looks << QStringLiteral("%1/%2/%3")
                         .arg(g->pen().color().name())
                         .arg(int(g->pen().style()))
                         .arg(int(g->scatterStyle().shape()));
            QVERIFY(g->scatterStyle().shape() != QCPScatterStyle::ssNone);  // a marker at both ends
        }
        QVERIFY2(flat.contains("512 blocks (no threads)") && flat.contains("no block size (no threads)"),
                 qPrintable(flat.join(", ")));
        QCOMPARE(looks.size(), flat.size());
    }

    // The Plot combo offers the listing view for iterate (a tree), not for compare.
    void listingIsOfferedOnlyForATree() {
        PlotPanel panel;
        auto* kind = panel.findChild<QComboBox*>(QStringLiteral("plotKind"));
        auto* view = qobject_cast<QListView*>(kind->view());
        const int listing = int(plots::Kind::listing);
        panel.setReport(fixtures::sweep());
        panel.redrawNow();
        QVERIFY(view->isRowHidden(listing));
        QVERIFY(view->isRowHidden(int(plots::Kind::histogram)));
        sfp::ExperimentReport tree = fixtures::sweep();
        tree.experiment.algorithm = "iterate";
        panel.setReport(tree);
        panel.redrawNow();
        QVERIFY(!view->isRowHidden(listing));
        panel.setKind(plots::Kind::listing);
        panel.setReport(fixtures::sweep());  // compare again: not left on a view it does not offer
        panel.redrawNow();
        QVERIFY(kind->currentIndex() != listing);
    }
};

QTEST_MAIN(TestPlotScale)
#include "test_plot_scale.moc"
