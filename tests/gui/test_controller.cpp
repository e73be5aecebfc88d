// core::Controller on its own: it runs the real runner on a worker thread, reports through
// signals on the caller's thread, cancels promptly, and drops the events of a superseded job.
#include <QtTest>

#include "controller.hpp"
#include "fixtures.hpp"

namespace {

// What the controller announced: the finished runs' indices over all batches, in order, and each
// runStarted's index with the runs finished when it came.
struct Announced {
    std::vector<std::size_t> finished;
    std::vector<std::pair<std::size_t, std::size_t>> starts;  // (index, runs finished by then)
    explicit Announced(core::Controller& c) {
        QObject::connect(&c, &core::Controller::runsFinished, [this](const std::vector<sfp::RunUpdate>& batch) {
            for (const sfp::RunUpdate& u : batch) finished.push_back(u.index);
        });
        QObject::connect(&c, &core::Controller::runStarted,
                         [this, &c](const sfp::Cell&, unsigned, std::size_t index, std::size_t) {
                             starts.emplace_back(index, c.report().runs.size());
                         });
    }
    // Every run once, in order: 0, 1, ..., n-1.
    bool eachOnce(std::size_t n) const {
        if (finished.size() != n) return false;
        for (std::size_t i = 0; i < n; ++i)
            if (finished[i] != i) return false;
        return true;
    }
};

}  // namespace

class TestController : public QObject {
    Q_OBJECT
private slots:
    void runsAnExperimentAndReportsEveryRun() {
        QTemporaryDir dir;
        core::Controller controller;
        QSignalSpy started(&controller, &core::Controller::started);
        Announced announced(controller);
        QSignalSpy finished(&controller, &core::Controller::finished);
        QSignalSpy failed(&controller, &core::Controller::failed);
        controller.start(fixtures::small(dir, {"read", "mmap"}, {4096, 65536}, 1 << 20, 2));
        QVERIFY(controller.isRunning());  // from the start: the job plans, then runs
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(started.count(), 1);
        QCOMPARE(started.at(0).at(0).value<std::size_t>(), std::size_t(6));  // (read x 2 blocks + mmap) x 2
        QCOMPARE(failed.count(), 0);
        QVERIFY(!controller.isRunning());
        QVERIFY(announced.eachOnce(6));
        // Starts are sampled at the polls: only runs still going, in order.
        for (std::size_t i = 0; i < announced.starts.size(); ++i) {
            const auto [index, done] = announced.starts[i];
            QVERIFY(index >= done && index < 6);
            if (i > 0) QVERIFY(index > announced.starts[i - 1].first);
        }
        const auto report = finished.at(0).at(0).value<sfp::ExperimentReport>();
        QCOMPARE(report.runs.size(), std::size_t(6));
        QVERIFY(!report.cancelled);
        QCOMPARE(report.stats.size(), report.cells.size());
        for (const sfp::RunRecord& r : report.runs) QCOMPARE(r.status, sfp::RunStatus::ok);
        QCOMPARE(controller.report().runs.size(), std::size_t(6));
    }

    // Judged by the job's plan: its problems come back as refused(), and nothing starts.
    void invalidExperimentFailsWithoutStarting() {
        core::Controller controller;
        QSignalSpy refused(&controller, &core::Controller::refused);
        QSignalSpy failed(&controller, &core::Controller::failed);
        QSignalSpy started(&controller, &core::Controller::started);
        sfp::Experiment e;
        e.algorithm = "no-such-algorithm";
        e.data_kind = "pair";
        e.sizes = {1024};
        controller.start(e);
        QVERIFY(refused.wait(60000));
        QCOMPARE(refused.count(), 1);
        QVERIFY(refused.at(0).at(0).toString().contains("no-such-algorithm"));
        QCOMPARE(failed.count(), 0);
        QCOMPARE(started.count(), 0);
        QVERIFY(!controller.isRunning());
    }

    // Cancel is asserted by what happens, not by the clock (the latency is printed; the
    // benchmark measures it): the report ends cancelled with the completed runs only, every one
    // of them was announced, and nothing arrives after finished().
    void cancelKeepsCompletedRunsAndStops() {
        QTemporaryDir dir;
        core::Controller controller;
        Announced announced(controller);
        QSignalSpy runsFinished(&controller, &core::Controller::runsFinished);
        QSignalSpy finished(&controller, &core::Controller::finished);
        QSignalSpy progress(&controller, &core::Controller::progress);
        controller.start(fixtures::small(dir, {"read"}, {512}, 32 << 20, 50));
        QVERIFY(runsFinished.wait(60000));
        controller.cancel();
        QVERIFY(finished.wait(60000));
        qInfo("cancel: the engine stopped %.1f ms after cancel() (reported, not asserted)",
              controller.lastCancelLatencyMs());
        const auto report = finished.at(0).at(0).value<sfp::ExperimentReport>();
        QVERIFY(report.cancelled);
        QVERIFY(!controller.isRunning());
        QVERIFY(controller.lastCancelLatencyMs() >= 0);
        QVERIFY(announced.eachOnce(report.runs.size()));  // none lost, none twice
        QVERIFY2(report.runs.size() < 50, "a cancel in the first runs must not let the other 49 run");
        for (const sfp::RunRecord& r : report.runs)
            QCOMPARE(r.status, sfp::RunStatus::ok);  // the interrupted run is not kept
        QVERIFY(progress.count() > 0);               // polled while the runs went
        const qsizetype batches = runsFinished.count();
        QTest::qWait(200);  // anything the cancelled job still sent would arrive now
        QCOMPARE(runsFinished.count(), batches);
        QCOMPARE(finished.count(), 1);
    }

    void supersededJobIsDropped() {
        QTemporaryDir dir;
        core::Controller controller;
        QSignalSpy runStarted(&controller, &core::Controller::runStarted);
        QStringList strategies;  // of every run announced as finished
        connect(&controller, &core::Controller::runsFinished, [&](const std::vector<sfp::RunUpdate>& batch) {
            for (const sfp::RunUpdate& u : batch)
                strategies << QString::fromStdString(
                    controller.report().cells.at(controller.report().runs.at(u.index).cell).strategy);
        });
        QSignalSpy finished(&controller, &core::Controller::finished);
        controller.start(fixtures::small(dir, {"read"}, {512}, 4 << 20, 20));
        controller.start(fixtures::small(dir, {"mmap"}, {4096}, 1 << 20, 3));
        QVERIFY(finished.wait(60000));
        QTest::qWait(100);  // anything late from the first job would arrive now
        QCOMPARE(finished.count(), 1);
        for (const QList<QVariant>& args : runStarted)
            QCOMPARE(QString::fromStdString(args.at(0).value<sfp::Cell>().strategy), QStringLiteral("mmap"));
        QCOMPARE(strategies, QStringList(3, QStringLiteral("mmap")));
        const auto report = finished.at(0).at(0).value<sfp::ExperimentReport>();
        QCOMPARE(report.runs.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(report.cells.at(0).strategy), QStringLiteral("mmap"));
    }
};

QTEST_MAIN(TestController)
#include "test_controller.moc"
