// Issue 40's window edges: the form holds every repetition and warm-up count the engine accepts
// (a loaded file is never clamped, in the window or headless, nor changed when saved back); a
// signal cancels the window's run through its controller and keeps the completed runs
// (headless: written to its outputs with 128 + the signal, as `sfpbench run` does; the window:
// a whole report in the interrupted-runs directory). Issue 41: the status line's warning is read
// whole at 1024x700 -- its point first, cut only where the line ends, the whole in its tooltip.
#include <QDeadlineTimer>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>
#include <csignal>

#include "support/cli_process.hpp"
#include "app/csv_reader.hpp"
#include "controller.hpp"
#include "experiment_file.hpp"
#include "experiment_panel.hpp"
#include "fixtures.hpp"
#include "limits_text.hpp"
#include "main_window.hpp"
#include "report_load.hpp"
#include "settings.hpp"
#include "sfp/check_experiment.hpp"
#include "window_stop.hpp"

using namespace gui;

namespace {

// Many repetitions of one small cell, more than the form's old ranges (1000 and 100) held.
sfp::Experiment many_repetitions(const QTemporaryDir& dir, std::uint64_t size) {
    sfp::Experiment e;
    e.algorithm = "compare";
    e.data_kind = "pair";
    e.sizes = {size};
    e.strategies = {"read"};
    e.sweeps["block_size"] = {65536};
    e.repetitions = 1500;
    e.warmups = 150;
    e.workdir = dir.filePath(QStringLiteral("work")).toStdString();
    return e;
}

QString saved(const QTemporaryDir& dir, const sfp::Experiment& e) {
    const QString path = dir.filePath(QStringLiteral("spec.json"));
    core::save_experiment(path, e);
    return path;
}

}  // namespace

