// core::Controller on its own: it runs the real runner on a worker thread, reports through
// signals on the caller's thread, cancels promptly, and drops the events of a superseded job.
#include <QElapsedTimer>
#include <QtTest>

#include "controller.hpp"
#include "fixtures.hpp"

class TestController : public QObject {
    Q_OBJECT
private slots:
    void runsAnExperimentAndReportsEveryRun() {
        QTemporaryDir dir;
        core::Controller controller;
        QSignalSpy started(&controller, &core::Controller::started);
        QSignalSpy runStarted(&controller, &core::Controller::runStarted);
        QSignalSpy runFinished(&controller, &core::Controller::runFinished);
        QSignalSpy finished(&controller, &core::Controller::finished);
        QSignalSpy failed(&controller, &core::Controller::failed);
        QVERIFY(controller.start(fixtures::small(dir, {"read", "mmap"}, {4096, 65536}, 1 << 20, 2)));
        QVERIFY(controller.isRunning());
        QCOMPARE(started.count(), 1);
        QCOMPARE(started.at(0).at(0).value<std::size_t>(), std::size_t(6));  // (read x 2 blocks + mmap) x 2
        QVERIFY(finished.wait(60000));
        QCOMPARE(failed.count(), 0);
        QVERIFY(!controller.isRunning());
        QCOMPARE(runStarted.count(), 6);
        QCOMPARE(runFinished.count(), 6);
        const auto report = finished.at(0).at(0).value<sfp::ExperimentReport>();
        QCOMPARE(report.runs.size(), std::size_t(6));
        QVERIFY(!report.cancelled);
        QCOMPARE(report.stats.size(), report.cells.size());
        for (const sfp::RunRecord& r : report.runs) QCOMPARE(QString::fromStdString(r.status), QStringLiteral("ok"));
        QCOMPARE(controller.report().runs.size(), std::size_t(6));
    }

    void invalidExperimentFailsWithoutStarting() {
        core::Controller controller;
        QSignalSpy failed(&controller, &core::Controller::failed);
        QSignalSpy started(&controller, &core::Controller::started);
        sfp::Experiment e;
        e.algorithm = "no-such-algorithm";
        e.data_kind = "pair";
        e.sizes = {1024};
        QVERIFY(!controller.start(e));
        QCOMPARE(failed.count(), 1);
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());
        QCOMPARE(started.count(), 0);
        QVERIFY(!controller.isRunning());
    }

    // The bound: a cancel stops the engine within 100 ms. Runs here take ~0.1 s each
    // (512-byte blocks over 32M), and the engine checks the flag once per block, so the stop
    // itself takes about a millisecond: 100 ms leaves a wide margin for a loaded machine.
    void cancelStopsWithin100msAndKeepsCompletedRuns() {
        QTemporaryDir dir;
        core::Controller controller;
        QSignalSpy runFinished(&controller, &core::Controller::runFinished);
        QSignalSpy finished(&controller, &core::Controller::finished);
        QSignalSpy progress(&controller, &core::Controller::progress);
        QVERIFY(controller.start(fixtures::small(dir, {"read"}, {512}, 32 << 20, 50)));
        QVERIFY(runFinished.wait(60000));
        QTest::qWait(30);  // into the next run
        QElapsedTimer clock;
        clock.start();
        controller.cancel();
        QVERIFY(finished.wait(5000));
        const qint64 visible = clock.elapsed();
        qInfo("cancel: engine stopped %.1f ms after cancel(), finished() arrived after %lld ms",
              controller.lastCancelLatencyMs(), visible);
        QVERIFY(controller.lastCancelLatencyMs() >= 0);
        QVERIFY2(controller.lastCancelLatencyMs() < 100, "the engine must stop within 100 ms of a cancel");
        QVERIFY2(visible < 100, "the window must learn of the stop within 100 ms of a cancel");
        const auto report = finished.at(0).at(0).value<sfp::ExperimentReport>();
        QVERIFY(report.cancelled);
        QVERIFY(!report.runs.empty());
        QCOMPARE(report.runs.size(), std::size_t(runFinished.count()));
        QVERIFY(report.runs.size() < 50);
        QVERIFY(progress.count() > 0);  // polled while the runs went
    }

    void supersededJobIsDropped() {
        QTemporaryDir dir;
        core::Controller controller;
        QSignalSpy runStarted(&controller, &core::Controller::runStarted);
        QSignalSpy finished(&controller, &core::Controller::finished);
        QVERIFY(controller.start(fixtures::small(dir, {"read"}, {512}, 4 << 20, 20)));
        QVERIFY(controller.start(fixtures::small(dir, {"mmap"}, {4096}, 1 << 20, 3)));
        QVERIFY(finished.wait(60000));
        QTest::qWait(100);  // anything late from the first job would arrive now
        QCOMPARE(finished.count(), 1);
        for (const QList<QVariant>& args : runStarted)
            QCOMPARE(QString::fromStdString(args.at(0).value<sfp::Cell>().strategy), QStringLiteral("mmap"));
        const auto report = finished.at(0).at(0).value<sfp::ExperimentReport>();
        QCOMPARE(report.runs.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(report.cells.at(0).strategy), QStringLiteral("mmap"));
    }
};

QTEST_MAIN(TestController)
#include "test_controller.moc"
