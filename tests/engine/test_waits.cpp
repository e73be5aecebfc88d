// The waiting explained (issue 44, part 2): per thread, CPU time + runnable with no CPU + blocked
// add up to the thread's life, from a fake /proc and from a real run; a thread that competes for
// one CPU with busy threads waits runnable; the texts are read as the kernel writes them; a run
// mostly runnable with no CPU is said to be disturbed by other load. No timing is asserted.
#include <sched.h>
#include <unistd.h>

#include <QtTest>
#include <atomic>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "measure/waits.hpp"
#include "sfp/explain.hpp"
#include "sfp/run.hpp"
#include "sfp/run_context.hpp"
#include "sfp/strategy.hpp"
#include "support/fake_run.hpp"

namespace {

// A /proc/PID/stat text whose command name holds ") (" and whose field 42 is `blkio_ticks`.
std::string stat_text(unsigned long long blkio_ticks) {
    std::string text = "4242 (a) (b) R";  // fields 1 to 3
    for (int field = 4; field <= 41; ++field) text += " " + std::to_string(field);
    return text + " " + std::to_string(blkio_ticks) + " 0 0\n";
}

// A fake /proc: schedstat says `runnable_ns`, stat `blkio_ticks`, delay accounting `delayacct`.
void fake_proc(unsigned long long runnable_ns, unsigned long long blkio_ticks, bool delayacct) {
    sfp::proc_text_for_tests = [=](const std::string& path) -> std::string {
        if (path.ends_with("/schedstat")) return "123 " + std::to_string(runnable_ns) + " 7\n";
        if (path.ends_with("/stat")) return stat_text(blkio_ticks);
        if (path == "/proc/sys/kernel/task_delayacct") return delayacct ? "1\n" : "0\n";
        return {};
    };
}

double user_hz() { return double(sysconf(_SC_CLK_TCK)); }

// cpu + runnable + blocked against the thread's life: equal within the clocks' resolution
// (nanoseconds; a microsecond of slack), unless the clamp at 0 had to act.
void verify_adds_up(const sfp::Spent& s, const char* what) {
    QVERIFY2(s.runnable_s && s.blocked_s, what);
    const double sum = s.cpu_s + *s.runnable_s + *s.blocked_s;
    QVERIFY2(*s.blocked_s >= 0, what);
    QVERIFY2(std::abs(sum - s.lifetime_s) < 1e-6,
             qPrintable(QString("%1: cpu %2 + runnable %3 + blocked %4 against a life of %5 s")
                            .arg(what)
                            .arg(s.cpu_s)
                            .arg(*s.runnable_s)
                            .arg(*s.blocked_s)
                            .arg(s.lifetime_s)));
}

// Spins until this thread has used `seconds` of CPU by its own clock.
void burn(double seconds) {
    const auto own_cpu = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
    };
    const double start = own_cpu();
    volatile std::uint64_t sink = 0;
    while (own_cpu() - start < seconds)
        for (int i = 0; i < 1000; ++i) sink = sink + std::uint64_t(i);
}

// The first CPU this process may run on: the one every thread of the contention test shares.
int first_allowed_cpu() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set)) return cpu;
    return -1;
}

bool pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0;  // 0: the calling thread
}

int g_cpu = -1;
std::atomic<bool> g_pinned{true};

// One worker pinned to g_cpu burns 50 ms of CPU there.
sfp::Outcome pinned_burner(const sfp::RunSpec&, sfp::RunContext& ctx) {
    ctx.run_threads(1, [](unsigned) {
        if (!pin_to(g_cpu)) g_pinned = false;
        burn(0.05);
    });
    return {};
}

// Two workers: one burns 20 ms of CPU, one sleeps 30 ms.
sfp::Outcome burn_and_sleep(const sfp::RunSpec&, sfp::RunContext& ctx) {
    ctx.run_threads(2, [](unsigned i) {
        if (i == 0) burn(0.02);
        if (i == 1) std::this_thread::sleep_for(std::chrono::milliseconds(30));
    });
    return {};
}

using testing::run_fake;

}  // namespace