class TestWindowEdges : public QObject {
    Q_OBJECT
private slots:
    // W1: 1500 repetitions and 150 warm-ups stay so in the form, in what it runs and saves.
    void formKeepsWhatTheFileSays() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        QVERIFY(w.openExperiment(saved(dir, many_repetitions(dir, 64 << 10))));
        const sfp::Experiment e = w.experimentPanel()->experiment();
        QCOMPARE(e.repetitions, 1500u);
        QCOMPARE(e.warmups, 150u);
        const QString back = dir.filePath(QStringLiteral("back.json"));
        QVERIFY(w.saveExperiment(back));
        const sfp::Experiment reread = core::load_experiment(back);
        QCOMPARE(reread.repetitions, 1500u);
        QCOMPARE(reread.warmups, 150u);
    }

    // The form's ranges are the engine's: its largest counts load unchanged too.
    void formHoldsTheEnginesLimits() {
        QTemporaryDir dir;
        sfp::Experiment e = many_repetitions(dir, 64 << 10);
        e.repetitions = e.warmups = sfp::kMaxRepetitions;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        QVERIFY(w.openExperiment(saved(dir, e)));
        QCOMPARE(w.experimentPanel()->experiment().repetitions, sfp::kMaxRepetitions);
        QCOMPARE(w.experimentPanel()->experiment().warmups, sfp::kMaxRepetitions);
    }

    // Headless runs the file's 1500 repetitions ("run N/1500"); SIGTERM once one is done
    // cancels it: the completed runs are in the CSV, each whole, and the exit is 143.
    void headlessSigtermKeepsCompletedRuns() {
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("runs.csv"));
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        gui.setProcessEnvironment(env);
        gui.start(
            QStringLiteral(SFPBENCH_GUI),
            {QStringLiteral("--headless"), saved(dir, many_repetitions(dir, 8 << 20)), QStringLiteral("--csv"), csv});
        QVERIFY(gui.waitForStarted());
        // Ready once a run's line is on stderr (a hang guard bounds the wait, not a timing claim).
        const QRegularExpression run_line(QStringLiteral("^run \\d+/(\\d+) "), QRegularExpression::MultilineOption);
        QByteArray err;
        QRegularExpressionMatch m;
        for (const QDeadlineTimer guard(180000); !(m = run_line.match(QString::fromUtf8(err))).hasMatch();) {
            QVERIFY2(!guard.hasExpired() && gui.state() == QProcess::Running, err.constData());
            gui.waitForReadyRead(1000);
            err += gui.readAllStandardError();
        }
        QCOMPARE(m.captured(1), QStringLiteral("1500"));
        QCOMPARE(::kill(pid_t(gui.processId()), SIGTERM), 0);
        QVERIFY(gui.waitForFinished(180000));
        err += gui.readAllStandardError();
        QCOMPARE(gui.exitStatus(), QProcess::NormalExit);  // cancelled, not killed
        QVERIFY2(gui.exitCode() == 128 + SIGTERM, err.constData());
        const QRegularExpressionMatch kept =
            QRegularExpression(QStringLiteral("cancelled: (\\d+) completed run\\(s\\) kept"))
                .match(QString::fromUtf8(err));
        QVERIFY2(kept.hasMatch(), err.constData());
        QFile f(csv);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(csv));
        const std::vector<QStringList> rows = test::read_csv(f.readAll());
        QVERIFY(rows.size() >= 2);  // the header and at least one run
        QCOMPARE(qsizetype(rows.size() - 1), kept.captured(1).toLongLong());
        QVERIFY(rows.size() - 1 < 1500);
        const qsizetype status = rows[0].indexOf(QStringLiteral("status"));
        QVERIFY(status >= 0);
        for (std::size_t i = 1; i < rows.size(); ++i) {
            QCOMPARE(rows[i].size(), rows[0].size());
            QCOMPARE(rows[i][status], QStringLiteral("ok"));
        }
    }

    // `--run FILE` with a FILE that cannot be opened runs nothing (it ran the default experiment):
    // the window shows why, stderr says it, and no run ever finishes.
    void runOfAnUnopenableFileRunsNothing() {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("no-such-experiment.json"));
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
        gui.setProcessEnvironment(env);
        gui.start(QStringLiteral(SFPBENCH_GUI), {QStringLiteral("--run"), missing});
        QVERIFY(gui.waitForStarted());
        QByteArray err;
        for (const QDeadlineTimer guard(120000); !err.contains("nothing run");) {
            QVERIFY2(!guard.hasExpired() && gui.state() == QProcess::Running, err.constData());
            gui.waitForReadyRead(1000);
            err += gui.readAllStandardError();
        }
        QVERIFY2(err.contains(missing.toUtf8()), err.constData());
        // The event loop has started: a run started at once would be under way by now. Stop the
        // window and read everything it said: no run started, none finished.
        QCOMPARE(::kill(pid_t(gui.processId()), SIGTERM), 0);
        QVERIFY(gui.waitForFinished(120000));
        err += gui.readAllStandardError();
        QVERIFY2(!err.contains("finished"), err.constData());
        QVERIFY2(!err.contains("interrupted"), err.constData());  // no completed runs to keep
    }

    // The window stopped by a signal cancels its run and saves the completed runs, named on
    // stderr, before it closes with 128 + the signal.
    void windowStoppedKeepsCompletedRuns() {
        QTemporaryDir dir;
        qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        QVERIFY(w.openExperiment(saved(dir, many_repetitions(dir, 8 << 20))));
        QSignalSpy runs(w.controller(), &core::Controller::runsFinished);
        QVERIFY(w.run());
        QVERIFY(runs.wait(180000));
        int code = -1;
        stop_window(w, SIGTERM, [&code](int c) { code = c; });
        stop_window(w, SIGINT, [](int) { QFAIL("a second signal while stopping starts nothing"); });
        QTRY_VERIFY_WITH_TIMEOUT(code != -1, 180000);
        QCOMPARE(code, 128 + SIGTERM);
        QVERIFY(!w.controller()->isRunning());
        const QStringList files = QDir(interrupted_runs_dir()).entryList({QStringLiteral("*.json")}, QDir::Files);
        QCOMPARE(files.size(), 1);
        QVERIFY(interrupted_runs_dir().startsWith(dir.path()));
        const sfp::ExperimentReport kept = core::load_report(QDir(interrupted_runs_dir()).filePath(files[0]));
        QVERIFY(kept.cancelled);
        QVERIFY(!kept.runs.empty());
        QCOMPARE(kept.runs.size(), w.controller()->report().runs.size());
        QVERIFY(kept.runs.size() < 1500);
        for (const sfp::RunRecord& r : kept.runs) QVERIFY(r.status == sfp::RunStatus::ok && r.result.real_s > 0);
    }

    // Issue 41: at 1024x700 the uncertain-limits warning was cut off mid-sentence. The line
    // shows its point first and fits (in presentation mode too); the tooltip holds all of it.
    void statusLineFitsAndSaysItsPointFirst() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        sfp::ExperimentReport report = fixtures::sweep();
        report.measured_at = "2026-11-27T12:00:00Z";
        sfp::Limit memory;
        memory.id = sfp::LimitId::memory_read;
        memory.points = {{.threads = 1, .rates = {2e10, 2.1e10}, .passes_taken = 40, .passes_kept = 2}};
        report.limits.measured_at = "2026-11-27T09:00:00Z";
        report.limits.limits = {memory};
        emit w.controller()->finished(report);
        auto* line = w.findChild<QLabel*>(QStringLiteral("limitsStatus"));
        QVERIFY(line);
        for (bool presentation : {false, true}) {
            w.setPresentation(presentation);
            QTest::qWait(20);
            const QString shown = line->text();
            QVERIFY2(shown.startsWith(QStringLiteral("\u26A0 limits may be low, shares high")), qPrintable(shown));
            QVERIFY2(line->fontMetrics().horizontalAdvance(shown) <= line->contentsRect().width(),
                     qPrintable(QStringLiteral("%1 px of text in %2 px: %3")
                                    .arg(line->fontMetrics().horizontalAdvance(shown))
                                    .arg(line->contentsRect().width())
                                    .arg(shown)));
            const QString whole = core::load_warning(report.limits).toHtmlEscaped();
            QVERIFY2(line->toolTip().contains(whole), qPrintable(line->toolTip()));
            QVERIFY(line->toolTip().contains(QStringLiteral("3 h before these runs")));
        }
    }
};

QTEST_MAIN(TestWindowEdges)
#include "test_window_edges.moc"
