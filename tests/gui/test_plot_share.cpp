// Issue 12 section 2-3 at the smallest screen it names (1024x700), normal and in presentation
// mode, with the 84-cell matrix: the data area (the axis rect) keeps at least half the plot
// panel's height, the legend stands where it costs least, and every line of the title is
// whole (none wider than the plot), and the x tick labels do not run together.
#include <QtTest>
#include <qcustomplot.h>

#include "fixtures.hpp"
#include "main_window.hpp"
#include "plot_panel.hpp"
#include "results_panel.hpp"
#include "settings.hpp"

using namespace gui;

namespace {

QCPTextElement* title_of(QCustomPlot* plot) { return qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0)); }

QString share_text(PlotPanel* panel) {
    QCustomPlot* plot = panel->plot();
    return QStringLiteral("data %1 px of a %2 px panel (plot %3 px, legend %4x%5, title %6 px)")
        .arg(plot->axisRect()->height())
        .arg(panel->height())
        .arg(plot->height())
        .arg(plot->legend->outerRect().width())
        .arg(plot->legend->outerRect().height())
        .arg(title_of(plot)->outerRect().height());
}

// The x tick labels side by side fit the axis: they never run together.
void verify_ticks_apart(QCustomPlot* plot) {
    const QFontMetrics fm(plot->xAxis->tickLabelFont());
    int widest = 0;  // evenly spaced ticks: each needs room for the widest label and a space
    const QVector<QString> labels = plot->xAxis->tickVectorLabels();
    for (const QString& label : labels) widest = std::max(widest, fm.horizontalAdvance(label + QStringLiteral(" ")));
    const int needed = int(labels.size()) * widest;
    QVERIFY2(needed <= plot->axisRect()->width(),
             qPrintable(QStringLiteral("%1 px of labels on a %2 px axis").arg(needed).arg(plot->axisRect()->width())));
}

void verify_title_whole(QCustomPlot* plot) {
    QCPTextElement* title = title_of(plot);
    QVERIFY(title);
    const QFontMetrics fm(title->font());
    for (const QString& line : title->text().split('\n'))
        QVERIFY2(fm.horizontalAdvance(line) <= plot->width(),
                 qPrintable(QStringLiteral("'%1' is %2 px in a %3 px plot").arg(line).arg(fm.horizontalAdvance(line)).arg(plot->width())));
}

}  // namespace

class TestPlotShare : public QObject {
    Q_OBJECT

    void verify_share(MainWindow& w) {
        PlotPanel* panel = w.plotPanel();
        QTest::qWait(50);  // the splitter's share is set once laid out
        panel->redrawNow();
        panel->plot()->replot();
        QVERIFY2(panel->plot()->axisRect()->height() >= panel->height() / 2, qPrintable(share_text(panel)));
        verify_title_whole(panel->plot());
        QTest::qWait(20);  // a narrower axis gets fewer ticks on the next replot
        verify_ticks_apart(panel->plot());
        QCOMPARE(panel->plot()->legend->itemCount(), 7);  // every strategy still named
    }

private slots:
    void init() { QVERIFY(dir_.isValid()); }

    void dataAreaKeepsHalfThePanelAt1024x700_data() {
        QTest::addColumn<bool>("presentation");
        QTest::newRow("normal") << false;
        QTest::newRow("presentation") << true;
    }
    void dataAreaKeepsHalfThePanelAt1024x700() {
        QFETCH(bool, presentation);
        MainWindow w(std::make_unique<Settings>(dir_.filePath(QTest::currentDataTag() + QStringLiteral(".ini"))));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        sfp::ExperimentReport wide = fixtures::wide();
        w.plotPanel()->setReport(wide);
        w.resultsPanel()->setReport(wide);
        if (presentation) w.setPresentation(true);
        verify_share(w);
    }

    // A narrow plot: the title breaks between its parts (or words), never losing text.
    void titleWrapsInsteadOfBeingCut() {
        PlotPanel panel;
        panel.resize(420, 500);
        panel.show();
        panel.setReport(fixtures::wide());
        panel.redrawNow();
        verify_title_whole(panel.plot());
        QString flat = title_of(panel.plot())->text();
        flat.replace('\n', ' ');
        for (const char* word : {"Elapsed", "stddev", "threads:", "fastest", "compare", "repetitions"})
            QVERIFY2(flat.contains(QLatin1String(word)), qPrintable(flat));
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestPlotShare)
#include "test_plot_share.moc"