class TestWaits : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { sfp::proc_text_for_tests = nullptr; }

    void readsTheKernelsTexts() {
        QCOMPARE(sfp::parse_runnable_seconds("123 5000000 7\n"), std::optional<double>(0.005));
        QVERIFY(!sfp::parse_runnable_seconds(""));
        QVERIFY(!sfp::parse_runnable_seconds("123\n"));
        // the name's own ") (" does not shift the fields: they are counted after its last ')'
        QCOMPARE(sfp::parse_blkio_seconds(stat_text(250)), std::optional<double>(250 / user_hz()));
        QVERIFY(!sfp::parse_blkio_seconds("4242 (short) R 1 2 3\n"));
        QVERIFY(!sfp::parse_blkio_seconds("no name here"));
        // user nice system idle iowait irq softirq steal (guest guest_nice are inside user, nice)
        const sfp::CpuTicks a = sfp::parse_cpu_ticks("cpu  100 0 50 800 10 0 0 40 7 0\ncpu0 1 2 3\n");
        const sfp::CpuTicks b = sfp::parse_cpu_ticks("cpu  150 0 50 840 10 0 0 50 9 0\ncpu0 1 2 3\n");
        QVERIFY(a.known && b.known);
        QCOMPARE(a.total, std::uint64_t(1000));
        QCOMPARE(sfp::steal_percent(a, b), std::optional<double>(10.0));  // 10 of 100 ticks
        QVERIFY(!sfp::steal_percent(a, a));                               // no tick passed: n/a
        QVERIFY(!sfp::parse_cpu_ticks("intr 1 2 3\n").known);
    }

    // A fake /proc says 5 ms runnable and 3 ticks on block I/O for every thread: each worker's
    // parts add up to its life, the fake's values come through, and the sum is the workers'.
    void splitAddsUpPerThreadFromAFakeProc() {
        fake_proc(5'000'000, 3, true);
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        ctx.run_threads(3, [](unsigned) { std::this_thread::sleep_for(std::chrono::milliseconds(20)); });
        const std::vector<sfp::ThreadSpent> threads = ctx.thread_spents();
        QCOMPARE(threads.size(), std::size_t(3));
        for (const sfp::ThreadSpent& t : threads) {
            verify_adds_up(t.spent, "a worker");
            QCOMPARE(*t.spent.runnable_s, 0.005);
            QCOMPARE(t.spent.blkio_s, std::optional<double>(3 / user_hz()));
            QVERIFY(*t.spent.blocked_s > 0);  // it slept 20 ms: more than 5 ms runnable and its CPU
            QVERIFY(t.end_s > t.start_s);
            QVERIFY(std::abs(t.end_s - t.start_s - t.spent.lifetime_s) < 1e-9);
        }
        QCOMPARE(*ctx.others_spent().runnable_s, 0.015);
        QVERIFY(ctx.waited_seconds() > 0);  // the runner thread waited on their join
    }

    // Delay accounting off: block I/O is n/a, never 0 and never an error; runnable is still known.
    // A runnable time past the thread's life (a kernel's rounding, here a fake) leaves blocked at
    // 0, never below.
    void blkioIsNotKnownWithoutDelayAccounting() {
        fake_proc(9'000'000'000, 3, false);
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        ctx.run_threads(1, [](unsigned) {});
        const sfp::Spent s = ctx.thread_spents().at(0).spent;
        QVERIFY(!s.blkio_s);
        QCOMPARE(s.runnable_s, std::optional<double>(9.0));
        QCOMPARE(s.blocked_s, std::optional<double>(0.0));
        sfp::proc_text_for_tests = [](const std::string&) { return std::string(); };  // no /proc at all
        sfp::RunContext blind(progress);
        blind.run_threads(1, [](unsigned) {});
        QVERIFY(!blind.thread_spents().at(0).spent.runnable_s && !blind.thread_spents().at(0).spent.blocked_s);
    }

    // A real run: every worker's parts add up to its life, and the run's to its threads' time.
    void splitAddsUpInARealRun() {
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        ctx.run_threads(2, [](unsigned i) {
            if (i == 0) burn(0.02);
            if (i == 1) std::this_thread::sleep_for(std::chrono::milliseconds(30));
        });
        for (const sfp::ThreadSpent& t : ctx.thread_spents()) verify_adds_up(t.spent, "a real worker");
        QVERIFY(*ctx.thread_spents().at(0).spent.blocked_s >= 0);

        const sfp::RunResult r = run_fake(burn_and_sleep);
        QCOMPARE(r.status, sfp::Status::ok);
        const sfp::Usage& u = r.usage;
        QVERIFY(u.thread_s && u.runnable_wait_s && u.blocked_s);
        QVERIFY2(std::abs(u.cpu_s + *u.runnable_wait_s + *u.blocked_s - *u.thread_s) < 1e-5,
                 qPrintable(QString("cpu %1 + runnable %2 + blocked %3 against %4 s of threads")
                                .arg(u.cpu_s)
                                .arg(*u.runnable_wait_s)
                                .arg(*u.blocked_s)
                                .arg(*u.thread_s)));
        // the sleeper's 30 ms are blocked; the runner's wait for its workers is not counted again:
        // two workers live at most the run's time each, the runner outside their join little more
        // than starting them (with it, the sum would be near 3x the run's).
        QVERIFY(*u.blocked_s > 0);
        QVERIFY2(*u.thread_s < 2.5 * r.real_s,
                 qPrintable(QString("%1 s of threads in a %2 s run").arg(*u.thread_s).arg(r.real_s)));
    }

    // A CPU-bound worker pinned to one CPU with three busy threads pinned there too: it is
    // runnable with no CPU for some of its life. Only "some" is asserted, never how much.
    void competingForOneCpuWaitsRunnable() {
        g_cpu = first_allowed_cpu();
        if (g_cpu < 0) QSKIP("sched_getaffinity cannot say which CPUs this process may use");
        std::atomic<bool> stop{false};
        std::atomic<int> pinned{0};
        std::vector<std::thread> hogs;
        for (int i = 0; i < 3; ++i)
            hogs.emplace_back([&] {
                if (pin_to(g_cpu)) ++pinned;
                volatile std::uint64_t sink = 0;
                while (!stop.load(std::memory_order_relaxed)) sink = sink + 1;
            });
        g_pinned = true;
        const sfp::RunResult r = run_fake(pinned_burner);
        stop = true;
        for (std::thread& t : hogs) t.join();
        if (pinned != 3 || !g_pinned) QSKIP("sched_setaffinity refused to pin the threads to one CPU");
        QCOMPARE(r.status, sfp::Status::ok);
        QVERIFY(r.usage.runnable_wait_s);
        QVERIFY2(*r.usage.runnable_wait_s > 0, qPrintable(QString::number(*r.usage.runnable_wait_s)));
    }

    // The mark: a third of the threads' time runnable with no CPU, the run's own threads within
    // the CPUs. More threads than CPUs keep each other waiting: that is not other load.
    void disturbedByLoadIsAThirdRunnableWithinTheCpus() {
        sfp::RunResult r;
        r.real_s = 1;
        r.usage.cpu_s = 0.6, r.usage.thread_s = 1, r.usage.runnable_wait_s = 0.34, r.usage.blocked_s = 0.06;
        QVERIFY(sfp::disturbed_by_load(r, 2));
        r.usage.runnable_wait_s = 0.3;
        QVERIFY(!sfp::disturbed_by_load(r, 2));
        r.usage.runnable_wait_s = 0.5, r.usage.thread_s = 4;  // four threads alive at once on two CPUs
        QVERIFY(!sfp::disturbed_by_load(r, 2));
        r.usage.thread_s = 1;
        QVERIFY(sfp::disturbed_by_load(r, 2));
        r.usage.runnable_wait_s = std::nullopt;  // an older report: nothing to say
        QVERIFY(!sfp::disturbed_by_load(r, 2));
    }
};

QTEST_APPLESS_MAIN(TestWaits)
#include "test_waits.moc"
