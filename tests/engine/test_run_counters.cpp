// The counters that explain a run (issue 22, section 2), from real runs of registered strategies:
// a mapped scan faults its pages in where pread copies them; a cold run reads from storage; a
// baseline's child is measured as exactly as a thread; hardware counters are n/a (never 0,
// never an error) where the machine has none, and counted, over every thread, where it has.
#include <linux/magic.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>

#include "io/page_cache.hpp"
#include "measure/hw_counters.hpp"
#include "sfp/datagen.hpp"
#include "sfp/run.hpp"
#include "sfp/run_context.hpp"
#include "sfp/strategy.hpp"
#include "sfp/workspace.hpp"

namespace {

constexpr std::uint64_t kSize = 16u << 20;

sfp::RunResult compare(const std::vector<std::string>& pair, const std::string& strategy, unsigned threads = 1,
                       std::uint64_t block = 64 << 10) {
    sfp::RunSpec spec;
    spec.algorithm = "compare";
    spec.strategy = strategy;
    spec.inputs = pair;
    spec.threads = threads;
    spec.block_size = block;
    sfp::Progress progress;
    return sfp::run_once(spec, progress);
}

std::uint64_t faults(const sfp::RunResult& r) { return std::uint64_t(r.usage.minor_faults + r.usage.major_faults); }

double own_cpu() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

constexpr double kBurnS = 0.05;  // a worker's CPU time: what a counter that misses or doubles it is off by

sfp::Outcome burn_in_threads(const sfp::RunSpec&, sfp::RunContext& ctx) {
    ctx.run_threads(2, [](unsigned) {
        const double start = own_cpu();
        volatile std::uint64_t sink = 0;
        while (own_cpu() - start < kBurnS) sink = sink + 1;
    });
    return {};
}

// Time the host took from all of this VM's CPUs so far (/proc/stat's steal, in clock ticks of
// 10 ms): perf's task clock runs on while a vCPU is stolen, the exact CPU time does not.
double stolen_s() {
    std::FILE* f = std::fopen("/proc/stat", "r");
    unsigned long long field[8]{};  // user nice system idle iowait irq softirq steal
    const int read = f ? std::fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &field[0], &field[1], &field[2],
                                     &field[3], &field[4], &field[5], &field[6], &field[7])
                       : 0;
    if (f) std::fclose(f);
    return read == 8 ? double(field[7]) / double(sysconf(_SC_CLK_TCK)) : 0.0;
}

sfp::RunResult burn_run() {
    const sfp::Strategy fake{.algorithm = "compare",
                             .name = "fake",
                             .description = "test-only",
                             .probe = [] { return sfp::Support::yes(); },
                             .run = burn_in_threads};
    sfp::RunSpec spec;
    spec.algorithm = "compare";
    spec.strategy = "fake";
    sfp::Progress progress;
    return sfp::run_once(fake, spec, progress);
}

// Whether perf_event_open gives this process a software event (task clock) at all.
bool software_events_allowed() {
    sfp::set_hw_source_for_tests(sfp::HwSource::software);
    const bool allowed = sfp::HwCounters().read().cycles.has_value();
    sfp::set_hw_source_for_tests(sfp::HwSource::hardware);
    return allowed;
}

}  // namespace

class TestRunCounters : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;  // on the disk the tests run from (ext4 here), not tmpfs, where it can be
    std::vector<std::string> pair_;

