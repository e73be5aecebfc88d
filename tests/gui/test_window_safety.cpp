// Issue 24 section 4: the window and `sfpbench-gui --headless` never lose a file, and the first
// window fits the screen. Headless exports aimed at the experiment, an imported set, an input or
// each other are refused before anything runs, with exit 2 and every file as it was; the
// window's exports get the same checks; bad flags exit 2; wordcount takes several files; on a
// 1024x700 screen (the offscreen platform's screen, set by main below) Run and Cancel are in view.
#include <QApplication>
#include <QCryptographicHash>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QtTest>
#include <sys/stat.h>

#include "support/cli_process.hpp"
#include "controller.hpp"
#include "experiment_file.hpp"
#include "experiment_panel.hpp"
#include "export_report_action.hpp"
#include "inputs_box.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "progress_panel.hpp"
#include "report_export.hpp"
#include "report_load.hpp"
#include "settings.hpp"

using namespace gui;
using testing::Output;

namespace {

QByteArray digest_of(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
                                       : QByteArray();
}

Output gui_headless(const QStringList& args) {
    return testing::run(QStringLiteral(SFPBENCH_GUI), QStringList{QStringLiteral("--headless")} + args,
                        {.env = {QStringLiteral("QT_QPA_PLATFORM=offscreen")}});
}

// A small experiment saved as a file: one strategy, one 64K pair, one repetition.
QString small_spec(const QTemporaryDir& dir) {
    sfp::Experiment e;
    e.algorithm = "compare";
    e.data_kind = "pair";
    e.sizes = {64 << 10};
    e.strategies = {"read"};
    e.sweeps["block_size"] = {4096};
    e.repetitions = 1;
    e.warmups = 0;
    e.workdir = dir.filePath(QStringLiteral("work")).toStdString();
    const QString path = dir.filePath(QStringLiteral("spec.json"));
    core::save_experiment(path, e);
    return path;
}

// A report a window would import: a finished run of the small experiment, saved.
QString a_report(const QTemporaryDir& dir) {
    sfp::ExperimentReport r;
    r.experiment.algorithm = "compare";
    r.cells = {sfp::Cell{.strategy = "read", .file_size = 64 << 10, .parameters = {{"block_size", 4096}}}};
    r.stats.resize(1);
    r.stats[0].real.n = 1, r.stats[0].real.median = 0.01;
    const QString path = dir.filePath(QStringLiteral("imported.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(core::report_json(r));
    return path;
}

std::unique_ptr<Settings> settings_in(const QTemporaryDir& dir) {
    return std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini")));
}

}  // namespace

class TestWindowSafety : public QObject {
    Q_OBJECT
private slots:
    void headlessRefusesOutputsOntoItsInputs_data() {
        QTest::addColumn<QString>("target");
        for (const char* c : {"csv-is-spec", "png-is-spec", "csv-is-import", "csv-equals-png", "csv-via-symlink"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }

    // Each refused before the experiment runs: exit 2, one line naming the flag, nothing written.
    void headlessRefusesOutputsOntoItsInputs() {
        QFETCH(QString, target);
        QTemporaryDir dir;
        const QString spec = small_spec(dir), imported = a_report(dir);
        const QString out = dir.filePath(QStringLiteral("out.csv"));
        QFile::link(spec, dir.filePath(QStringLiteral("link.json")));
        QStringList args{spec, QStringLiteral("--import"), imported};
        if (target == "csv-is-spec") args << "--csv" << spec;
        if (target == "png-is-spec") args << "--png" << spec;
        if (target == "csv-is-import") args << "--csv" << imported;
        if (target == "csv-equals-png") args << "--csv" << out << "--png" << out;
        if (target == "csv-via-symlink") args << "--csv" << dir.filePath(QStringLiteral("link.json"));
        const QByteArray spec_before = digest_of(spec), import_before = digest_of(imported);
        const Output o = gui_headless(args);
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("would overwrite an input or another output"), o.err.constData());
        QVERIFY2(!o.err.contains("run 1/"), "refused only after running");
        QCOMPARE(digest_of(spec), spec_before);
        QCOMPARE(digest_of(imported), import_before);
        QVERIFY(!QFile::exists(out));
    }

    // The flags a user mistypes: exit 2 and a sentence about that flag.
    void headlessFlagsAreCheckedAsTheCliDoes() {
        QTemporaryDir dir;
        const QString spec = small_spec(dir);
        Output o = gui_headless({QStringLiteral("--bogus")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("bogus"), o.err.constData());
        o = gui_headless({spec, dir.filePath(QStringLiteral("second.json"))});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("one experiment file at a time"), o.err.constData());
        // threads is not swept here: --fix says so, rather than something unrelated
        o = gui_headless({spec, QStringLiteral("--fix"), QStringLiteral("threads=1")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains(
                     "--fix 'threads=1': the experiment's cells do not use threads; --fix picks one of the values"),
                 o.err.constData());
        o = gui_headless({spec, QStringLiteral("--plot"), QStringLiteral("listing")});  // iterate's view
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("does not apply to compare"), o.err.constData());
        // and a good run still writes what it was asked to
        const QString csv = dir.filePath(QStringLiteral("runs.csv"));
        o = gui_headless({spec, QStringLiteral("--csv"), csv});
        QVERIFY2(o.code == 0, o.err.constData());
        QVERIFY(QFile(csv).size() > 0);
    }

    // Imports that never end or never fit: a device (/dev/zero: reading it whole would abort on
    // std::bad_alloc under a memory limit), a FIFO without a writer (opening it to read would
    // wait forever) and a file over the size a report may have are refused for what they are
    // before a byte is read: exit 2 and one line naming the path, before the experiment runs.
    // A hang fails on the guard (code -2), an abort on its signal (-1).
    void headlessRefusesImportsThatNeverEnd_data() {
        QTest::addColumn<QString>("import");
        QTest::addColumn<QString>("reason");
        QTest::newRow("device") << "/dev/zero"
                                << "it is a character device";
        QTest::newRow("fifo") << "fifo"
                              << "it is a FIFO";
        QTest::newRow("huge") << "huge.json"
                              << "over the 256 MiB a report may have";
        QTest::newRow("directory") << "."
                                   << "it is a directory";
    }
    void headlessRefusesImportsThatNeverEnd() {
        QFETCH(QString, import);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString spec = small_spec(dir);
        QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("fifo"))).constData(), 0600), 0);
        QFile huge(dir.filePath(QStringLiteral("huge.json")));
        QVERIFY(huge.open(QIODevice::WriteOnly) && huge.resize(core::kMaxReportBytes + 1));  // sparse: no disk used
        huge.close();
        const QString path = import.startsWith('/') ? import : dir.filePath(import);
        const Output o = testing::run(QStringLiteral(SFPBENCH_GUI),
                                      {QStringLiteral("--headless"), spec, QStringLiteral("--import"), path},
                                      {.env = {QStringLiteral("QT_QPA_PLATFORM=offscreen")}, .timeout_ms = 60000});
        QVERIFY2(o.code == 2, qPrintable(QStringLiteral("exit %1: %2").arg(o.code).arg(QString::fromUtf8(o.err))));
        const QString err = QString::fromUtf8(o.err);
        QVERIFY2(err.contains(QStringLiteral("report '%1': ").arg(path)) && err.contains(reason), qPrintable(err));
        QCOMPARE(err.count(QStringLiteral("sfpbench-gui: ")), 1);  // one line (beside Qt's own notes)
        QVERIFY2(!err.contains("run 1/"), "refused only after running");
    }

    // The window's exports take the same checks: the experiment file, an imported set and an
    // input are never replaced; the refusal says so and the files stay as they were.
    void windowExportsNeverReplaceWhatItReads() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        const QString spec = small_spec(dir), imported = a_report(dir);
        QVERIFY(w.openExperiment(spec));
        w.overlays()->add(imported);
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        QVERIFY(w.run());
        QVERIFY(finished.wait(120000));
        const QString input = QString::fromStdString(w.controller()->report().input_sets.at(0).paths.at(0));
        for (const QString& target : {spec, imported, input}) {
            const QByteArray before = digest_of(target);
            QVERIFY(!w.exportTo(target, ExportFormat::runs_csv));
            QVERIFY2(w.messageArea()->text().contains("would overwrite an input"), qPrintable(w.messageArea()->text()));
            QVERIFY(!export_report(w, target));
            QCOMPARE(digest_of(target), before);
        }
        // Markdown beside PDF: a report a person can paste
        const QString md = dir.filePath(QStringLiteral("report.md"));
        QVERIFY2(export_report(w, md), qPrintable(w.messageArea()->text()));
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(text.startsWith("# sfpbench report: compare") && text.contains("read"), qPrintable(text.left(300)));
    }

    // wordcount counts several files in one run, as `sfpbench wordcount A B` (and wc) does.
    void filesModeTakesSeveralFilesForWordcount() {
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));
        sfp::Experiment e;
        e.algorithm = "wordcount";
        e.inputs = {"/usr/share/common-licenses/GPL-3", "/usr/share/common-licenses/Apache-2.0"};
        e.strategies = {"strtok", "simd"};
        e.repetitions = 1;
        e.warmups = 0;
        e.workdir = dir.path().toStdString();
        w.experimentPanel()->setExperiment(e);
        QString why;
        QVERIFY2(w.experimentPanel()->validExperiment(&why), qPrintable(why));
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        QVERIFY(w.run());
        QVERIFY(finished.wait(120000));
        const sfp::ExperimentReport& r = w.controller()->report();
        QCOMPARE(r.runs.size(), std::size_t(2));
        const auto both = QFileInfo(QString::fromStdString(e.inputs[0])).size() +
                          QFileInfo(QString::fromStdString(e.inputs[1])).size();
        for (const sfp::RunRecord& run : r.runs) {
            QVERIFY2(run.status == sfp::RunStatus::ok, run.result.error.c_str());
            QCOMPARE(qint64(run.result.bytes), both);
        }
    }

    // The first window on a 1024x700 screen: within it, frame and all, with Run and Cancel in view.
    void firstWindowFitsTheScreen() {
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        QCOMPARE(screen.size(), QSize(1024, 700));  // main() below gave the offscreen platform this screen
        QTemporaryDir dir;
        MainWindow w(settings_in(dir));  // no saved geometry: a first start
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(screen.contains(w.frameGeometry()), qPrintable(QStringLiteral("%1x%2+%3+%4")
                                                                    .arg(w.frameGeometry().width())
                                                                    .arg(w.frameGeometry().height())
                                                                    .arg(w.frameGeometry().x())
                                                                    .arg(w.frameGeometry().y())));
        for (QWidget* control : {static_cast<QWidget*>(w.findChild<QPushButton*>(QStringLiteral("runButton"))),
                                 static_cast<QWidget*>(w.progressPanel()->cancelButton())}) {
            QVERIFY(control && control->isVisible());
            const QRect on_screen(control->mapToGlobal(QPoint()), control->size());
            QVERIFY2(screen.contains(on_screen), qPrintable(control->objectName()));
        }
        // In presentation mode, mid-run: the runs bar holds its whole text ("8 of 40 runs", never
        // ",8 of 40"), and a "preparing ... data" note gives way to the runs once they finish.
        w.setPresentation(true);
        ProgressPanel* progress = w.progressPanel();
        progress->begin(40);
        progress->note(QStringLiteral("preparing 64M pair data in /tmp"));
        progress->runsFinished(std::vector<ProgressPanel::FinishedRun>(8));
        QTest::qWait(20);
        auto* bar = progress->findChild<QProgressBar*>();
        QCOMPARE(progress->overallText(), QStringLiteral("8 of 40 runs"));
        QVERIFY2(bar->width() >= QFontMetrics(bar->font()).horizontalAdvance(progress->overallText()),
                 qPrintable(QString::number(bar->width())));
        QCOMPARE(progress->cellText(), QStringLiteral("8 of 40 runs done"));
        QVERIFY2(screen.contains(w.frameGeometry()), "presentation mode still fits");
    }
};

// The offscreen platform with one 1024x700 screen (Qt's offscreen plugin reads its screens from
// a JSON file): what a small laptop offers.
int main(int argc, char** argv) {
    QTemporaryDir config;
    const QString screens = config.filePath(QStringLiteral("screens.json"));
    QFile f(screens);
    if (!f.open(QIODevice::WriteOnly)) return 2;
    f.write(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1024, "height": 700, "logicalDpi": 96}]})");
    f.close();
    qputenv("QT_QPA_PLATFORM", QByteArray("offscreen:configfile=") + QFile::encodeName(screens));
    QApplication app(argc, argv);
    TestWindowSafety test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_window_safety.moc"
