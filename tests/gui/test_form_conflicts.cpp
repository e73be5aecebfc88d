// The window refuses an experiment whose options a checked strategy cannot honour (cipher's
// direct with a mapped strategy or `cp`): Run stays disabled and the form lists each conflict
// naming the strategy, before anything runs; unchecking the strategies clears it.
#include <QLabel>
#include <QPushButton>
#include <QtTest>

#include "experiment_panel.hpp"
#include "main_window.hpp"
#include "settings.hpp"

using namespace gui;

class TestFormConflicts : public QObject {
    Q_OBJECT
private slots:
    void directWithMappedStrategiesDisablesRun() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        sfp::Experiment e;
        e.algorithm = "cipher";
        e.data_kind = "random";
        e.sizes = {64 << 10};
        e.strategies = {"stream", "mmap", "cp"};
        e.sweeps["block_size"] = {4096};
        e.repetitions = 1;
        e.options = {{"direct", "true"}};
        e.workdir = dir.filePath(QStringLiteral("ws")).toStdString();
        w.experimentPanel()->setExperiment(e);
        auto* run = w.findChild<QPushButton*>(QStringLiteral("runButton"));
        QVERIFY(!w.experimentPanel()->isValid());
        QVERIFY(!w.runAction()->isEnabled());
        QVERIFY(!run->isEnabled());
        const QString shown = w.experimentPanel()->estimateLabel()->text();
        QVERIFY2(shown.contains("option direct: mmap maps the files"), qPrintable(shown));
        QVERIFY2(shown.contains("option direct: cp copies the files its own way"), qPrintable(shown));
        QVERIFY2(!shown.contains("stream"), qPrintable(shown));  // stream with 4K blocks can
        QVERIFY(!w.run());                                       // Run refuses too (the shortcut), and nothing was made
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("ws"))));

        e.strategies = {"stream", "threads"};
        w.experimentPanel()->setExperiment(e);
        QVERIFY2(w.experimentPanel()->isValid(), qPrintable(w.experimentPanel()->estimateLabel()->text()));
        QVERIFY(run->isEnabled());
    }

    // The form asks the engine's one validator: each bad value is listed in the words `sfpbench
    // run` prints (tests/cli/test_cli_preflight.cpp), all at once, and Run stays disabled.
    void badValuesAreListedInTheValidatorsWords() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        sfp::Experiment e;
        e.algorithm = "compare";
        e.data_kind = "pair";
        e.sizes = {64 << 10};
        e.strategies = {"read"};
        e.repetitions = 1;
        e.options = {{"max_mismatches", "-3"}, {"nonsense", "1"}};
        e.workdir = dir.filePath(QStringLiteral("ws")).toStdString();
        w.experimentPanel()->setExperiment(e);
        QVERIFY(!w.experimentPanel()->isValid());
        QVERIFY(!w.runAction()->isEnabled());
        const QString shown = w.experimentPanel()->estimateLabel()->text();
        QVERIFY2(shown.contains("option max_mismatches: -3 is out of range (1 to 1000000)"), qPrintable(shown));
        QVERIFY2(shown.contains("unknown compare option 'nonsense' (known: max_mismatches)"), qPrintable(shown));
        e.options = {{"max_mismatches", "3"}};
        w.experimentPanel()->setExperiment(e);
        QVERIFY2(w.experimentPanel()->isValid(), qPrintable(w.experimentPanel()->estimateLabel()->text()));
    }
};

QTEST_MAIN(TestFormConflicts)
#include "test_form_conflicts.moc"
