// The real main window, driven as a user would: generated data, two strategies, two block
// sizes, Run; live progress and rows; cancel; exports byte-identical to app/core's formats;
// errors shown in the window instead of running; settings kept between sessions.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <sys/stat.h>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QProcess>
#include <QtTest>
#include <qcustomplot.h>

#include "controller.hpp"
#include "experiment_panel.hpp"
#include "fixtures.hpp"
#include "inputs_box.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "plot_panel.hpp"
#include "progress_panel.hpp"
#include "report_export.hpp"
#include "results_panel.hpp"
#include "sfp/registry.hpp"
#include "strategy_list.hpp"
#include "summary_text.hpp"
#include "value_toggles.hpp"

using namespace gui;

namespace {

const char* const kCsvContract =
    "algorithm,strategy,block_size,threads,file_size,repetition,cache,real_s,user_s,sys_s,cpu_pct,"
    "throughput_mbs,residency_pct,status,digest,error";

std::unique_ptr<Settings> settings_in(const QTemporaryDir& dir) {
    return std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini")));
}

QByteArray read_file(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// What a user does in the experiment panel: generated data of `size`, the given strategies
// checked (the others unchecked) and the given block-size toggles clicked.
void fill_form(MainWindow& w, const QTemporaryDir& dir, const QString& size, const std::vector<std::string>& strategies,
               const std::vector<std::uint64_t>& blocks, int repetitions) {
    ExperimentPanel* panel = w.experimentPanel();
    panel->algorithm()->setCurrentText(QStringLiteral("compare"));
    panel->inputs()->setGenerated(true);
    auto* sizes = panel->findChild<QLineEdit*>(QStringLiteral("sizes"));
    sizes->clear();
    QTest::keyClicks(sizes, size);
    panel->findChild<QLineEdit*>(QStringLiteral("workdir"))->setText(dir.filePath(QStringLiteral("work")));
    StrategyList* list = panel->strategies();
    for (int i = 0; i < list->count(); ++i) list->item(i)->setCheckState(Qt::Unchecked);
    for (const std::string& s : strategies) list->item(s)->setCheckState(Qt::Checked);
    panel->blockSizes()->setValues({});
    for (std::uint64_t b : blocks) QTest::mouseClick(panel->blockSizes()->button(b), Qt::LeftButton);
    panel->threads()->setValues({2});
    panel->repetitions()->setValue(repetitions);
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void runFillsTablesAndPlotLive() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.resize(1300, 850);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QAbstractItemModelTester runsTester(w.resultsPanel()->runsModel(),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester statsTester(w.resultsPanel()->statsModel(),
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        fill_form(w, dir, QStringLiteral("1M"), {"read", "pread-mt"}, {4096, 65536}, 2);
        QVERIFY2(w.experimentPanel()->estimateText().contains("8 runs"),
                 qPrintable(w.experimentPanel()->estimateText()));

        core::Controller* c = w.controller();
        QSignalSpy started(c, &core::Controller::started);
        QSignalSpy finished(c, &core::Controller::finished);
        // How long the GUI thread goes without serving its event loop while the runs go:
        // reported, not asserted (tests do not fail on timing).
        QElapsedTimer sinceTick;
        qint64 longestGap = 0;
        QTimer heartbeat;
        heartbeat.setInterval(5);
        connect(&heartbeat, &QTimer::timeout, [&] { longestGap = std::max(longestGap, sinceTick.restart()); });
        // Live: each batch of finished runs is rows before the next batch, not all rows at the end.
        // (Connected before Run is clicked, so that no early run is missed.)
        QList<int> runsAnnounced, rowsThen;  // after each batch: runs announced so far, the table's rows
        connect(c, &core::Controller::runsFinished, &w, [&](const std::vector<sfp::RunUpdate>& batch) {
            const int announced = int(batch.size()) + (runsAnnounced.isEmpty() ? 0 : runsAnnounced.back());
            runsAnnounced << announced;
            QTimer::singleShot(0, &w, [&] { rowsThen << w.resultsPanel()->runsModel()->rowCount(); });
        });
        QTest::mouseClick(w.findChild<QPushButton*>(QStringLiteral("runButton")), Qt::LeftButton);
        sinceTick.start();
        heartbeat.start();
        QVERIFY(w.cancelAction()->isEnabled());  // at once, while the job plans
        QVERIFY(!w.runAction()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 60000);  // planned in the job
        QTRY_COMPARE_WITH_TIMEOUT(w.resultsPanel()->runsModel()->rowCount(), 8, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        heartbeat.stop();
        qInfo("longest stretch without the event loop during the run: %lld ms", longestGap);
        QTRY_COMPARE_WITH_TIMEOUT(rowsThen.size(), runsAnnounced.size(), 10000);
        for (int i = 0; i < rowsThen.size(); ++i)  // the batch's runs are rows by then
            QVERIFY2(
                rowsThen[i] >= runsAnnounced[i],
                qPrintable(QString("rows after batch %1: %2 of %3").arg(i + 1).arg(rowsThen[i]).arg(runsAnnounced[i])));
        QCOMPARE(runsAnnounced.back(), 8);
        QVERIFY(w.messageArea()->text().isEmpty());
        QVERIFY(w.progressPanel()->cellText().contains("Finished"));
        QVERIFY(w.runAction()->isEnabled());
        QCOMPARE(w.resultsPanel()->statsModel()->rowCount(), 4);
        QCOMPARE(w.resultsPanel()->summaryText(), core::summary_text(c->report()));
        QVERIFY(w.resultsPanel()->summaryText().contains("fastest"));

        // One line per strategy, one point per block size.
        QCustomPlot* plot = w.plotPanel()->plot();
        QCOMPARE(plot->graphCount(), 2);
        for (int g = 0; g < 2; ++g) QCOMPARE(plot->graph(g)->dataCount(), 2);
        QCOMPARE(plot->graph(0)->name(), QStringLiteral("read"));
        QCOMPARE(plot->graph(1)->name(), QStringLiteral("pread-mt"));

        // Exports are exactly app/core's bytes, the CLI's formats.
        const sfp::ExperimentReport& report = c->report();
        const QString csv = dir.filePath(QStringLiteral("runs.csv"));
        QVERIFY(w.exportTo(csv, ExportFormat::runs_csv));
        const QByteArray bytes = read_file(csv);
        QCOMPARE(bytes, core::runs_csv(report));
        QVERIFY(bytes.startsWith(kCsvContract));
        QCOMPARE(bytes.count('\n'), 1 + 8);
        QVERIFY(w.exportTo(dir.filePath(QStringLiteral("stats.csv")), ExportFormat::summary_csv));
        QCOMPARE(read_file(dir.filePath(QStringLiteral("stats.csv"))), core::summary_csv(report));
        QVERIFY(w.exportTo(dir.filePath(QStringLiteral("report.json")), ExportFormat::report_json));
        QCOMPARE(read_file(dir.filePath(QStringLiteral("report.json"))), core::report_json(report));
        QVERIFY(w.exportTo(dir.filePath(QStringLiteral("plot.png")), ExportFormat::plot_png));
        // The picture, decoded: both series are drawn in their own colours (a blank plot fails).
        const QImage png(dir.filePath(QStringLiteral("plot.png")));
        QVERIFY(!png.isNull());
        for (int g = 0; g < 2; ++g) {
            const QRgb colour = plot->graph(g)->pen().color().rgb();
            int pixels = 0;
            for (int y = 0; y < png.height(); ++y)
                for (int x = 0; x < png.width(); ++x) pixels += png.pixel(x, y) == colour;
            QVERIFY2(pixels > 50, qPrintable(QString("series %1 has %2 pixels of its colour").arg(g).arg(pixels)));
        }
        QVERIFY(w.exportTo(dir.filePath(QStringLiteral("plot.pdf")), ExportFormat::plot_pdf));
        QVERIFY(read_file(dir.filePath(QStringLiteral("plot.pdf"))).startsWith("%PDF"));
        // Its text, extracted (poppler-utils): one page naming both series.
        QProcess pdftotext;
        pdftotext.start(QStringLiteral("pdftotext"), {dir.filePath(QStringLiteral("plot.pdf")), QStringLiteral("-")});
        if (pdftotext.waitForFinished(20000) && pdftotext.exitCode() == 0) {
            const QString text = QString::fromUtf8(pdftotext.readAllStandardOutput());
            QCOMPARE(text.count('\f'), 1);
            QVERIFY2(text.contains(QStringLiteral("read")) && text.contains(QStringLiteral("pread-mt")),
                     qPrintable(text));
        } else {
            qWarning("pdftotext is not installed: the PDF's text is not checked");
        }

        // The generated inputs are listed in the workspace manifest and removed on request.
        QVERIFY(w.cleanWorkspace());
        QVERIFY2(w.messageArea()->text().startsWith("Removed "), qPrintable(w.messageArea()->text()));
        QCOMPARE(QDir(dir.filePath(QStringLiteral("work"))).entryList(QDir::Files), QStringList());

        // An export that cannot be written: a message naming the path, nothing crashes.
        const QString nowhere = dir.filePath(QStringLiteral("no/such/dir/runs.csv"));
        QVERIFY(!w.exportTo(nowhere, ExportFormat::runs_csv));
        QCOMPARE(w.messageArea()->kind(), MessageArea::Kind::error);
        QVERIFY2(w.messageArea()->text().contains(nowhere), qPrintable(w.messageArea()->text()));
    }

    // Esc cancels: asserted by what the window shows, not by the clock (the latency is printed).
    void escapeCancelsAndKeepsCompletedRows() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.experimentPanel()->setExperiment(fixtures::small(dir, {"read"}, {512}, 32 << 20, 40));
        core::Controller* c = w.controller();
        QSignalSpy runsFinished(c, &core::Controller::runsFinished);
        QSignalSpy finished(c, &core::Controller::finished);
        QSignalSpy progress(c, &core::Controller::progress);
        QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(c->isRunning());
        QVERIFY(runsFinished.wait(60000));
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(finished.wait(60000));
        qInfo("Esc: the engine stopped after %.1f ms (reported, not asserted)", c->lastCancelLatencyMs());
        QVERIFY(progress.count() > 0);
        const std::size_t kept = c->report().runs.size();
        QVERIFY(kept >= 1 && kept < 40);
        QVERIFY(c->report().cancelled);
        QCOMPARE(w.resultsPanel()->runsModel()->rowCount(), int(kept));
        QVERIFY(w.progressPanel()->cellText().contains("Cancelled"));
        QVERIFY(w.runAction()->isEnabled());
        QVERIFY(!w.cancelAction()->isEnabled());
    }

    void invalidInputShowsAMessageInsteadOfRunning() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        QSignalSpy started(w.controller(), &core::Controller::started);
        fill_form(w, dir, QStringLiteral("12Q"), {"read"}, {4096}, 1);
        QVERIFY(!w.run());
        QVERIFY2(w.messageArea()->text().contains("12Q"), qPrintable(w.messageArea()->text()));
        QCOMPARE(w.messageArea()->kind(), MessageArea::Kind::error);

        fill_form(w, dir, QStringLiteral("1M"), {}, {4096}, 1);
        QVERIFY(!w.run());
        QVERIFY(w.messageArea()->text().contains("strateg"));

        const QString missing = dir.filePath(QStringLiteral("no-such-file"));
        fill_form(w, dir, QStringLiteral("1M"), {"read"}, {4096}, 1);
        w.experimentPanel()->inputs()->setFiles({missing, missing});
        w.experimentPanel()->inputs()->setGenerated(false);
        QVERIFY(!w.run());
        QVERIFY2(w.messageArea()->text().contains(missing), qPrintable(w.messageArea()->text()));

        QVERIFY(!w.exportTo(dir.filePath(QStringLiteral("x.csv")), ExportFormat::runs_csv));  // nothing ran yet
        QCOMPARE(started.count(), 0);
        QVERIFY(!w.controller()->isRunning());
    }

    // iterate takes a folder in Files mode; a file there, or a folder for compare, is refused.
    void filesModeTakesAFolderForIterate() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        ExperimentPanel* panel = w.experimentPanel();
        const QString file = dir.filePath(QStringLiteral("plain"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        panel->algorithm()->setCurrentText(QStringLiteral("iterate"));
        panel->inputs()->setFiles({dir.path()});
        panel->inputs()->setGenerated(false);
        QString why;
        QVERIFY2(panel->validExperiment(&why), qPrintable(why));
        panel->inputs()->setFiles({file});
        QVERIFY(!panel->validExperiment(&why));
        QVERIFY2(why.contains("not a directory"), qPrintable(why));
        panel->algorithm()->setCurrentText(QStringLiteral("compare"));
        panel->inputs()->setFiles({dir.path(), dir.path()});
        panel->inputs()->setGenerated(false);
        QVERIFY(!panel->validExperiment(&why));
        QVERIFY2(why.contains("is a directory"), qPrintable(why));
    }

    void strategiesComeFromTheRegistry() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        ExperimentPanel* panel = w.experimentPanel();
        for (std::string_view algorithm : sfp::algorithms()) {
            panel->algorithm()->setCurrentText(QString::fromUtf8(algorithm.data(), qsizetype(algorithm.size())));
            const auto expected = sfp::strategies_of(algorithm);
            QCOMPARE(panel->strategies()->count(), int(expected.size()));
            for (const sfp::Strategy* s : expected) {
                QListWidgetItem* item = panel->strategies()->item(std::string(s->name));
                QVERIFY(item);
                QVERIFY(item->toolTip().contains(
                    QString::fromUtf8(s->description.data(), qsizetype(s->description.size()))));
                // enabled where it runs here and takes the form's options (xxhsum: scope full only)
                QCOMPARE(bool(item->flags() & Qt::ItemIsEnabled),
                         s->support().supported && sfp::takes_options(*s, panel->experiment().options).supported);
            }
        }
        // Parameters that no checked strategy uses are disabled.
        panel->algorithm()->setCurrentText(QStringLiteral("compare"));
        panel->strategies()->setChecked({"mmap"});
        QVERIFY(!panel->blockSizes()->isEnabled());
        QVERIFY(!panel->threads()->isEnabled());
        panel->strategies()->setChecked({"read"});
        QVERIFY(panel->blockSizes()->isEnabled());
        QVERIFY(!panel->threads()->isEnabled());
        panel->strategies()->setChecked({"read", "mmap-mt"});
        QVERIFY(panel->threads()->isEnabled());
    }

    // wordcount's packing row: enabled only for pipeline, clicked values become the sweep.
    void packingIsASweptParameterRow() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        ExperimentPanel* panel = w.experimentPanel();
        ValueToggles* packing = panel->swept("packing");
        QVERIFY(packing);
        panel->algorithm()->setCurrentText(QStringLiteral("wordcount"));
        panel->strategies()->setChecked({"loop"});
        QVERIFY(!packing->isEnabled());
        panel->strategies()->setChecked({"loop", "pipeline"});
        QVERIFY(packing->isEnabled());
        packing->setValues({});
        QTest::mouseClick(packing->button(1), Qt::LeftButton);
        QTest::mouseClick(packing->button(1000), Qt::LeftButton);
        sfp::Experiment e = panel->experiment();
        QCOMPARE(e.sweeps.at("packing"), (std::vector<std::uint64_t>{1, 1000}));
        e.sweeps["packing"] = {10, 100000};
        panel->setExperiment(e);
        QCOMPARE(panel->experiment().sweeps.at("packing"), (std::vector<std::uint64_t>{10, 100000}));
        panel->strategies()->setChecked({"loop"});  // no strategy reads it: no sweep
        QVERIFY(!panel->experiment().sweeps.contains("packing"));
    }

    void experimentFilesRoundTripAndBadOnesAreExplained() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        const sfp::Experiment e = fixtures::small(dir, {"read", "mmap-mt"}, {4096, 1 << 20}, 3 << 20, 4);
        w.experimentPanel()->setExperiment(e);
        const QString path = dir.filePath(QStringLiteral("saved.json"));
        QVERIFY(w.saveExperiment(path));
        w.experimentPanel()->repetitions()->setValue(9);
        QVERIFY(w.openExperiment(path));
        const sfp::Experiment back = w.experimentPanel()->experiment();
        QCOMPARE(back.repetitions, 4u);
        QCOMPARE(back.sizes, e.sizes);
        QCOMPARE(back.sweeps, e.sweeps);
        QCOMPARE(back.strategies, e.strategies);
        QCOMPARE(back.workdir, e.workdir);

        const QString broken = dir.filePath(QStringLiteral("broken.json"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"version\": 1, \"repetitons\": 3}");
        f.close();
        QVERIFY(!w.openExperiment(broken));
        QVERIFY2(w.messageArea()->text().contains("repetitons"), qPrintable(w.messageArea()->text()));
        QVERIFY(!w.openExperiment(dir.filePath(QStringLiteral("absent.json"))));
        QVERIFY(!w.saveExperiment(dir.filePath(QStringLiteral("no/dir/e.json"))));
    }

    void settingsPersistBetweenSessions() {
        QTemporaryDir dir;
        {
            MainWindow w(settings_in(dir));
            fill_form(w, dir, QStringLiteral("3M, 5M"), {"read"}, {4096}, 7);
            w.setPresentation(true);
            w.close();
        }
        MainWindow again(settings_in(dir));
        const sfp::Experiment e = again.experimentPanel()->experiment();
        QCOMPARE(e.sizes, (std::vector<std::uint64_t>{3 << 20, 5 << 20}));
        QCOMPARE(e.repetitions, 7u);
        QCOMPARE(e.strategies, std::vector<std::string>{"read"});
        QVERIFY(again.plotPanel()->plot()->xAxis->labelFont().pointSize() >= plots::Style::presentation().font_pt);
    }

    void droppedFilesBecomeInputs() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        const QString a = dir.filePath(QStringLiteral("a.bin")), b = dir.filePath(QStringLiteral("b.bin"));
        for (const QString& path : {a, b}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(QByteArray(3 << 20, 'x')) == 3 << 20);
        }
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(a), QUrl::fromLocalFile(b)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QCOMPARE(w.experimentPanel()->inputs()->files(), (QStringList{a, b}));
        QVERIFY(!w.experimentPanel()->inputs()->generated());
        // Shown with their sizes, as generated sizes are.
        auto* list = w.experimentPanel()->inputs()->findChild<QListWidget*>(QStringLiteral("inputFiles"));
        QVERIFY2(list->item(0)->text().endsWith(QStringLiteral("(3M)")), qPrintable(list->item(0)->text()));
    }

    // compare takes files: a folder and a FIFO are refused when added, both named in one
    // message, and the list keeps only the regular file.
    void foldersAndFifosAreRefusedForFileAlgorithms() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        w.experimentPanel()->algorithm()->setCurrentText(QStringLiteral("compare"));
        const QString file = dir.filePath(QStringLiteral("a.bin")), fifo = dir.filePath(QStringLiteral("pipe"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("abc") == 3);
        f.close();
        QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
        w.experimentPanel()->inputs()->addFiles({dir.path(), fifo, file});
        QCOMPARE(w.experimentPanel()->inputs()->files(), QStringList{file});
        const QString why = w.messageArea()->text();
        QVERIFY2(why.contains(dir.path() + " is a folder") && why.contains("pipe is not a regular file"),
                 qPrintable(why));
    }

    void shortcutsAreTheIssues() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        QCOMPARE(w.runAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+R")));
        QCOMPARE(w.cancelAction()->shortcut(), QKeySequence(Qt::Key_Escape));
        // Each shortcut on the action it names, found by its menu text.
        const auto shortcut_of = [&](const QString& text) {
            for (QAction* a : w.findChildren<QAction*>())
                if (a->text() == text) return a->shortcut();
            return QKeySequence();
        };
        QCOMPARE(shortcut_of(QStringLiteral("&Export…")), QKeySequence(QStringLiteral("Ctrl+E")));
        QCOMPARE(shortcut_of(QStringLiteral("&Open experiment…")), QKeySequence(QStringLiteral("Ctrl+O")));
        QCOMPARE(shortcut_of(QStringLiteral("&Save experiment…")), QKeySequence(QStringLiteral("Ctrl+S")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