private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        pair_ = sfp::ensure_generated(tmp_.path().toStdString(), "pair", kSize, 1);
    }

    // A mapping touches every page through page faults (a fault maps a batch of pages, at most a
    // 2 MiB folio); pread copies in the kernel and faults only on its own buffers and thread,
    // however large the file. So going from a 1 MiB pair to a 16 MiB one adds at least a fault per
    // 2 MiB of the extra 30 MiB to the mapped run and (nearly) none to pread's. Differences, and
    // the fewest of three runs each: what a run costs whatever its size (its thread, its
    // buffers, a sanitizer's shadow memory) cancels out. pread reads 1 MiB a call, so the few
    // calls leave ThreadSanitizer's per-call trace (which faults as it grows) out of it too. Hot:
    // the faults are minor.
    void mappedRunFaultsWherePreadDoesNot() {
        const std::vector<std::string> small = sfp::ensure_generated(tmp_.path().toStdString(), "pair", 1u << 20, 1);
        const std::atomic<bool> no_cancel{false};
        const auto fewest = [&](const std::vector<std::string>& pair, const char* strategy) {
            sfp::page_cache::warm(pair, no_cancel);
            std::uint64_t least = ~std::uint64_t(0);
            for (int i = 0; i < 3; ++i) {
                const sfp::RunResult r = compare(pair, strategy, 1, 1u << 20);
                if (r.status != sfp::Status::ok) return std::uint64_t(0);
                least = std::min(least, faults(r));
            }
            return least;
        };
        const std::uint64_t mapped_small = fewest(small, "mmap"), mapped = fewest(pair_, "mmap");
        const std::uint64_t pread_small = fewest(small, "pread-mt"), pread = fewest(pair_, "pread-mt");
        qInfo("faults, 2 x 1 MiB -> 2 x 16 MiB: mmap %llu -> %llu, pread-mt %llu -> %llu",
              (unsigned long long)mapped_small, (unsigned long long)mapped, (unsigned long long)pread_small,
              (unsigned long long)pread);
        QVERIFY2(mapped >= mapped_small + 15, "a mapping faults at least once per 2 MiB more mapped");
        QVERIFY2(pread < pread_small + 8, "pread's faults do not grow with the input");
    }

    // Evicted inputs come from storage: read_bytes covers at least the input. Where the test
    // directory lives on tmpfs nothing is read from a device, and the count says 0, not n/a.
    void coldRunReadsFromStorage() {
        const sfp::page_cache::Eviction evicted = sfp::page_cache::evict(pair_);
        const sfp::RunResult r = compare(pair_, "read");
        QCOMPARE(r.status, sfp::Status::ok);
        QVERIFY2(r.usage.read_bytes.has_value(), "this kernel keeps per-thread I/O accounting");
        struct statfs fs {};
        QVERIFY(statfs(tmp_.path().toLocal8Bit().constData(), &fs) == 0);
        qInfo(
            "cold read: %llu bytes from storage for %llu processed (filesystem magic %lx, %.0f %% resident after "
            "eviction)",
            (unsigned long long)*r.usage.read_bytes, (unsigned long long)r.bytes, (unsigned long)fs.f_type,
            evicted.residency_pct);
        if (fs.f_type == TMPFS_MAGIC) {
            QCOMPARE(*r.usage.read_bytes, std::uint64_t(0));  // tmpfs pages never leave memory
            return;
        }
        QVERIFY2(evicted.residency_pct >= 0 && evicted.residency_pct < 5, "the inputs were evicted");
        QVERIFY2(*r.usage.read_bytes >= r.bytes * 9 / 10, "the evicted input came from storage");
        QCOMPARE(r.usage.write_bytes, std::optional<std::uint64_t>(0));  // compare writes nothing
    }

    // cmp runs as a child process: its CPU time is read from its process clock before it is
    // reaped (exact), and its storage bytes from its /proc io.
    void baselineChildIsMeasuredExactly() {
        const std::atomic<bool> no_cancel{false};
        sfp::page_cache::warm(pair_, no_cancel);
        const sfp::RunResult r = compare(pair_, "cmp");
        if (r.status == sfp::Status::unsupported) QFAIL("cmp is part of diffutils, which Debian always installs");
        QCOMPARE(r.status, sfp::Status::ok);
        QVERIFY(r.usage.cpu_exact);
        QVERIFY(r.usage.cpu_s > 0);
        QVERIFY(r.usage.cpu_s <= r.real_s * 2 + 1e-6);  // cmp is one thread, the runner another
        QVERIFY(r.usage.read_bytes.has_value());
    }

    // No PMU, or no permission: n/a, and the run is fine. This VM has no CPU PMU at all (only
    // software, tracepoint... under /sys/bus/event_source/devices), so its default is the same.
    void missingCountersAreNotAvailable() {
        sfp::set_hw_source_for_tests(sfp::HwSource::none);
        sfp::RunResult r = burn_run();
        QCOMPARE(r.status, sfp::Status::ok);
        QVERIFY(!r.usage.cycles && !r.usage.instructions && !r.usage.dtlb_read_misses);
        sfp::set_hw_source_for_tests(sfp::HwSource::hardware);
        r = burn_run();
        QCOMPARE(r.status, sfp::Status::ok);
        if (::access("/sys/bus/event_source/devices/cpu", F_OK) != 0 &&
            ::access("/sys/bus/event_source/devices/cpu_core", F_OK) != 0)
            QVERIFY2(!r.usage.cycles && !r.usage.instructions && !r.usage.dtlb_read_misses, "no CPU PMU here: n/a");
    }

    // The counting path itself (open with inherit before the clock, read after the join), with
    // the kernel's software events standing in for the PMU: the "cycles" slot counts task-clock
    // nanoseconds, so over the runner and both workers it must equal the run's exact CPU time.
    void countersCoverEveryThreadOfTheRun() {
        if (!software_events_allowed()) {
            sfp::set_hw_source_for_tests(sfp::HwSource::software);
            const sfp::RunResult r = burn_run();
            sfp::set_hw_source_for_tests(sfp::HwSource::hardware);
            QVERIFY2(!r.usage.cycles, "perf_event_open refuses even software events here: n/a");
            return;
        }
        // The counters run on past each worker's last sample, through its exit, which a sanitizer
        // makes dear (ASan's thread teardown took 1.15 ms of two workers in a loaded CI run): up
        // to a millisecond a thread more, never less; and on through time the host stole, which
        // /proc/stat counts to 10 ms a CPU. A worker the counters missed or counted twice is 50 ms,
        // so a run the host stole more than half of that from is run again.
        sfp::set_hw_source_for_tests(sfp::HwSource::software);
        sfp::RunResult r;
        double stolen = 0, over = 0;
        for (int attempt = 0; attempt < 5 && (attempt == 0 || over >= kBurnS); ++attempt) {
            const double stolen_before = stolen_s();
            r = burn_run();
            stolen = stolen_s() - stolen_before;
            over = 3e-3 + stolen + 2 * 0.01;
        }
        sfp::set_hw_source_for_tests(sfp::HwSource::hardware);
        QVERIFY2(over < kBurnS, qPrintable(QString("the host stole %1 s of each of 5 runs").arg(stolen)));
        QCOMPARE(r.status, sfp::Status::ok);
        QVERIFY(r.usage.cycles && r.usage.instructions && r.usage.dtlb_read_misses);
        const double task_clock_s = double(*r.usage.cycles) * 1e-9;
        QVERIFY2(r.usage.cpu_s >= 2 * kBurnS, "two workers burned 50 ms each");
        QVERIFY2(task_clock_s > r.usage.cpu_s - 1e-3 && task_clock_s < r.usage.cpu_s + over,
                 qPrintable(QString("task clock %1 s, exact CPU %2 s, stolen %3 s")
                                .arg(task_clock_s)
                                .arg(r.usage.cpu_s)
                                .arg(stolen)));
    }
};

QTEST_APPLESS_MAIN(TestRunCounters)
#include "test_run_counters.moc"
