// Issue 43 §1 from the window: a block size and a thread count set in the form, Run clicked,
// followed to the kernel of a test-only compare strategy that records what its runs got. The
// Run judges the experiment once (check_experiment) and plans it once (sfp::plan): the
// estimate, the ETA and the controller's job take that plan. Counted by sfp::plan_counts(). And
// Run counts no tree's files on the GUI thread (gui::gui_thread_tree_listings).
#include <QApplication>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>
#include <mutex>
#include <filesystem>
#include <set>
#include <utility>

#include "controller.hpp"
#include "experiment_panel.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "settings.hpp"
#include "tree_counts.hpp"
#include "sfp/compare.hpp"
#include "sfp/plan.hpp"
#include "sfp/registry.hpp"
#include "sfp/strategy.hpp"
#include "support/recording_strategy.hpp"
#include "support/temp_files.hpp"

class TestPlanOnceWindow : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void runJudgesAndPlansOnce() {
        const std::string a = dir_.filePath("a.bin").toStdString(), b = dir_.filePath("b.bin").toStdString();
        testing::write_file(a, testing::pattern(20000, 1));
        testing::write_file(b, testing::pattern(20000, 1));
        gui::MainWindow w(std::make_unique<gui::Settings>(dir_.filePath("settings.ini")));
        sfp::Experiment e;
        e.algorithm = "compare";
        e.strategies = {"recorder"};
        e.inputs = {a, b};
        e.sweeps["block_size"] = {8192};
        e.sweeps["threads"] = {1};
        e.repetitions = 2;
        e.warmups = 0;
        e.workdir = dir_.filePath("work").toStdString();
        w.experimentPanel()->setExperiment(e);
        QVERIFY2(w.experimentPanel()->isValid(), qPrintable(w.experimentPanel()->estimateLabel()->text()));
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        const sfp::PlanCounts before = sfp::plan_counts();
        QVERIFY2(w.run(), qPrintable(w.messageArea()->text()));
        const sfp::PlanCounts after_run = sfp::plan_counts();
        QVERIFY(finished.wait(60000));
        const std::lock_guard lock(recorder::seen().mutex);
        QCOMPARE(recorder::seen().runs, (std::set<std::pair<std::uint64_t, unsigned>>{{8192, 1}}));
        // Judged and planned by Run, and nothing more on the way to the last run's kernel (the
        // form judges itself again afterwards, when the estimate learns the new rates).
        QCOMPARE(after_run.validations - before.validations, std::size_t(1));
        QCOMPARE(after_run.plans - before.plans, std::size_t(1));
        QCOMPARE(recorder::seen().at_kernel.validations - before.validations, std::size_t(1));
        QCOMPARE(recorder::seen().at_kernel.plans - before.plans, std::size_t(1));
    }

    // A change of the form is judged and planned once too: its verdict and its estimate of the
    // same plan.
    void aFormChangeJudgesAndPlansOnce() {
        const std::string a = dir_.filePath("a.bin").toStdString(), b = dir_.filePath("b.bin").toStdString();
        testing::write_file(a, testing::pattern(20000, 1));
        testing::write_file(b, testing::pattern(20000, 1));
        gui::MainWindow w(std::make_unique<gui::Settings>(dir_.filePath("settings-form.ini")));
        sfp::Experiment e;
        e.algorithm = "compare";
        e.strategies = {"recorder"};
        e.inputs = {a, b};
        e.repetitions = 2;
        e.workdir = dir_.filePath("work").toStdString();
        w.experimentPanel()->setExperiment(e);
        const sfp::PlanCounts before = sfp::plan_counts();
        w.experimentPanel()->repetitions()->setValue(3);
        QVERIFY2(w.experimentPanel()->isValid(), qPrintable(w.experimentPanel()->estimateLabel()->text()));
        QCOMPARE(w.experimentPanel()->plannedRuns(), std::size_t(3));
        QCOMPARE(sfp::plan_counts().validations - before.validations, std::size_t(1));
        QCOMPARE(sfp::plan_counts().plans - before.plans, std::size_t(1));
    }

    // A given tree's files, which the estimate and the ETA weigh runs by, are the panel's
    // background count: Run does not list the tree again on the GUI thread to count them.
    void runCountsNoTreeOnTheGuiThread() {
        const std::string root = dir_.filePath("tree").toStdString();
        std::filesystem::create_directories(root + "/sub");
        testing::write_file(root + "/one.bin", testing::pattern(3000, 2));
        testing::write_file(root + "/sub/two.bin", testing::pattern(5000, 3));
        gui::MainWindow w(std::make_unique<gui::Settings>(dir_.filePath("settings-tree.ini")));
        sfp::Experiment e;
        e.algorithm = "iterate";
        e.strategies = {std::string(sfp::strategies_of("iterate").front()->name)};
        e.inputs = {root};
        e.repetitions = 1;
        e.warmups = 0;
        e.workdir = dir_.filePath("work").toStdString();
        w.experimentPanel()->setExperiment(e);
        QVERIFY2(w.experimentPanel()->isValid(), qPrintable(w.experimentPanel()->estimateLabel()->text()));
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        const int listed = gui::gui_thread_tree_listings();
        QVERIFY2(w.run(), qPrintable(w.messageArea()->text()));
        QCOMPARE(gui::gui_thread_tree_listings(), listed);
        QVERIFY(finished.wait(60000));
    }
};

int main(int argc, char** argv) {
    sfp::add_strategy(recorder::kStrategy);  // before anything looks a strategy up
    QApplication app(argc, argv);
    TestPlanOnceWindow test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_plan_once_window.moc"
