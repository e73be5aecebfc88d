// Issue 12 sections 2-4 on the real widgets, offscreen: the legend's share of the plot, every
// ranked bar named, top N with "show all", presentation mode without elided cells, the window
// at 1024x700, progress text before and after a run, the estimate learned from runs, and the
// plot's kind and slice kept in the settings.
#include <QCheckBox>
#include <QComboBox>
#include <QPushButton>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QSpinBox>
#include <QWheelEvent>
#include <QtTest>
#include <cmath>
#include <qcustomplot.h>

#include "controller.hpp"
#include "experiment_panel.hpp"
#include "lesson_panel.hpp"
#include "lessons.hpp"
#include "lessons_menu.hpp"
#include "fixtures.hpp"
#include "inputs_box.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "plot_panel.hpp"
#include "progress_panel.hpp"
#include "results_panel.hpp"
#include "run_estimate.hpp"
#include "strategy_list.hpp"

using namespace gui;

namespace {

std::unique_ptr<Settings> settings_in(const QTemporaryDir& dir) {
    return std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini")));
}

// Labels of the category axis (bars lying down: the y axis).
QStringList category_labels(QCustomPlot* plot) {
    auto ticker = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}

int text_items(QCustomPlot* plot) {
    int n = 0;
    for (int i = 0; i < plot->itemCount(); ++i) n += qobject_cast<QCPItemText*>(plot->item(i)) ? 1 : 0;
    return n;
}

}  // namespace

class TestWindowLayout : public QObject {
    Q_OBJECT
private slots:
    // Times slower on 84 cells: the fastest kTopN of each input by default, every cell with
    // "show all"; each bar has its name on the axis and its ratio beside it.
    void everySlowdownBarIsNamed() {
        PlotPanel panel;
        panel.resize(900, 600);
        panel.setReport(fixtures::wide());
        panel.setKind(plots::Kind::slowdown);
        panel.redrawNow();
        QCOMPARE(panel.hoverPoints().size(), std::size_t(2 * plots::kTopN));
        QCOMPARE(category_labels(panel.plot()).size(), 2 * plots::kTopN);
        QCOMPARE(text_items(panel.plot()), 2 * plots::kTopN);
        QVERIFY(panel.plot()->yAxis->rangeReversed());  // fastest on top
        panel.findChild<QCheckBox*>(QStringLiteral("plotShowAll"))->setChecked(true);
        QCOMPARE(panel.hoverPoints().size(), std::size_t(84));
        const QStringList labels = category_labels(panel.plot());
        QCOMPARE(labels.size(), 84);
        for (const QString& l : labels) QVERIFY(!l.isEmpty());
        QCOMPARE(text_items(panel.plot()), 84);
        // 84 lines of text do not fit 600 px: the plot grows and scrolls instead of overprinting.
        const int line = QFontMetrics(panel.plot()->yAxis->tickLabelFont()).height();
        QVERIFY(panel.plot()->minimumHeight() >= 84 * line);
        // The hover finds a bar lying down by its row.
        const plots::HoverPoint& p = panel.hoverPoints().back();
        QCustomPlot* plot = panel.plot();
        plot->setGeometry(0, 0, 900, plot->minimumHeight());
        plot->replot();
        const QPointF at(plot->xAxis->coordToPixel(p.value * 0.5), plot->yAxis->coordToPixel(p.key));
        QCOMPARE(panel.hoverTextAt(at), p.text);
    }

    void boxPlotShowsTheBestFirstAndAllOnRequest() {
        PlotPanel panel;
        panel.setReport(fixtures::wide());
        panel.setKind(plots::Kind::box);
        panel.redrawNow();
        auto* boxes = qobject_cast<QCPStatisticalBox*>(panel.plot()->plottable(0));
        QVERIFY(boxes);
        QCOMPARE(boxes->dataCount(), 2 * plots::kTopN);
        // Sorted by median within each input: the first row is the lowest median.
        const auto* data = boxes->data().data();
        QVERIFY(data->at(0)->median <= data->at(1)->median);
        panel.findChild<QCheckBox*>(QStringLiteral("plotShowAll"))->setChecked(true);
        boxes = qobject_cast<QCPStatisticalBox*>(panel.plot()->plottable(0));
        QCOMPARE(boxes->dataCount(), 84);
        QCOMPARE(category_labels(panel.plot()).size(), 84);
    }

