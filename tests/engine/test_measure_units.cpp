// The units measure/ converts, each against a reference that does not go through it: rusage's
// timevals (hand-made, then a busy loop of user time and a loop of system calls against the
// thread's exact CPU clock), the hardware counters' multiplexing scale (hand-made enabled and
// running times, perf's rule), the machine's memory (/proc/meminfo's KiB against sysinfo(2)).
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <time.h>
#include <unistd.h>

#include <QtTest>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "measure/hw_counters.hpp"
#include "measure/machine.hpp"
#include "measure/spent.hpp"
#include "sfp/types.hpp"

namespace {

double thread_clock() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Runs `step` until the thread has spent `seconds` of CPU; what it spent, by thread_totals.
template <class Step>
sfp::Spent spend(double seconds, Step&& step) {
    const sfp::Spent before = sfp::thread_totals(true);
    const double until = thread_clock() + seconds;
    while (thread_clock() < until) step();
    return sfp::spent_between(before, sfp::thread_totals(true));
}

// rusage's two parts together are the thread's runtime (the kernel scales the tick-sampled
// split to it): within a few ticks of the exact clock. A unit wrong by 1000 is far outside.
void split_adds_up(const sfp::Spent& s) {
    const double ticked = s.tick_user_s + s.tick_sys_s;
    QVERIFY2(std::abs(ticked - s.cpu_s) <= 0.02 + 0.1 * s.cpu_s,
             qPrintable(QString("rusage user %1 + sys %2 s, the thread's clock %3 s")
                            .arg(s.tick_user_s)
                            .arg(s.tick_sys_s)
                            .arg(s.cpu_s)));
}

// The same split in another unit: utime and stime of /proc/thread-self/stat, in USER_HZ ticks
// (fields 14 and 15; the name in field 2 may hold spaces, so counted from its closing ')').
std::pair<double, double> stat_split() {
    std::ifstream in("/proc/thread-self/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::istringstream fields(text.substr(text.rfind(')') + 2));
    std::string field;
    for (int i = 3; i < 14; ++i) fields >> field;
    double user = 0, sys = 0;
    fields >> user >> sys;
    const double hz = double(sysconf(_SC_CLK_TCK));
    return {user / hz, sys / hz};
}

// The thread's totals so far as thread_totals reads them agree with /proc's, to two USER_HZ ticks.
void totals_agree_with_proc() {
    const sfp::Spent s = sfp::thread_totals(false);
    const auto [user, sys] = stat_split();
    const double tick = 2.0 / double(sysconf(_SC_CLK_TCK));
    QVERIFY2(std::abs(s.tick_user_s - user) <= tick && std::abs(s.tick_sys_s - sys) <= tick,
             qPrintable(QString("rusage user %1 sys %2 s, /proc user %3 sys %4 s")
                            .arg(s.tick_user_s)
                            .arg(s.tick_sys_s)
                            .arg(user)
                            .arg(sys)));
}

// Up to three 0.3 s rounds of `step`, until the share `part` picks of one is at least `share`: the
// tick-sampled split of a single round strays on a VM whose host takes its CPU away. Each round's
// parts must add up to its exact CPU time.
template <class Step, class Part>
double best_share(Step&& step, Part&& part) {
    double best = 0;
    for (int round = 0; round < 3 && best < 0.5; ++round) {
        const sfp::Spent s = spend(0.3, step);
        split_adds_up(s);
        const sfp::Usage u = sfp::usage_of(s);
        best = std::max(best, part(u) / u.cpu_s);
    }
    return best;
}

}  // namespace

class TestMeasureUnits : public QObject {
    Q_OBJECT
private slots:
    // A timeval is seconds and microseconds.
    void rusageTimevalsAreMicroseconds() {
        struct rusage ru {};
        ru.ru_utime = {2, 250000};
        ru.ru_stime = {0, 999999};
        const sfp::Spent s = sfp::from_rusage(ru);
        QCOMPARE(s.tick_user_s, 2.25);
        QVERIFY(std::abs(s.tick_sys_s - 0.999999) < 1e-12);
        ru.ru_utime = {0, 1};
        QVERIFY(std::abs(sfp::from_rusage(ru).tick_user_s - 1e-6) < 1e-15);
    }

    // A busy loop is user time, reading /dev/zero is the kernel clearing our buffer: system time.
    // Each has most of its time in its part (in one round of three at least), the parts add up
    // to the exact CPU time, and rusage's seconds are /proc's ticks.
    void aBusyLoopIsUserTime() {
        volatile std::uint64_t x = 1;
        const double share = best_share(
            [&] {
                for (int i = 0; i < 100000; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
            },
            [](const sfp::Usage& u) { return u.user_s; });
        QVERIFY2(share >= 0.5, qPrintable(QString("user time %1 of the CPU time at best").arg(share)));
        totals_agree_with_proc();
    }

    void systemCallsAreSystemTime() {
        const int fd = ::open("/dev/zero", O_RDONLY | O_CLOEXEC);
        QVERIFY(fd >= 0);
        std::vector<char> buf(1 << 20);
        const double share = best_share(
            [&] {
                for (int i = 0; i < 16; ++i)
                    if (::read(fd, buf.data(), buf.size()) < 0) break;
            },
            [](const sfp::Usage& u) { return u.sys_s; });
        ::close(fd);
#if defined(__SANITIZE_THREAD__)
        totals_agree_with_proc();
        QSKIP(
            "ThreadSanitizer's read() interceptor marks the whole buffer written in user space: under it the "
            "loop is not mostly system time (the totals were checked)");
#endif
        QVERIFY2(share >= 0.5, qPrintable(QString("system time %1 of the CPU time at best").arg(share)));
        totals_agree_with_proc();
    }

    // perf's rule: a count seen while running r of the e ns enabled stands for value x e / r.
    void multiplexedCountsScaleUpByEnabledOverRunning() {
        QCOMPARE(sfp::scaled_count(1000, 4000, 1000), std::uint64_t(4000));       // a quarter of the time on
        QCOMPARE(sfp::scaled_count(1500, 3000, 2000), std::uint64_t(2250));       // two thirds
        QCOMPARE(sfp::scaled_count(123456789, 10, 3), std::uint64_t(411522630));  // 123456789 x 10 / 3, floored
        QCOMPARE(sfp::scaled_count(777, 5000, 5000), std::uint64_t(777));         // never off the PMU
        QCOMPARE(sfp::scaled_count(777, 5000, 4999), std::uint64_t(777 * 5000 / 4999));
    }

    // /proc/meminfo says KiB (1024 bytes); sysinfo(2) says the same total in its own unit.
    void memoryIsMeminfosKibibytes() {
        struct sysinfo si {};
        QCOMPARE(sysinfo(&si), 0);
        QCOMPARE(sfp::total_memory_bytes(), std::uint64_t(si.totalram) * si.mem_unit);
        const std::uint64_t available = sfp::available_memory_bytes();
        QVERIFY(available > 0 && available <= sfp::total_memory_bytes());
        QVERIFY(available >= std::uint64_t(si.freeram) * si.mem_unit / 2);  // MemAvailable counts free memory and more
    }
};

QTEST_GUILESS_MAIN(TestMeasureUnits)
#include "test_measure_units.moc"
