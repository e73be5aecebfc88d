// run_once turns whatever a strategy does into a result: ok, cancelled, error or unsupported.
#include <QtTest>
#include <stdexcept>

#include "sfp/compare.hpp"
#include "sfp/failure.hpp"
#include "sfp/run.hpp"
#include "sfp/strategy.hpp"

namespace {

sfp::Progress* g_progress = nullptr;  // the run's progress, for strategies that play tricks

sfp::Outcome finishes_then_cancel_lands(const sfp::RunSpec&, sfp::RunContext& ctx) {
    ctx.add_progress(10);
    g_progress->cancel.store(true);  // too late: the work is complete and was never told to stop
    return sfp::CompareOutcome{{}, 5, 5};
}
sfp::Outcome notices_cancel(const sfp::RunSpec&, sfp::RunContext& ctx) {
    g_progress->cancel.store(true);
    if (ctx.should_stop()) return sfp::CompareOutcome{{}, 5, 5};  // partial: must not count
    return {};
}
sfp::Outcome fails(const sfp::RunSpec&, sfp::RunContext&) { sfp::fail("cannot frobnicate 'x': broken"); }
sfp::Outcome worker_throws(const sfp::RunSpec&, sfp::RunContext& ctx) {
    ctx.run_threads(3, [](unsigned i) {
        if (i == 1) throw std::runtime_error("worker 1 broke");
    });
    return {};
}
sfp::Support yes() { return sfp::Support::yes(); }
sfp::Support no() { return sfp::Support::no("no such hardware"); }

sfp::Strategy fake(sfp::Outcome (*run)(const sfp::RunSpec&, sfp::RunContext&), sfp::Support (*probe)() = yes) {
    return sfp::Strategy{
        .algorithm = "compare", .name = "fake", .description = "test-only", .probe = probe, .run = run};
}

sfp::RunResult run(const sfp::Strategy& s) {
    sfp::RunSpec spec;
    spec.algorithm = "compare";
    spec.strategy = "fake";
    sfp::Progress progress;
    g_progress = &progress;
    return sfp::run_once(s, spec, progress);
}

}  // namespace

class TestRunOnce : public QObject {
    Q_OBJECT
private slots:
    void cancelAfterTheLastCheckLeavesAnOkResult() {
        const auto r = run(fake(finishes_then_cancel_lands));
        QCOMPARE(r.status, sfp::Status::ok);
        QVERIFY(!r.digest.empty());
        QCOMPARE(r.bytes, std::uint64_t(10));
    }
    void noticedCancelIsCancelledWithoutOutcome() {
        const auto r = run(fake(notices_cancel));
        QCOMPARE(r.status, sfp::Status::cancelled);
        QVERIFY(r.outcome.empty());
        QVERIFY(r.digest.empty());
    }
    void failureBecomesAnErrorWithItsMessage() {
        const auto r = run(fake(fails));
        QCOMPARE(r.status, sfp::Status::error);
        QCOMPARE(r.error, std::string("cannot frobnicate 'x': broken"));
    }
    void workerExceptionIsAnErrorNotACrash() {
        const auto r = run(fake(worker_throws));
        QCOMPARE(r.status, sfp::Status::error);
        QVERIFY2(r.error.find("worker 1 broke") != std::string::npos, r.error.c_str());
    }
    void unsupportedSaysWhy() {
        const auto r = run(fake(finishes_then_cancel_lands, no));
        QCOMPARE(r.status, sfp::Status::unsupported);
        QVERIFY2(r.error.find("no such hardware") != std::string::npos, r.error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestRunOnce)
#include "test_run_once.moc"