    // Lines with one line per block size and threads: many series, the legend below takes at
    // most a third of the plot and no two series look alike.
    void legendLeavesThePlotMostOfTheRoom() {
        PlotPanel panel;
        panel.resize(700, 500);
        panel.show();
        panel.setReport(fixtures::wide());
        panel.setKind(plots::Kind::lines);
        plots::SliceChoice many = panel.slice();
        many.x = plots::Dim::file_size;
        many.per = plots::Dim::block_size;
        panel.setSlice(many);
        panel.redrawNow();
        QCustomPlot* plot = panel.plot();
        plot->replot();
        QVERIFY(plot->graphCount() >= 3);
        QVERIFY2(plot->legend->outerRect().height() <= plot->height() / 3 + 1,
                 qPrintable(
                     QStringLiteral("legend %1 of %2 px").arg(plot->legend->outerRect().height()).arg(plot->height())));
        QVERIFY(plot->axisRect()->outerRect().height() >= plot->height() / 2);
        QSet<QString> looks;
        for (int i = 0; i < 40; ++i) {
            const plots::SeriesLook l = plots::series_look(i);
            looks.insert(QStringLiteral("%1 %2 %3").arg(l.color.name()).arg(int(l.shape)).arg(int(l.line)));
        }
        QCOMPARE(looks.size(), 40);
    }

