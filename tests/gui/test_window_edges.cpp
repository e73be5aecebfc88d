// Issue 40's window edges: the form holds every repetition and warm-up count the engine accepts
// (a loaded file is never clamped, nor changed when saved back).
#include <QtTest>

#include "experiment_file.hpp"
#include "experiment_panel.hpp"
#include "main_window.hpp"
#include "settings.hpp"
#include "sfp/check_experiment.hpp"

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
};

QTEST_MAIN(TestWindowEdges)
#include "test_window_edges.moc"
