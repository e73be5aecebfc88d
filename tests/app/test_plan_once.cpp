// Issue 43 §1: a block size and a thread count followed from `sfpbench run --block 8K --threads 3`
// (the CLI's own command code, in-process) to the kernel of a test-only compare strategy that
// records what its runs got: the experiment is judged once (check_experiment) and planned once
// (sfp::plan), however many cells and repetitions follow. Counted by sfp::plan_counts(). So is
// `sfpbench run FILE.json`; a one-run command (`sfpbench compare`, full and lean) judges its one
// run once and plans nothing (it has no cells).
#include <QCoreApplication>
#include <QTemporaryDir>
#include <QtTest>
#include <set>
#include <utility>

#include "commands.hpp"
#include "experiment_file.hpp"
#include "lean_command.hpp"
#include "plain_support.hpp"
#include "sfp/compare.hpp"
#include "sfp/plan.hpp"
#include "sfp/registry.hpp"
#include "sfp/strategy.hpp"
#include "support/in_process.hpp"
#include "support/recording_strategy.hpp"
#include "support/temp_files.hpp"

class TestPlanOnce : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QStringList pair() {
        const std::string a = dir_.filePath("a.bin").toStdString(), b = dir_.filePath("b.bin").toStdString();
        testing::write_file(a, testing::pattern(20000, 1));
        testing::write_file(b, testing::pattern(20000, 1));
        return {QString::fromStdString(a), QString::fromStdString(b)};
    }

private slots:
    void runJudgesAndPlansOnce() {
        const QStringList files = pair();
        recorder::seen().runs.clear();
        const sfp::PlanCounts before = sfp::plan_counts();
        const testing::Printed r = testing::call(
            cli::cmd_run,
            {"--algorithm", "compare", "--strategies", "recorder", "--block", "8K", "--threads", "3", "--input",
             files[0], "--input", files[1], "--reps", "3", "--warmup", "1", "--workdir", dir_.filePath("work")},
            dir_.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const sfp::PlanCounts after = sfp::plan_counts();
        QCOMPARE(recorder::seen().runs, (std::set<std::pair<std::uint64_t, unsigned>>{{8192, 3}}));
        QCOMPARE(after.validations - before.validations, std::size_t(1));
        QCOMPARE(after.plans - before.plans, std::size_t(1));
    }

    void runFileJudgesAndPlansOnce() {
        const QStringList files = pair();
        sfp::Experiment e;
        e.strategies = {"recorder"};
        e.inputs = {files[0].toStdString(), files[1].toStdString()};
        e.sweeps = {{"block_size", {8192}}, {"threads", {3}}};
        e.repetitions = 3;
        e.workdir = dir_.filePath("work").toStdString();
        const QString spec = dir_.filePath("experiment.json");
        core::save_experiment(spec, e);
        recorder::seen().runs.clear();
        const sfp::PlanCounts before = sfp::plan_counts();
        const testing::Printed r = testing::call(cli::cmd_run, {spec}, dir_.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const sfp::PlanCounts after = sfp::plan_counts();
        QCOMPARE(recorder::seen().runs, (std::set<std::pair<std::uint64_t, unsigned>>{{8192, 3}}));
        QCOMPARE(after.validations - before.validations, std::size_t(1));
        QCOMPARE(after.plans - before.plans, std::size_t(1));
    }

    void oneRunJudgesOnce() {
        const QStringList files = pair();
        recorder::seen().runs.clear();
        const sfp::PlanCounts before = sfp::plan_counts();
        const testing::Printed r = testing::call(
            testing::one_run("compare"),
            {"--strategy", "recorder", "--block", "8K", "--threads", "3", files[0], files[1]}, dir_.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const sfp::PlanCounts after = sfp::plan_counts();
        QCOMPARE(recorder::seen().runs, (std::set<std::pair<std::uint64_t, unsigned>>{{8192, 3}}));
        QCOMPARE(after.validations - before.validations, std::size_t(1));
        QCOMPARE(after.plans - before.plans, std::size_t(0));
    }

    // The lean sfpbench's way: lean_run judges, run_judged runs (lean_main.cpp).
    void leanOneRunJudgesOnce() {
        const QStringList files = pair();
        std::vector<std::string> text = {"--strategy=recorder", "--block", "8K", files[0].toStdString(),
                                         files[1].toStdString()};
        std::vector<char*> args;
        for (std::string& t : text) args.push_back(t.data());
        recorder::seen().runs.clear();
        const sfp::PlanCounts before = sfp::plan_counts();
        const std::optional<cli::OneRun> lean = cli::lean_run("compare", args);
        QVERIFY(lean);
        QCOMPARE(cli::run_judged(lean->spec).status, sfp::Status::ok);
        QCOMPARE(recorder::seen().runs.size(), std::size_t(1));
        QCOMPARE(sfp::plan_counts().validations - before.validations, std::size_t(1));
        QCOMPARE(sfp::plan_counts().plans - before.plans, std::size_t(0));
    }

    // A block size listed twice (the validator's to find) is judged once too, named by its flag, and
    // nothing is planned.
    void aBadBlockIsJudgedOnce() {
        const QStringList files = pair();
        const sfp::PlanCounts before = sfp::plan_counts();
        const testing::Printed r =
            testing::call(cli::cmd_run,
                          {"--algorithm", "compare", "--strategies", "recorder", "--block", "4K,4K", "--input",
                           files[0], "--input", files[1], "--workdir", dir_.filePath("work")},
                          dir_.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--block: block size 4K is listed twice"), r.err.constData());
        QCOMPARE(sfp::plan_counts().validations - before.validations, std::size_t(1));
        QCOMPARE(sfp::plan_counts().plans - before.plans, std::size_t(0));
    }
};

int main(int argc, char** argv) {
    sfp::add_strategy(recorder::kStrategy);  // before anything looks a strategy up
    QCoreApplication app(argc, argv);
    TestPlanOnce test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_plan_once.moc"