    // 1024x700, the smallest screen the issue names: the form keeps its whole width (no
    // sideways scrolling), the window fits the screen, and so does presentation mode.
    void windowFitsA1024x700Screen() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(w.minimumSizeHint().width() <= 1024, qPrintable(QString::number(w.minimumSizeHint().width())));
        auto* scroll = w.findChild<QScrollArea*>(QStringLiteral("experimentScroll"));
        QVERIFY(scroll && scroll->widget() == w.experimentPanel());
        QVERIFY(!scroll->horizontalScrollBar()->isVisible());
        QVERIFY(scroll->viewport()->width() >= w.experimentPanel()->minimumSizeHint().width());
        // Every control of the form gets at least the width it needs.
        for (QWidget* control : w.experimentPanel()->findChildren<QWidget*>()) {
            if (!control->isVisible() || control->minimumSizeHint().width() <= 0) continue;
            QVERIFY2(control->width() >= control->minimumSizeHint().width(),
                     qPrintable(control->metaObject()->className() + QStringLiteral(" ") + control->objectName()));
        }
        QVERIFY(w.plotPanel()->plot()->height() >= 200);
        w.setPresentation(true);
        QVERIFY(!w.panelAction()->isChecked());  // the form steps aside; the plot fills the window
        QVERIFY2(w.minimumSizeHint().width() <= 1024, qPrintable(QString::number(w.minimumSizeHint().width())));
        w.panelAction()->setChecked(true);
        QVERIFY(!scroll->horizontalScrollBar()->isVisible());
        w.panelAction()->setChecked(false);
        QTest::qWait(20);  // the splitter's share is set once laid out
        QVERIFY2(w.plotPanel()->plot()->height() >= w.height() / 3,
                 qPrintable(QString::number(w.plotPanel()->plot()->height())));
        w.close();
        QVERIFY(Settings(dir.filePath(QStringLiteral("settings.ini"))).presentation());
        MainWindow again(settings_in(dir));
        // Started in presentation mode (as saved): the same.
        again.resize(1024, 700);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QVERIFY2(again.minimumSizeHint().width() <= 1024 && again.width() <= 1024,
                 qPrintable(QStringLiteral("%1 / %2").arg(again.minimumSizeHint().width()).arg(again.width())));
        QVERIFY2(again.plotPanel()->plot()->height() >= again.height() / 3,
                 qPrintable(QString::number(again.plotPanel()->plot()->height())));
        // With the 84-cell results in: the long title and wide tables do not widen the window.
        sfp::ExperimentReport wide = fixtures::wide();
        wide.machine.host = "a-host-with-a-long-name";
        again.plotPanel()->setReport(wide);
        again.plotPanel()->redrawNow();
        again.resultsPanel()->setReport(wide);
        again.progressPanel()->begin(168);
        again.progressPanel()->runStarted(wide.cells[40], 2, 80, 168);  // a long cell in words
        QTest::qWait(50);
        QVERIFY2(again.minimumSizeHint().width() <= 1024 && again.width() <= 1024,
                 qPrintable(QStringLiteral("%1 / %2").arg(again.minimumSizeHint().width()).arg(again.width())));
    }

    // Issue 41: at 1024x700 in presentation mode the lesson's note sits beside the plot and the
    // tables, never over them; the table keeps rows to read; the note reads at the class's size.
    void lessonNoteNeverCoversTheTables() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setPresentation(true);
        QVERIFY(w.findChild<LessonsMenu*>()->open(core::find_lesson(QStringLiteral("2")), 0));
        const sfp::ExperimentReport wide = fixtures::wide();  // rows to show
        w.resultsPanel()->setReport(wide);
        QTest::qWait(50);
        LessonPanel* note = w.lessonPanel();
        QVERIFY(note->isVisible());
        QVERIFY(note->note().contains(QStringLiteral("look at")));
        for (QLabel* text : note->findChildren<QLabel*>())  // presentation mode's size
            QCOMPARE(text->font().pointSizeF(), w.font().pointSizeF());
        const auto box = [&w](QWidget* widget) { return QRect(widget->mapTo(&w, QPoint()), widget->size()); };
        QVERIFY2(!box(note).intersects(box(w.resultsPanel())), "the note covers the tables");
        QVERIFY2(!box(note).intersects(box(w.plotPanel())), "the note covers the plot");
        QVERIFY(box(note).right() < w.width() && w.width() <= 1024);
        for (QTableView* table : {w.resultsPanel()->runsView(), w.resultsPanel()->statsView()}) {
            if (!table->isVisible()) continue;
            const int rows = table->viewport()->height() / table->verticalHeader()->defaultSectionSize();
            QVERIFY2(rows >= 1, qPrintable(QStringLiteral("%1 rows visible").arg(rows)));
        }
        // Folded away and back: the tables take the room.
        const int beside = w.resultsPanel()->width();
        note->setFolded(true);
        QTest::qWait(20);
        QVERIFY(note->isHidden());
        QVERIFY(w.resultsPanel()->width() > beside);
        note->setFolded(false);
        QVERIFY(note->isVisible());
    }

    // Issue 39 section 4: the busy-moment / uncertain warning `sfpbench run` prints, and the limits'
    // age, in the window's status line and summary tab.
    void statusLineWarnsOfUncertainLimits() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        sfp::ExperimentReport report = fixtures::sweep();
        report.measured_at = "2026-11-27T12:00:00Z";
        sfp::Limit memory;
        memory.id = sfp::LimitId::memory_read;
        memory.points = {{.threads = 1, .rates = {2e10, 2.1e10}, .passes_taken = 40, .passes_kept = 2}};
        report.limits.measured_at = "2026-11-27T09:00:00Z";
        report.limits.limits = {memory};
        emit w.controller()->finished(report);
        QVERIFY2(w.limitsStatus().contains(QStringLiteral("few undisturbed passes")), qPrintable(w.limitsStatus()));
        QVERIFY2(w.limitsStatus().contains(QStringLiteral("3 h before these runs")), qPrintable(w.limitsStatus()));
        QVERIFY2(w.resultsPanel()->summaryText().contains(QStringLiteral("warning: limits measured with few")),
                 qPrintable(w.resultsPanel()->summaryText()));
        QVERIFY(w.resultsPanel()->summaryText().contains(QStringLiteral("limits measured 2026-11-27 09:00 UTC")));
        // Enough undisturbed passes: the age alone, no warning.
        report.limits.limits[0].points[0].passes_kept = 30;
        emit w.controller()->finished(report);
        QVERIFY2(w.limitsStatus().startsWith(QStringLiteral("limits measured 2026-11-27 09:00 UTC")),
                 qPrintable(w.limitsStatus()));
        QVERIFY(!w.resultsPanel()->summaryText().contains(QStringLiteral("warning: limits")));
    }

    // Issue 41: scrolling the form with the wheel leaves an unfocused spin box alone (warm-ups
    // 1 -> 0, unnoticed); once clicked into, the wheel changes it.
    void wheelChangesOnlyAFocusedSpinBox() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSpinBox* spin = w.experimentPanel()->repetitions();
        spin->setValue(3);
        const auto wheel = [spin](int delta) {
            const QPointF at(spin->width() / 2.0, spin->height() / 2.0);
            QWheelEvent event(at, spin->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(spin, &event);
        };
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.findChild<QPushButton*>(QStringLiteral("runButton"))->setFocus();
        QTRY_VERIFY(!spin->hasFocus());
        wheel(-120);
        QCOMPARE(spin->value(), 3);
        QCOMPARE(spin->focusPolicy(), Qt::StrongFocus);  // the wheel does not hand it the focus
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        wheel(-120);
        QCOMPARE(spin->value(), 2);
    }

    // An error or a notice floats over the progress line: the Run button and the plot's
    // controls stay where the mouse left them.
    void messagesDoNotMoveControls() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* run = w.findChild<QPushButton*>(QStringLiteral("runButton"));
        auto* kind = w.plotPanel()->findChild<QComboBox*>(QStringLiteral("plotKind"));
        const QPoint runAt = run->mapTo(&w, QPoint()), kindAt = kind->mapTo(&w, QPoint());
        w.messageArea()->showError(
            QStringLiteral("Strategies: check at least one strategy\nFile sizes: enter at least one size"));
        QTest::qWait(20);
        QVERIFY(w.messageArea()->isVisible());
        QCOMPARE(run->mapTo(&w, QPoint()), runAt);
        QCOMPARE(kind->mapTo(&w, QPoint()), kindAt);
        QVERIFY(!w.messageArea()->geometry().intersects(
            run->geometry().translated(run->parentWidget()->mapTo(w.centralWidget(), QPoint()))));
    }

    // An invalid form: Run disabled, every problem listed at once, no runs counted.
    void invalidFormDisablesRunAndListsEveryProblem() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        ExperimentPanel* panel = w.experimentPanel();
        panel->inputs()->setGenerated(false);
        panel->inputs()->setFiles({});
        StrategyList* list = panel->strategies();
        for (int i = 0; i < list->count(); ++i) list->item(i)->setCheckState(Qt::Unchecked);
        QVERIFY(!panel->isValid());
        QVERIFY(!w.runAction()->isEnabled());
        QVERIFY(!w.findChild<QPushButton*>(QStringLiteral("runButton"))->isEnabled());
        QString why;
        QVERIFY(!panel->validExperiment(&why));
        QVERIFY2(why.contains("Strategies") && why.contains("Input data"), qPrintable(why));
        QVERIFY(w.progressPanel()->overallText().startsWith("no runs"));
    }

    // Presentation mode: every column of the statistics table as wide as its text, and the
    // summary's text larger too.
    void presentationElidesNoTableCell() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.resize(1280, 820);
        w.show();
        const sfp::ExperimentReport report = fixtures::sweep();
        w.resultsPanel()->setReport(report);
        const int summaryPt = w.resultsPanel()->summaryView()->font().pointSize();
        w.setPresentation(true);
        QVERIFY(w.resultsPanel()->summaryView()->font().pointSize() > summaryPt);
        for (QTableView* view : {w.resultsPanel()->statsView(), w.resultsPanel()->runsView()}) {
            QHeaderView* header = view->horizontalHeader();
            const QFontMetrics fm = view->fontMetrics();
            for (int c = 0; c < view->model()->columnCount(); ++c)
                for (int row = 0; row < view->model()->rowCount(); ++row) {
                    const QString text = view->model()->index(row, c).data().toString();
                    QVERIFY2(header->sectionSize(c) >= fm.horizontalAdvance(text) + 4,
                             qPrintable(QStringLiteral("%1: '%2' in %3 px")
                                            .arg(view->model()->headerData(c, Qt::Horizontal).toString(), text)
                                            .arg(header->sectionSize(c))));
                }
            QVERIFY(view->verticalHeader()->defaultSectionSize() >= view->fontMetrics().height());
        }
    }

    // Before a run the bar counts the runs the form makes; after the end no current-run
    // percentage is left behind.
    void progressReadsTheRunsBeforeAndNothingStaleAfter() {
        ProgressPanel p;
        p.ready(54);
        QCOMPARE(p.overallText(), QStringLiteral("0 of 54 runs"));
        QVERIFY(p.currentText().isEmpty());
        p.begin(54);
        p.runStarted(fixtures::cell("read", 4096, 0), 1, 0, 54);
        p.progress(41, 100, 1e9);
        QCOMPARE(p.currentText(), QStringLiteral("current run 41%"));
        p.end(QStringLiteral("Cancelled"));
        QVERIFY2(p.currentText().isEmpty(), qPrintable(p.currentText()));
        QCOMPARE(p.cellText(), QStringLiteral("Cancelled"));
    }

    // The estimate learns bytes/s per strategy and the time around runs: after one run of an
    // experiment it predicts that run's wall time within 2x (here exactly, from a hand-made
    // report); before, it says it is guessing.
    void estimateLearnsFromARunAndSaysWhenItGuesses() {
        // The experiment of docs/large-experiment.json, "run" once with made-up times: larger
        // blocks and more threads are faster, cmp is slow.
        sfp::ExperimentReport r;
        sfp::Experiment& e = r.experiment;
        e.algorithm = "compare";
        e.data_kind = "pair";
        e.sizes = {8u << 20, 16u << 20};
        e.strategies = {"read", "pread-mt", "mmap", "mmap-mt", "adaptive", "cmp"};
        e.sweeps["block_size"] = {512, 4096, 65536, 1 << 20};
        e.sweeps["threads"] = {1, 2, 4};
        e.repetitions = 2;
        e.warmups = 1;
        e.cache = sfp::CacheMode::hot;
        r.cells = sfp::expand(e);
        QCOMPARE(r.cells.size(), std::size_t(84));
        double timed = 0;
        for (unsigned rep = 1; rep <= e.repetitions; ++rep)
            for (std::size_t i = 0; i < r.cells.size(); ++i) {
                const sfp::Cell& c = r.cells[i];
                const double rate = (c.strategy == "cmp" ? 0.3e9 : 2e9) *
                                    (c.value("block_size") ? std::log2(double(c.value("block_size"))) / 20 : 1) *
                                    double(std::max<std::uint64_t>(1, c.value("threads")));
                sfp::RunRecord run = fixtures::run(i, rep, 2.0 * double(c.file_size) / rate, 0, 0);
                run.result.bytes = 2 * c.file_size;  // compare reads both files
                r.runs.push_back(run);
                timed += run.result.real_s;
            }
        // Warm-ups cost a timed run each; 50 ms of cache preparation around every run.
        const double per_cell = double(e.repetitions + e.warmups) / e.repetitions;
        const double wall = (timed + 0.05 * double(r.runs.size())) * per_cell;
        RateBook book;
        Work work = work_of(e);
        work.generate_units = 0;  // the data is there already
        const Estimate first = estimate(e, work, book);
        QVERIFY(first.guessed_cells == first.cells);
        QVERIFY(estimate_text(first).contains("guess"));
        book.learn(r, work, wall);
        QVERIFY(book.unitsPerSecond("compare", "read", sfp::CacheMode::hot));
        QVERIFY(!book.unitsPerSecond("compare", "read", sfp::CacheMode::cold));
        QVERIFY(book.aroundPerUnit("pair", sfp::CacheMode::hot) > 0);
        const Estimate second = estimate(e, work, RateBook::fromVariant(book.toVariant()));  // as saved and read back
        QCOMPARE(second.guessed_cells, std::size_t(0));
        QVERIFY(estimate_text(second).contains("measured here"));
        // The second run of the same experiment: within 2x of the wall time the first took.
        QVERIFY2(second.seconds > wall / 2 && second.seconds < wall * 2,
                 qPrintable(QStringLiteral("estimated %1 s for %2 s").arg(second.seconds).arg(wall)));
        // A cancelled experiment teaches nothing about the time around runs.
        RateBook cancelled;
        r.cancelled = true;
        cancelled.learn(r, work, wall);
        QVERIFY(cancelled.empty());
    }

    // Files mode: the plot's caption names the inputs, or counts them, with their sizes.
    void filesModeCaptionNamesTheInputs() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "compare";
        r.experiment.inputs = {"/data/a.bin", "/data/b.bin"};
        r.input_sets = {sfp::InputSet{r.experiment.inputs, 64u << 20}};
        QVERIFY2(plots::experiment_caption(r).startsWith("compare · a.bin, b.bin (64M) · "),
                 qPrintable(plots::experiment_caption(r)));
        r.experiment.algorithm = "wordcount";
        r.experiment.inputs = {"/d/1.txt", "/d/2.txt", "/d/3.txt"};
        QVERIFY2(plots::experiment_caption(r).startsWith("wordcount · 3 files (64M) · "),
                 qPrintable(plots::experiment_caption(r)));
    }

    void plotKindAndSliceAreRemembered() {
        QTemporaryDir dir;
        {
            MainWindow w(settings_in(dir));
            w.plotPanel()->setReport(fixtures::wide());
            w.plotPanel()->redrawNow();
            plots::SliceChoice c = w.plotPanel()->slice();
            c.x = plots::Dim::threads;
            c.per = plots::Dim::block_size;
            w.plotPanel()->setSlice(c);
            w.plotPanel()->setKind(plots::Kind::box);
            w.close();
        }
        MainWindow again(settings_in(dir));
        QCOMPARE(again.plotPanel()->state().value("kind").toInt(), int(plots::Kind::box));
        again.plotPanel()->setReport(fixtures::wide());
        QCOMPARE(again.plotPanel()->slice().x, plots::Dim::threads);
        QCOMPARE(again.plotPanel()->slice().per, plots::Dim::block_size);
    }

    // The first view: no runs yet, a plot of full size with its whole message.
    void firstViewShowsAFullSizeEmptyPlot() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.resize(1280, 820);  // what a first start takes on a large screen (test_window_safety: a small one)
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCustomPlot* plot = w.plotPanel()->plot();
        plot->replot();
        QVERIFY2(plot->width() >= w.width() / 2 && plot->height() >= w.height() / 3,
                 qPrintable(QStringLiteral("%1x%2").arg(plot->width()).arg(plot->height())));
        QCPItemText* message = nullptr;
        for (int i = 0; i < plot->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot->item(i))) message = t;
        QVERIFY(message);
        const QFontMetrics fm(message->font());
        QVERIFY2(fm.horizontalAdvance(message->text()) < plot->axisRect()->width(),
                 qPrintable(QStringLiteral("'%1' is %2 px in a %3 px plot (%4 px widget)")
                                .arg(message->text())
                                .arg(fm.horizontalAdvance(message->text()))
                                .arg(plot->axisRect()->width())
                                .arg(plot->width())));
    }
};

QTEST_MAIN(TestWindowLayout)
#include "test_window_layout.moc"
