// Issue 43 §1 from the window: a block size and a thread count set in the form, Run clicked,
// followed to the kernel of a test-only compare strategy that records what its runs got. The
// Run judges the experiment once (check_experiment) and plans it once (sfp::plan), in the
// controller's job: the ETA and the runs take that plan. Counted by sfp::plan_counts(). And no
// tree is listed on the GUI thread, neither to count its files (gui::gui_thread_tree_listings)
// nor to plan (the engine's tree-listing seam, which also holds a plan to cancel during it).
#include <QApplication>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <atomic>
#include <chrono>
#include <mutex>
#include <filesystem>
#include <thread>
#include <set>
#include <utility>

#include "controller.hpp"
#include "io/tree_listing.hpp"
#include "progress_panel.hpp"
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

namespace listing {

// Which threads list trees (sfp::set_tree_listing_observer), and a listing held off the GUI
// thread while `hold` is set.
std::atomic<int> on_gui{0}, off_gui{0};
std::atomic<bool> hold{false}, held{false};

void observe(const std::vector<std::string>&) {
    if (QThread::currentThread() == QCoreApplication::instance()->thread()) {
        ++on_gui;
        return;
    }
    ++off_gui;
    if (!hold.load()) return;
    held.store(true);
    while (hold.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

}  // namespace listing

class TestPlanOnceWindow : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    // An iterate experiment over a small given tree, in the window's form, its files counted.
    void formWithTree(gui::MainWindow& w, const QString& name) {
        const std::string root = dir_.filePath(name).toStdString();
        std::filesystem::create_directories(root + "/sub");
        testing::write_file(root + "/one.bin", testing::pattern(3000, 2));
        testing::write_file(root + "/sub/two.bin", testing::pattern(5000, 3));
        sfp::Experiment e;
        e.algorithm = "iterate";
        e.strategies = {std::string(sfp::strategies_of("iterate").front()->name)};
        e.inputs = {root};
        e.repetitions = 1;
        e.warmups = 0;
        e.workdir = dir_.filePath("work").toStdString();
        w.experimentPanel()->setExperiment(e);
        // The form's own count of the files (in the background) is in before Run.
        QTRY_VERIFY_WITH_TIMEOUT(!w.experimentPanel()->estimateText().contains("counting"), 60000);
    }

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
        sfp::PlanCounts after_run;  // when the job's plan reaches the window
        connect(w.controller(), &core::Controller::started, &w, [&] { after_run = sfp::plan_counts(); });
        QVERIFY2(w.run(), qPrintable(w.messageArea()->text()));
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

    // The form judges itself at each change without listing the tree on the GUI thread; Run
    // hands the experiment to the controller, whose job plans it once and lists the tree: never
    // on the GUI thread, from the click to the end of the runs.
    void runListsTheTreeOffTheGuiThread() {
        gui::MainWindow w(std::make_unique<gui::Settings>(dir_.filePath("settings-off.ini")));
        listing::on_gui = 0;
        formWithTree(w, "tree-off");
        QCOMPARE(listing::on_gui.load(), 0);
        QVERIFY2(w.experimentPanel()->isValid(), qPrintable(w.experimentPanel()->problems()));
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        listing::off_gui = 0;
        const sfp::PlanCounts before = sfp::plan_counts();
        sfp::PlanCounts planned;
        int listed_by_plan = -1;
        connect(w.controller(), &core::Controller::started, &w, [&] {
            planned = sfp::plan_counts();
            listed_by_plan = listing::off_gui.load();
        });
        QVERIFY2(w.run(), qPrintable(w.messageArea()->text()));
        QVERIFY(finished.wait(60000));
        QVERIFY(!finished.at(0).at(0).value<sfp::ExperimentReport>().runs.empty());
        QCOMPARE(planned.validations - before.validations, std::size_t(1));
        QCOMPARE(planned.plans - before.plans, std::size_t(1));
        QVERIFY2(listed_by_plan >= 1, "the job's plan sizes the tree by listing it");
        QCOMPARE(listing::on_gui.load(), 0);
    }

    // The plan finds what the form could not see any more (an input removed after the form was
    // judged): Run refuses in the words the form gives the same problem, and nothing runs.
    void problemsOfTheRunsPlanReachTheWindow() {
        const std::string a = dir_.filePath("pa.bin").toStdString(), b = dir_.filePath("pb.bin").toStdString();
        testing::write_file(a, testing::pattern(20000, 1));
        testing::write_file(b, testing::pattern(20000, 1));
        gui::MainWindow w(std::make_unique<gui::Settings>(dir_.filePath("settings-gone.ini")));
        sfp::Experiment e;
        e.algorithm = "compare";
        e.strategies = {"recorder"};
        e.inputs = {a, b};
        e.repetitions = 1;
        e.workdir = dir_.filePath("work").toStdString();
        w.experimentPanel()->setExperiment(e);
        QVERIFY2(w.experimentPanel()->isValid(), qPrintable(w.experimentPanel()->problems()));
        std::filesystem::remove(b);
        QSignalSpy refused(w.controller(), &core::Controller::refused);
        QSignalSpy started(w.controller(), &core::Controller::started);
        QSignalSpy failed(w.controller(), &core::Controller::failed);
        QVERIFY2(w.run(), qPrintable(w.messageArea()->text()));  // the form knew no problem
        QVERIFY(refused.wait(60000));
        w.experimentPanel()->setExperiment(e);  // the form judged again: the same words
        QVERIFY(!w.experimentPanel()->isValid());
        QCOMPARE(w.messageArea()->text(), w.experimentPanel()->problems());
        QVERIFY2(w.messageArea()->text().contains(QString::fromStdString(b)), qPrintable(w.messageArea()->text()));
        QCOMPARE(w.messageArea()->kind(), gui::MessageArea::Kind::error);
        QCOMPARE(started.count(), 0);
        QCOMPARE(failed.count(), 0);
        QVERIFY(!w.controller()->isRunning());
        QVERIFY(!w.cancelAction()->isEnabled());
    }

    // Cancel while the job plans (held inside the tree's listing): it ends cleanly, cancelled,
    // and no run starts.
    void cancelWhilePlanningRunsNothing() {
        gui::MainWindow w(std::make_unique<gui::Settings>(dir_.filePath("settings-hold.ini")));
        formWithTree(w, "tree-hold");
        QSignalSpy started(w.controller(), &core::Controller::started);
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        QSignalSpy runsFinished(w.controller(), &core::Controller::runsFinished);
        listing::held = false;
        listing::hold = true;
        const auto release = qScopeGuard([] { listing::hold = false; });  // a failed check lets the job go
        QVERIFY2(w.run(), qPrintable(w.messageArea()->text()));
        QTRY_VERIFY_WITH_TIMEOUT(listing::held.load(), 60000);  // the job is in the listing
        QVERIFY(w.controller()->isRunning());
        QVERIFY2(w.progressPanel()->cellText().contains("Planning"), qPrintable(w.progressPanel()->cellText()));
        QVERIFY(w.cancelAction()->isEnabled());
        QVERIFY(w.progressPanel()->cancelButton()->isEnabled());
        w.progressPanel()->cancelButton()->click();
        listing::hold = false;
        QVERIFY(finished.wait(60000));
        const auto report = finished.at(0).at(0).value<sfp::ExperimentReport>();
        QVERIFY(report.cancelled);
        QVERIFY(report.runs.empty());
        QCOMPARE(started.count(), 0);
        QCOMPARE(runsFinished.count(), 0);
        QVERIFY(!w.controller()->isRunning());
        QVERIFY(w.runAction()->isEnabled());
        QVERIFY2(w.progressPanel()->cellText().contains("Cancelled"), qPrintable(w.progressPanel()->cellText()));
    }
};

int main(int argc, char** argv) {
    sfp::add_strategy(recorder::kStrategy);  // before anything looks a strategy up
    sfp::set_tree_listing_observer(listing::observe);
    QApplication app(argc, argv);
    TestPlanOnceWindow test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_plan_once_window.moc"
