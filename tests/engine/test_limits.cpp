// The machine's limits: every measurement on a tiny budget gives a positive figure and leaves
// nothing behind; the cache is reused for the same fingerprint and replaced for another (a
// fake fingerprint and a fake measurement, so nothing here measures twice); every cell's share
// is computed exactly from made-up limits (the arithmetic done again here, by hand); the
// runner records the limits it was given, also in its first update. No timing asserts.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <thread>

#include "hand_made.hpp"
#include "limits/passes.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/limits.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_update.hpp"
#include "limits/bench.hpp"
#include "limits/fixtures.hpp"

namespace {

// Enough for every measurement to run its code paths, small enough for the sanitizer builds.
sfp::LimitBudget tiny() {
    sfp::LimitBudget b;
    b.memory_bytes = 4u << 20;
    b.file_bytes = 2u << 20;
    b.small_folio_bytes = 1u << 20;
    b.device_bytes = 1u << 20;
    b.small_files = 20;
    b.threads = {1, 2};
    b.min_repetitions = b.max_repetitions = 2;
    b.seconds_each = 0;
    return b;
}

sfp::Limit limit(sfp::LimitId id, std::vector<sfp::LimitPoint> points) {
    return sfp::Limit{.id = id, .method = "made up", .points = std::move(points)};
}

// Two-stream read 12 GB/s with one thread, 20 (median of 19, 20, 22) with two; page-cache read and
// write; the device on /dev/fake.
sfp::MachineLimits made_up() {
    sfp::MachineLimits m;
    m.fingerprint = "made up";
    m.device = "/dev/fake";
    m.put(limit(sfp::LimitId::two_stream_read, {{1, {12e9}}, {2, {22e9, 19e9, 20e9}}}));
    m.put(limit(sfp::LimitId::page_cache_read, {{1, {6e9}}, {2, {10e9}}}));
    m.put(limit(sfp::LimitId::page_cache_write, {{1, {3e9}}, {2, {4e9}}}));
    m.put(limit(sfp::LimitId::device_read_qd32, {{1, {2e9, 1e9, 3e9}}}));
    return m;
}

// Counts its calls and hands back one limit per id asked for (figure = 1e9 times the call number).
struct FakeMeasure {
    int calls = 0;
    bool cancel = false;
    sfp::MachineLimits operator()(std::span<const sfp::LimitId> which, const sfp::LimitBudget&, const std::string&,
                                  sfp::Progress& progress, const sfp::LimitsSay&) {
        ++calls;
        if (cancel) progress.cancel = true;
        sfp::MachineLimits m;
        m.device = "/dev/fake";
        m.measured_at = "2026-01-0" + std::to_string(calls) + "T00:00:00Z";
        for (sfp::LimitId id : which) m.put(limit(id, {{1, {1e9 * calls}}}));
        return m;
    }
};

// A fake wall clock and fake CPU clocks: each pass of one thread moves 1 GB; a pass is given by
// the seconds its thread ran on a CPU and the seconds it waited for one (the wall clock advances
// by both). Without schedstat (waited -1), only the CPU clock tells the two apart.
struct FakeClocks {
    double now = 1000;
    sfp::limits::Pass pass(double on_cpu, double off_cpu, bool with_schedstat = false) {
        sfp::limits::ThreadSpan t{
            .start = now, .end = now + on_cpu + off_cpu, .cpu = on_cpu, .waited = with_schedstat ? off_cpu : -1};
        now = t.end + 0.001;
        return {.bytes = 1e9, .threads = {t}};
    }
};

// The figure of `passes` as the limit computes it.
double figure_of(const std::vector<sfp::limits::Pass>& passes) { return sfp::limits::point_of(1, passes).figure(); }

}  // namespace

class TestLimits : public QObject {
    Q_OBJECT
private slots:
    void every_measurement_gives_a_positive_figure_and_cleans_up() {
        // In the build tree, not /tmp: a tmpfs there would refuse O_DIRECT.
        QTemporaryDir dir(QDir::currentPath() + "/limits-XXXXXX");
        QVERIFY(dir.isValid());
        const sfp::LimitBudget budget = tiny();
        for (sfp::LimitId id : sfp::kLimitIds) {
            sfp::Progress progress;
            const sfp::Limit l = sfp::measure_limit(id, budget, dir.path().toStdString(), progress);
            const char* name = sfp::limit_name(id).data();
            QVERIFY2(l.unavailable.empty(),
                     qPrintable(QString("%1: %2").arg(name, QString::fromStdString(l.unavailable))));
            QVERIFY2(l.figure(1) > 0 && l.figure(2) > 0, name);
            QVERIFY2(!l.method.empty(), name);
            const bool by_device = id == sfp::LimitId::device_read_qd1 || id == sfp::LimitId::device_read_qd32 ||
                                   id == sfp::LimitId::small_files_cold;  // small files, hot: by passes
            for (const sfp::LimitPoint& p : l.points) {
                QCOMPARE(p.by_passes(), !by_device);  // CPU-bound limits by passes, the others by repetitions
                QCOMPARE(by_device ? std::size_t(p.rates.size()) : std::size_t(p.passes_taken), std::size_t(2));
                QVERIFY2(p.passes_kept <= p.passes_taken && !p.rates.empty(), name);
            }
            QVERIFY2(l.load >= 0, name);  // the load during it, recorded with it
            const std::size_t points = by_device ? 1 : 2;
            QCOMPARE(l.points.size(), points);
            if (id == sfp::LimitId::small_files_cold || id == sfp::LimitId::small_files_hot)
                QVERIFY(l.bytes_per_file > 0);
            QVERIFY2(QDir(dir.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), name);
        }
    }

    // With every timing made 0.5 s by the seam, a rate is twice the bytes counted: the memory read
    // counts its 4 MiB buffer, the two-stream read both halves, each (4 MiB - 17 pages) / 2 in
    // whole pages: 503 pages, so 2 x 503 x 4096 bytes.
    void the_bytes_counted_are_the_buffers() {
        QTemporaryDir dir(QDir::currentPath() + "/limits-XXXXXX");
        QVERIFY(dir.isValid());
        sfp::limits::set_on_threads_seconds_for_tests(0.5);
        sfp::Progress progress;
        const std::string workdir = dir.path().toStdString();
        const sfp::Limit one = sfp::measure_limit(sfp::LimitId::memory_read, tiny(), workdir, progress);
        const sfp::Limit two = sfp::measure_limit(sfp::LimitId::two_stream_read, tiny(), workdir, progress);
        sfp::limits::set_on_threads_seconds_for_tests(0);
        for (const auto& [limit, bytes] : {std::pair{&one, 4.0 * 1024 * 1024}, std::pair{&two, 2.0 * 503 * 4096}}) {
            QCOMPARE(limit->points.size(), std::size_t(2));  // 1 and 2 threads
            for (const sfp::LimitPoint& p : limit->points)
                for (double rate : p.rates) QCOMPARE(rate, bytes / 0.5);
        }
    }

    void a_cancelled_measurement_gives_no_points() {
        QTemporaryDir dir;
        sfp::Progress progress;
        progress.cancel = true;
        const sfp::MachineLimits m = sfp::measure_limits({}, tiny(), dir.path().toStdString(), progress);
        QVERIFY(m.limits.empty());
        QVERIFY(QDir(dir.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
    }

    void a_full_workspace_makes_a_limit_unavailable_not_an_error() {
        QTemporaryDir dir;
        sfp::LimitBudget budget = tiny();
        budget.file_bytes = std::uint64_t(1) << 60;  // more than any disk has free
        sfp::Progress progress;
        const sfp::Limit l =
            sfp::measure_limit(sfp::LimitId::page_cache_write, budget, dir.path().toStdString(), progress);
        QVERIFY(!l.measured());
        QVERIFY2(l.unavailable.find("free") != std::string::npos, l.unavailable.c_str());
    }

    void the_figure_is_the_best_median_with_at_most_the_threads() {
        const sfp::Limit l = limit(sfp::LimitId::memory_read, {{1, {10, 12, 11}}, {2, {30, 10, 20}}, {4, {15}}});
        QCOMPARE(l.figure(0), 11.0);  // 0: a strategy without threads runs one
        QCOMPARE(l.figure(1), 11.0);
        QCOMPARE(l.figure(2), 20.0);
        QCOMPARE(l.figure(3), 20.0);
        QCOMPARE(l.figure(64), 20.0);  // four threads did worse than two: two may always idle the rest
        QCOMPARE(l.figure_threads(64), 2u);
        const sfp::Limit one = limit(sfp::LimitId::device_read_qd1, {{1, {5, 7, 6}}});
        QCOMPARE(one.figure(8), 6.0);
        const sfp::Limit unavailable{.id = sfp::LimitId::memory_read, .unavailable = "no"};
        QCOMPARE(unavailable.figure(1), 0.0);
    }

    void passes_a_thread_waited_in_are_left_out_and_the_fastest_kept_one_is_the_figure() {
        FakeClocks clock;
        // Three undisturbed passes (10, 11.1, 9.1 GB/s) among five where the thread waited for a CPU
        // three quarters of the time (wall = 4x CPU: 2.5, 2.2 ... GB/s), as under other processes' load.
        const std::vector<sfp::limits::Pass> passes = {
            clock.pass(0.1, 0.3), clock.pass(0.1, 0),  clock.pass(0.11, 0.33), clock.pass(0.09, 0),
            clock.pass(0.1, 0.3), clock.pass(0.11, 0), clock.pass(0.12, 0.36), clock.pass(0.1, 0.3)};
        const sfp::LimitPoint p = sfp::limits::point_of(1, passes);
        QCOMPARE(p.passes_taken, 8u);
        QCOMPARE(p.passes_kept, 3u);
        QCOMPARE(p.rates.size(), std::size_t(3));
        QCOMPARE(p.figure(), 1e9 / 0.09);  // the fastest undisturbed: not the median of all (2.5 GB/s)
        QVERIFY(std::abs(p.median() - 1e10) < 1);
        QVERIFY(std::abs(p.spread() - (1e9 / 0.09 / 1e10 - 1)) < 1e-9);
        QVERIFY(p.uncertain());  // 3 < kFewPasses
        const sfp::Limit l = limit(sfp::LimitId::memory_read, {p});
        QCOMPARE(l.figure(1), 1e9 / 0.09);

        // Waiting up to 5 % of the span is no disturbance; more is, by the CPU clock or by schedstat.
        QVERIFY(sfp::limits::undisturbed(clock.pass(0.1, 0.005)));
        QVERIFY(!sfp::limits::undisturbed(clock.pass(0.1, 0.006)));
        QVERIFY(!sfp::limits::undisturbed(clock.pass(0.1, 0.05, true)));
        // With schedstat, time off the CPU that was no wait for one (blocked on a lock) is no disturbance.
        sfp::limits::Pass blocked = clock.pass(0.1, 0.05);
        blocked.threads[0].waited = 0;
        QVERIFY(sfp::limits::undisturbed(blocked));

        // Two threads: one that started late waited for a CPU, though it then ran undisturbed.
        sfp::limits::Pass two{.bytes = 2e9,
                              .threads = {{.start = 0, .end = 0.1, .cpu = 0.1, .waited = 0},
                                          {.start = 0.02, .end = 0.12, .cpu = 0.1, .waited = 0}}};
        QVERIFY(!sfp::limits::undisturbed(two));
        QCOMPARE(two.seconds(), 0.12);
        two.threads[1].start = 0.001, two.threads[1].end = 0.101;
        QVERIFY(sfp::limits::undisturbed(two));
        QCOMPARE(two.rate(), 2e9 / 0.101);
    }

    void a_point_with_enough_undisturbed_passes_is_certain_and_none_stands_in_uncertain() {
        FakeClocks clock;
        std::vector<sfp::limits::Pass> passes;
        for (int i = 0; i < 5; ++i) passes.push_back(clock.pass(0.1 + 0.01 * i, 0));
        QVERIFY(!sfp::limits::point_of(2, passes).uncertain());
        QCOMPARE(figure_of(passes), 1e10);
        const std::vector<sfp::limits::Pass> busy = {clock.pass(0.1, 0.4), clock.pass(0.1, 0.2), clock.pass(0.1, 0.9)};
        const sfp::LimitPoint none = sfp::limits::point_of(1, busy);
        QCOMPARE(none.passes_kept, 0u);
        QCOMPARE(none.figure(), 1e9 / 0.3);  // the fastest of all stands in: no better figure
        QVERIFY(none.uncertain());
        const sfp::LimitPoint repetitions{.threads = 1, .rates = {1, 3, 2}};  // devices, older files: the median
        QCOMPARE(repetitions.figure(), 2.0);
        QVERIFY(!repetitions.uncertain());
    }

    void pass_windows_walk_through_the_buffer() {
        sfp::LimitBudget b;
        b.pass_bytes = 8 << 20;
        const std::uint64_t size = 100 << 20;
        const sfp::limits::Range first = sfp::limits::pass_window(b, size, 2, 0, 4096);
        QCOMPARE(first.begin, std::uint64_t(0));
        QCOMPARE(first.end, std::uint64_t(16 << 20));
        QCOMPARE(sfp::limits::pass_window(b, size, 2, 5, 4096).begin, std::uint64_t(80 << 20));
        QCOMPARE(sfp::limits::pass_window(b, size, 2, 6, 4096).begin, std::uint64_t(0));  // 6 windows fit: again
        const sfp::limits::Range all = sfp::limits::pass_window(b, 3 << 20, 1, 7, 4096);  // smaller than a pass
        QCOMPARE(all.begin, std::uint64_t(0));
        QCOMPARE(all.end, std::uint64_t(3 << 20));
        QCOMPARE(sfp::limits::pass_window(b, 1000, 1, 3, 4096).end, std::uint64_t(1000));  // under one unit
    }

    // A tree of a made-up size mix: windows of as many files as make pass_bytes per thread at its
    // mean, their bytes the files' own; the figure (fastest undisturbed pass) read as files/s at the
    // tree's mean.
    void small_files_hot_takes_windows_of_files_and_reads_as_files_and_bytes() {
        sfp::LimitBudget b;
        b.pass_bytes = 100;
        const std::vector<std::uint64_t> sizes = {10, 30, 20, 40, 10, 30, 20, 40, 50, 50};  // mean 30
        const sfp::limits::FileRange w0 = sfp::limits::file_window(b, sizes, 2, 0);
        QCOMPARE(w0.begin, std::size_t(0));
        QCOMPARE(w0.end, std::size_t(6));  // 100 / 30 = 3 files a thread
        QCOMPARE(w0.bytes, 140.0);
        const sfp::limits::FileRange w1 = sfp::limits::file_window(b, sizes, 2, 1);  // one window of 6 fits: again
        QCOMPARE(w1.begin, std::size_t(0));
        const sfp::limits::FileRange one = sfp::limits::file_window(b, sizes, 1, 2);  // 3 windows of 3
        QCOMPARE(one.begin, std::size_t(6));
        QCOMPARE(one.end, std::size_t(9));
        QCOMPARE(one.bytes, 110.0);
        QCOMPARE(sfp::limits::file_window(b, sizes, 8, 0).end, sizes.size());  // at most all
        b.pass_bytes = 1;
        QCOMPARE(sfp::limits::file_window(b, sizes, 1, 0).end, std::size_t(1));  // at least one a thread
        QCOMPARE(sfp::limits::file_window(b, {}, 1, 0).end, std::size_t(0));

        // Passes of 140 bytes: 1.4 s undisturbed, 0.7 s with 0.7 s waiting for a CPU (left out), 2 s.
        const std::vector<sfp::limits::Pass> passes = {
            {.bytes = w0.bytes, .threads = {{.start = 0, .end = 1.4, .cpu = 1.4, .waited = 0}}},
            {.bytes = w0.bytes, .threads = {{.start = 2, .end = 3.4, .cpu = 0.7, .waited = 0.7}}},
            {.bytes = w0.bytes, .threads = {{.start = 4, .end = 6, .cpu = 2, .waited = 0}}}};
        sfp::Limit l = limit(sfp::LimitId::small_files_hot, {sfp::limits::point_of(1, passes)});
        l.bytes_per_file = 30;         // the tree's mean
        QCOMPARE(l.figure(1), 100.0);  // 140 bytes in 1.4 s
        QCOMPARE(l.files_per_s(1), 100.0 / 30);
        QCOMPARE(l.points[0].passes_kept, 2u);
        QCOMPARE(limit(sfp::LimitId::page_cache_read, {{1, {5e9}}}).files_per_s(1), 0.0);  // not a limit of files
    }

    void a_limits_file_reads_back_exactly() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("limits.txt").toStdString();
        sfp::MachineLimits m = made_up();
        m.measured_at = "2026-02-03T04:05:06Z";
        m.put(sfp::Limit{.id = sfp::LimitId::device_read_qd1, .method = "tab\there", .unavailable = "no O_DIRECT"});
        sfp::Limit files = limit(sfp::LimitId::small_files_cold, {{32, {1.0 / 3, 2e8}}});
        files.bytes_per_file = 51234.5;
        files.quick = true;
        files.load = 7.25;
        m.put(files);
        sfp::Limit passes = limit(sfp::LimitId::memory_read,
                                  {{.threads = 1, .rates = {3e10, 2.9e10}, .passes_taken = 40, .passes_kept = 2},
                                   {.threads = 2, .rates = {1.5e9}, .passes_taken = 9, .passes_kept = 0}});
        passes.load = 0.5;
        passes.steal = 0.031;
        m.put(passes);
        sfp::save_limits(path, m);
        const std::optional<sfp::MachineLimits> back = sfp::load_limits(path);
        QVERIFY(back);
        QCOMPARE(back->fingerprint, m.fingerprint);
        QCOMPARE(back->device, m.device);
        QCOMPARE(back->measured_at, m.measured_at);
        QCOMPARE(back->limits.size(), m.limits.size());
        for (std::size_t i = 0; i < m.limits.size(); ++i) {
            const sfp::Limit &a = m.limits[i], &b = back->limits[i];
            QCOMPARE(b.id, a.id);
            QCOMPARE(b.quick, a.quick);
            QCOMPARE(b.unavailable, a.unavailable);
            QCOMPARE(b.bytes_per_file, a.bytes_per_file);
            QCOMPARE(b.load, a.load);
            QCOMPARE(b.steal, a.steal);
            QCOMPARE(b.points.size(), a.points.size());
            for (std::size_t p = 0; p < a.points.size(); ++p) {
                QCOMPARE(b.points[p].threads, a.points[p].threads);
                QCOMPARE(b.points[p].passes_taken, a.points[p].passes_taken);
                QCOMPARE(b.points[p].passes_kept, a.points[p].passes_kept);
                QCOMPARE(b.points[p].rates, a.points[p].rates);  // exactly: 17 digits
            }
        }
        QCOMPARE(back->find(sfp::LimitId::device_read_qd1)->method, std::string("tab here"));
        QVERIFY(!sfp::load_limits(dir.filePath("none.txt").toStdString()));
    }

    void a_damaged_limits_file_names_its_line() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("limits.txt").toStdString();
        std::ofstream(path) << "sfpbench-limits 1\nfingerprint\tx\nlimit\tmemory-read\npoint\t1\tfast\n";
        try {
            sfp::load_limits(path);
            QFAIL("a damaged file was read");
        } catch (const sfp::Failure& e) {
            QVERIFY2(std::string(e.what()).find("line 4: 'fast' is not a number") != std::string::npos, e.what());
        }
    }

    void the_cache_is_reused_for_a_fingerprint_and_replaced_for_another() {
        QTemporaryDir dir;
        FakeMeasure fake;
        sfp::LimitsLookup lookup{
            .workdir = dir.path().toStdString(), .which = {sfp::LimitId::memory_read}, .fingerprint = "machine A"};
        lookup.measure_with = std::ref(fake);
        sfp::Progress progress;

        sfp::LimitsFound first = sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 1);
        QCOMPARE(first.measured, std::vector<sfp::LimitId>{sfp::LimitId::memory_read});
        QCOMPARE(first.limits.fingerprint, std::string("machine A"));
        QVERIFY(first.saved_error.empty());

        const sfp::LimitsFound again = sfp::find_limits(lookup, progress);  // same fingerprint: the cache
        QCOMPARE(fake.calls, 1);
        QVERIFY(again.measured.empty());
        QCOMPARE(again.limits.find(sfp::LimitId::memory_read)->figure(1), 1e9);

        lookup.which = {sfp::LimitId::memory_read, sfp::LimitId::page_cache_read};  // one more: only it measured
        const sfp::LimitsFound more = sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 2);
        QCOMPARE(more.measured, std::vector<sfp::LimitId>{sfp::LimitId::page_cache_read});
        QCOMPARE(more.limits.find(sfp::LimitId::memory_read)->figure(1), 1e9);
        QCOMPARE(more.limits.find(sfp::LimitId::page_cache_read)->figure(1), 2e9);

        lookup.fingerprint = "machine B";  // another machine: nothing of A's counts
        const sfp::LimitsFound other = sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 3);
        QCOMPARE(other.measured.size(), std::size_t(2));
        QCOMPARE(sfp::load_limits(sfp::limits_cache_path(lookup.workdir))->fingerprint, std::string("machine B"));

        lookup.refresh = true;  // measured again whatever is kept
        sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 4);

        lookup.refresh = false;
        lookup.quick = false;  // kept ones were quick (the fake says so below): a full lookup measures again
        sfp::MachineLimits quick_ones = *sfp::load_limits(sfp::limits_cache_path(lookup.workdir));
        for (sfp::Limit& l : quick_ones.limits) l.quick = true;
        sfp::save_limits(sfp::limits_cache_path(lookup.workdir), quick_ones);
        sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 5);
        lookup.quick = true;
        sfp::find_limits(lookup, progress);  // a quick lookup takes the full ones now kept
        QCOMPARE(fake.calls, 5);

        lookup.measure = false;  // cached only
        lookup.fingerprint = "machine C";
        const sfp::LimitsFound none = sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 5);
        QVERIFY(none.limits.limits.empty());
    }

    // A kept limit with neither points nor a reason it is unavailable says nothing: it is measured
    // again. One with a reason is kept (measuring again would meet the same reason).
    void a_kept_limit_without_points_or_reason_is_measured_again() {
        QTemporaryDir dir;
        FakeMeasure fake;
        sfp::LimitsLookup lookup{.workdir = dir.path().toStdString(),
                                 .which = {sfp::LimitId::memory_read, sfp::LimitId::page_cache_read},
                                 .fingerprint = "machine A"};
        lookup.measure_with = std::ref(fake);
        sfp::MachineLimits kept;
        kept.fingerprint = "machine A";
        kept.put(sfp::Limit{.id = sfp::LimitId::memory_read, .method = "made up"});
        kept.put(sfp::Limit{.id = sfp::LimitId::page_cache_read, .method = "made up", .unavailable = "no room"});
        sfp::save_limits(sfp::limits_cache_path(lookup.workdir), kept);
        sfp::Progress progress;
        const sfp::LimitsFound found = sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 1);
        QCOMPARE(found.measured, std::vector<sfp::LimitId>{sfp::LimitId::memory_read});
        QCOMPARE(found.limits.find(sfp::LimitId::memory_read)->figure(1), 1e9);
        QCOMPARE(found.limits.find(sfp::LimitId::page_cache_read)->unavailable, std::string("no room"));
    }

    // Seen on a busy machine (load 9 on 2 CPUs): the two-stream read with 2 threads kept at 64.5
    // GB/s, twice the figure the same machine gave at quieter moments, from 1 undisturbed pass of
    // 46. Under load both threads start on the one free CPU and run one after the other (the second
    // starts when the first ends): those passes are left out, rightly, and the lone pass whose
    // threads did overlap stands for the point. One pass confirms nothing, so a kept uncertain
    // limit is measured again whenever the lookup may measure, instead of being kept as a ceiling.
    void a_kept_uncertain_limit_is_measured_again() {
        std::vector<sfp::limits::Pass> passes;
        double now = 0;
        for (int i = 0; i < 45; ++i) {  // 32 MiB, one thread after the other: 265 us each, 29 GB/s in all
            passes.push_back({.bytes = 32 << 20,
                              .threads = {{.start = now, .end = now + 265e-6, .cpu = 265e-6, .waited = 0},
                                          {.start = now + 310e-6, .end = now + 575e-6, .cpu = 265e-6, .waited = 0}}});
            now += 1e-3;
        }
        passes.push_back({.bytes = 32 << 20,
                          .threads = {{.start = now, .end = now + 520e-6, .cpu = 520e-6, .waited = 0},
                                      {.start = now, .end = now + 515e-6, .cpu = 515e-6, .waited = 0}}});
        const sfp::LimitPoint two = sfp::limits::point_of(2, passes);
        QCOMPARE(two.passes_kept, 1u);  // the serialised passes are no ceiling: the late thread is caught
        QCOMPARE(two.figure(), double(32 << 20) / 520e-6);  // 64.5 GB/s, from that lone pass
        QVERIFY(two.uncertain());

        QTemporaryDir dir;
        FakeMeasure fake;
        sfp::LimitsLookup lookup{
            .workdir = dir.path().toStdString(), .which = {sfp::LimitId::two_stream_read}, .fingerprint = "machine A"};
        lookup.measure_with = std::ref(fake);
        sfp::MachineLimits kept;
        kept.fingerprint = "machine A";
        const sfp::LimitPoint one{
            .threads = 1, .rates = {31e9, 32e9, 33e9, 34e9, 34.5e9}, .passes_taken = 44, .passes_kept = 5};
        kept.put(limit(sfp::LimitId::two_stream_read, {one, two}));
        const std::string path = sfp::limits_cache_path(lookup.workdir);
        sfp::save_limits(path, kept);
        sfp::Progress progress;

        lookup.measure = false;  // the cache alone: kept as it is, still marked uncertain
        QCOMPARE(sfp::find_limits(lookup, progress).limits.find(sfp::LimitId::two_stream_read)->figure(2),
                 two.figure());
        QCOMPARE(fake.calls, 0);
        lookup.measure = true;  // may measure: the uncertain limit is measured again, not kept
        const sfp::LimitsFound found = sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 1);
        QCOMPARE(found.measured, std::vector<sfp::LimitId>{sfp::LimitId::two_stream_read});
        QCOMPARE(found.limits.find(sfp::LimitId::two_stream_read)->figure(2), 1e9);
        QVERIFY(!sfp::load_limits(path)->find(sfp::LimitId::two_stream_read)->uncertain());

        kept.put(limit(sfp::LimitId::two_stream_read, {one}));  // enough undisturbed passes: kept
        sfp::save_limits(path, kept);
        QCOMPARE(sfp::find_limits(lookup, progress).limits.find(sfp::LimitId::two_stream_read)->figure(1), 34.5e9);
        QCOMPARE(fake.calls, 1);
    }

    // A cancel stops filling the memory buffer (up to 1 GiB) between its pieces, and a buffer
    // cut short is never kept as the fixture: asked again, it is filled whole.
    void a_cancel_stops_filling_the_memory_buffer() {
        QTemporaryDir dir;
        const sfp::LimitBudget b = tiny();
        std::atomic<bool> cancel{true};
        sfp::limits::Fixtures f(b, dir.path().toStdString(), cancel);
        QVERIFY_THROWS_EXCEPTION(sfp::limits::Cancelled, f.memory());
        cancel = false;
        const std::span<const std::uint8_t> m = f.memory();
        QCOMPARE(m.size(), std::size_t(b.memory_bytes));
        QVERIFY(std::all_of(m.begin(), m.end(), [](std::uint8_t x) { return x == 0x5A; }));
    }

    void a_cancelled_measurement_keeps_nothing() {
        QTemporaryDir dir;
        FakeMeasure fake;
        fake.cancel = true;
        sfp::LimitsLookup lookup{.workdir = dir.path().toStdString(), .fingerprint = "machine A"};
        lookup.measure_with = std::ref(fake);
        sfp::Progress progress;
        const sfp::LimitsFound found = sfp::find_limits(lookup, progress);
        QCOMPARE(fake.calls, 1);
        QVERIFY(found.limits.limits.empty());
        QVERIFY(!QFile::exists(dir.filePath("limits.txt")));
    }

    void each_algorithm_declares_its_limits() {
        using L = sfp::LimitId;
        const auto needed = [](const std::string& algorithm, sfp::CacheMode cache,
                               std::vector<std::string> strategies) {
            sfp::Experiment e;
            e.algorithm = algorithm;
            e.cache = cache;
            std::vector<sfp::Cell> cells;
            for (const std::string& s : strategies) cells.push_back(hand_made::cell(s, 4096, 2));
            return sfp::limits_needed(e, cells);
        };
        const auto hot = sfp::CacheMode::hot, cold = sfp::CacheMode::cold, written = sfp::CacheMode::hot_written;
        QCOMPARE(needed("compare", hot, {"read", "mmap-mt"}), std::vector<L>{L::two_stream_read});
        QCOMPARE(needed("compare", written, {"cmp"}), std::vector<L>{L::two_stream_read});
        QCOMPARE(needed("compare", cold, {"read"}), (std::vector<L>{L::device_read_qd1, L::device_read_qd32}));
        QCOMPARE(needed("wordcount", hot, {"simd"}), std::vector<L>{L::page_cache_read});
        QCOMPARE(needed("wordcount", hot, {"mmap"}), std::vector<L>{L::mapped_scan_large});  // the mapped family
        QCOMPARE(needed("wordcount", hot, {"auto"}), std::vector<L>{L::mapped_scan_large});  // it may choose a mapping
        QCOMPARE(needed("cipher", hot, {"auto"}), (std::vector<L>{L::mapped_scan_large, L::page_cache_write}));
        QCOMPARE(needed("wordcount", cold, {"simd"}), (std::vector<L>{L::device_read_qd1, L::device_read_qd32}));
        QCOMPARE(needed("cipher", hot, {"stream", "mmap-mt"}),
                 (std::vector<L>{L::page_cache_read, L::mapped_scan_large, L::page_cache_write}));
        QCOMPARE(needed("cipher", cold, {"stream"}),
                 (std::vector<L>{L::page_cache_write, L::device_read_qd1, L::device_read_qd32}));
        QCOMPARE(needed("iterate", hot, {"parallel"}), std::vector<L>{L::small_files_hot});  // a generated tree
        QCOMPARE(needed("iterate", cold, {"uring"}), (std::vector<L>{L::device_read_qd1, L::device_read_qd32}));
        QVERIFY(needed("nonesuch", hot, {"x"}).empty());
    }

    // iterate hot: a generated tree (of the mix small files, hot is measured on) against the
    // per-file limit at the cell's threads; a given tree, of unknown sizes, against the page-cache read.
    void iterate_hot_is_judged_per_file_on_generated_trees() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "iterate";
        r.experiment.cache = sfp::CacheMode::hot;
        r.limits = made_up();
        sfp::Limit files = limit(sfp::LimitId::small_files_hot, {{1, {1.5e9}}, {2, {2.5e9}}});
        files.bytes_per_file = 51200;
        r.limits.put(files);
        r.cells = {hand_made::cell("parallel", 0, 2), hand_made::cell("fs", 0, 0)};
        const sfp::CellLimit two = sfp::cell_limit(r, 0), one = sfp::cell_limit(r, 1);
        QCOMPARE(two.label(), std::string("small files, hot, 2 threads"));
        QCOMPARE(two.bytes_per_s, 2.5e9);
        QCOMPARE(one.bytes_per_s, 1.5e9);
        QCOMPARE(two.ids, std::vector<sfp::LimitId>{sfp::LimitId::small_files_hot});
        r.experiment.inputs = {"/some/tree"};  // given: its sizes are not known here
        QCOMPARE(sfp::cell_limit(r, 0).label(), std::string("page-cache read, 2 threads"));
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 10e9);
        r.experiment.inputs.clear();
        r.limits = made_up();  // an older file without the per-file limit: no share, not another limit's
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 0.0);
        QVERIFY(sfp::cell_limit(r, 0).reason.find("small files, hot is not measured") != std::string::npos);
    }

    // cp and copy-range copy in the kernel: floors, held against no user-space limit, hot or cold.
    void in_kernel_copies_get_no_share() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "cipher";
        r.limits = made_up();
        r.limits.put(limit(sfp::LimitId::mapped_scan_large, {{1, {8e9}}, {2, {14e9}}}));
        r.cells = {hand_made::cell("cp", 0, 0), hand_made::cell("copy-range", 0, 0),
                   hand_made::cell("stream", 4096, 0)};
        for (sfp::CacheMode cache : {sfp::CacheMode::hot, sfp::CacheMode::cold}) {
            r.experiment.cache = cache;
            for (std::size_t c : {0, 1}) {
                const sfp::CellLimit l = sfp::cell_limit(r, c);
                QCOMPARE(l.bytes_per_s, 0.0);
                QVERIFY(l.name.empty());
                QVERIFY2(l.reason.find("in-kernel copy") != std::string::npos, l.reason.c_str());
                QVERIFY(!sfp::limit_pct(l, 1e9, 0.1));
            }
            QVERIFY(sfp::cell_limit(r, 2).bytes_per_s > 0);  // the user-space strategies keep theirs
            QCOMPARE(sfp::limits_needed(r.experiment, std::span(r.cells).first(2)), std::vector<sfp::LimitId>{});
        }
    }

    // compare hot, two cells: one thread (read) and two (mmap-mt); 64 MB over their medians.
    void a_cells_share_is_its_throughput_over_its_limit_at_its_threads() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "compare";
        r.experiment.cache = sfp::CacheMode::hot;
        r.limits = made_up();
        r.cells = {hand_made::cell("read", 4096, 0), hand_made::cell("mmap-mt", 0, 2)};
        const double bytes = 64e6;
        const sfp::CellLimit one = sfp::cell_limit(r, 0), two = sfp::cell_limit(r, 1);
        QCOMPARE(one.name, std::string("two-stream memory read"));
        QCOMPARE(one.label(), std::string("two-stream memory read, 1 thread"));
        QCOMPARE(one.bytes_per_s, 12e9);
        QCOMPARE(two.label(), std::string("two-stream memory read, 2 threads"));
        QCOMPARE(two.bytes_per_s, 20e9);  // the median of 22, 19, 20
        // 64 MB in 0.004 s = 16 GB/s: 80 % of 20 GB/s, 133.3 % of 12.
        QCOMPARE(*sfp::limit_pct(two, bytes, 0.004), 64e6 / 0.004 / 20e9 * 100);
        QVERIFY(std::abs(*sfp::limit_pct(two, bytes, 0.004) - 80) < 1e-9);
        QVERIFY(std::abs(*sfp::limit_pct(one, bytes, 0.008) - 800.0 / 12) < 1e-9);
        QVERIFY(!sfp::limit_pct(two, bytes, 0));
    }

    void cipher_adds_the_read_and_the_write() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "cipher";
        r.experiment.cache = sfp::CacheMode::hot;
        r.limits = made_up();
        r.cells = {hand_made::cell("threads", 4096, 2)};
        const sfp::CellLimit l = sfp::cell_limit(r, 0);
        QCOMPARE(l.name, std::string("page-cache read + page-cache write"));
        // One thread: 1 / (1/6 + 1/3) GB/s, a byte takes 1/6 ns to read and 1/3 ns to write = 2 GB/s.
        r.cells = {hand_made::cell("threads", 4096, 1)};
        QVERIFY(std::abs(sfp::cell_limit(r, 0).bytes_per_s - 2e9) < 1);
        // Cold: the device reads ahead while the thread writes: the slower of 2 (device) and 3 GB/s.
        r.experiment.cache = sfp::CacheMode::cold;
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 2e9);
    }

    // Cold, the device's ceiling is the faster of its two measured queue depths (one stream can be
    // the faster on a virtual disk); a depth not measured or unavailable gives way to the other.
    void the_device_read_is_the_faster_of_its_queue_depths() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "compare";
        r.experiment.cache = sfp::CacheMode::cold;
        r.machine.device = "/dev/fake";
        r.limits = made_up();  // 32 in flight: 2 GB/s; one stream not measured
        r.cells = {hand_made::cell("read", 4096, 0)};
        QCOMPARE(sfp::cell_limit(r, 0).name, std::string("device read, queue depth 32"));
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 2e9);
        r.limits.put(limit(sfp::LimitId::device_read_qd1, {{1, {2.5e9, 2.4e9, 2.6e9}}}));
        QCOMPARE(sfp::cell_limit(r, 0).name, std::string("device read, queue depth 1"));
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 2.5e9);
        r.limits.put(limit(sfp::LimitId::device_read_qd1, {{1, {1.5e9}}}));  // slower: 32 in flight stays
        QCOMPARE(sfp::cell_limit(r, 0).name, std::string("device read, queue depth 32"));
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 2e9);
        r.limits.put(sfp::Limit{.id = sfp::LimitId::device_read_qd32, .unavailable = "no io_uring"});
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 1.5e9);  // only one stream left
        r.experiment.algorithm = "cipher";  // the faster read, then the write (3 GB/s): the device binds
        r.limits = made_up();
        r.limits.put(limit(sfp::LimitId::device_read_qd1, {{1, {2.5e9}}}));
        r.cells = {hand_made::cell("stream", 4096, 0)};
        QCOMPARE(sfp::cell_limit(r, 0).name, std::string("device read, queue depth 1 + page-cache write"));
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 2.5e9);
        r.machine.device = "/dev/other";  // neither depth judges inputs on another device
        QVERIFY(sfp::cell_limit(r, 0).reason.find("/dev/other") != std::string::npos);
    }

    // With threads, one block's read overlaps another's write on another CPU: the ceiling is the
    // least of the read at those threads, the write at those threads and the CPUs' serial time.
    void cipher_threads_overlap_the_read_and_the_write() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "cipher";
        r.experiment.cache = sfp::CacheMode::hot;
        r.limits.put(limit(sfp::LimitId::page_cache_read, {{1, {10e9}}, {2, {18e9}}}));
        r.limits.put(limit(sfp::LimitId::page_cache_write, {{1, {10e9}}, {2, {12e9}}}));
        r.limits.load = {.one_minute = 0.1, .cpus = 2};
        r.cells = {hand_made::cell("pool", 4096, 1), hand_made::cell("pool", 4096, 2),
                   hand_made::cell("pool", 4096, 4)};
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 5e9);   // 1 / (0.1 + 0.1 ns)
        QCOMPARE(sfp::cell_limit(r, 1).bytes_per_s, 10e9);  // 2 CPUs x 5 GB/s, under 18 and 12
        QCOMPARE(sfp::cell_limit(r, 2).bytes_per_s, 10e9);  // 4 threads still on 2 CPUs
        r.limits.load.cpus = 4;
        QCOMPARE(sfp::cell_limit(r, 2).bytes_per_s, 12e9);  // 4 x 5 = 20: the write at 2 threads binds
        r.limits.load = {};  // a file kept before the CPUs were recorded: the most threads measured, 2
        QCOMPARE(sfp::cell_limit(r, 2).bytes_per_s, 10e9);
        QCOMPARE(sfp::cell_limit(r, 1).label(), std::string("page-cache read + page-cache write, 2 threads"));
        // a one-run command's run: its threads (pool uses them), 0 = the online CPUs
        sfp::RunSpec spec;
        spec.algorithm = "cipher";
        spec.strategy = "pool";
        spec.threads = 1;
        QCOMPARE(sfp::run_limit(r.limits, spec, sfp::CacheMode::hot).bytes_per_s, 5e9);
        spec.strategy = "stream";  // no threads: one
        spec.threads = 2;
        QCOMPARE(sfp::run_limit(r.limits, spec, sfp::CacheMode::hot).bytes_per_s, 5e9);
        spec.strategy = "pool";
        QCOMPARE(sfp::run_limit(r.limits, spec, sfp::CacheMode::hot).bytes_per_s, 10e9);
    }

    // The load before measuring is kept with the limits (the busiest of those kept), read back,
    // and a file without it (kept before it was recorded) still reads.
    void the_load_at_measurement_is_kept_and_read_back() {
        QTemporaryDir dir;
        FakeMeasure fake;
        sfp::MachineLoad load{.one_minute = 1.5, .cpus = 2};
        sfp::LimitsLookup lookup{
            .workdir = dir.path().toStdString(), .which = {sfp::LimitId::memory_read}, .fingerprint = "machine A"};
        lookup.measure_with = std::ref(fake);
        lookup.load_with = [&] { return load; };
        sfp::Progress progress;
        QVERIFY(sfp::find_limits(lookup, progress).limits.load.busy());  // 1.5 >= 2 / 2
        const std::string path = sfp::limits_cache_path(lookup.workdir);
        std::optional<sfp::MachineLimits> back = sfp::load_limits(path);
        QCOMPARE(back->load.one_minute, 1.5);
        QCOMPARE(back->load.cpus, 2u);

        load.one_minute = 0.2;  // another limit measured on a quiet machine: the busier moment stays
        lookup.which = {sfp::LimitId::two_stream_read};
        QCOMPARE(sfp::find_limits(lookup, progress).limits.load.one_minute, 1.5);
        lookup.refresh = true;  // one of them measured again: the others kept, so the busier moment stays
        QCOMPARE(sfp::find_limits(lookup, progress).limits.load.one_minute, 1.5);
        QCOMPARE(sfp::load_limits(path)->limits.size(), std::size_t(2));
        lookup.which = {};  // all measured again: the new load alone
        const sfp::MachineLoad quiet = sfp::find_limits(lookup, progress).limits.load;
        QCOMPARE(quiet.one_minute, 0.2);
        QVERIFY(!quiet.busy());
        QVERIFY(!(sfp::MachineLoad{.one_minute = 0.99, .cpus = 2}.busy()));
        QVERIFY((sfp::MachineLoad{.one_minute = 1.0, .cpus = 2}.busy()));

        std::string text;
        {
            std::ifstream in(path);
            for (std::string line; std::getline(in, line);)
                if (line.rfind("load\t", 0) != 0) text += line + "\n";
        }
        std::ofstream(path) << text;  // as written before the load was recorded
        back = sfp::load_limits(path);
        QVERIFY(back && !back->load.known() && !back->load.busy());
        QCOMPARE(back->limits.size(), std::size(sfp::kLimitIds));  // the full refresh measured them all
    }

    void no_share_without_a_limit_and_the_reason_says_why() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "wordcount";
        r.experiment.cache = sfp::CacheMode::hot;
        r.limits = made_up();
        r.cells = {hand_made::cell("mmap", 0, 1)};  // mapped scans were not measured
        sfp::CellLimit l = sfp::cell_limit(r, 0);
        QCOMPARE(l.bytes_per_s, 0.0);
        QVERIFY2(l.reason.find("mapped scan, large folios is not measured") != std::string::npos, l.reason.c_str());
        QVERIFY(!sfp::limit_pct(l, 1e6, 1));

        r.experiment.cache = sfp::CacheMode::cold;  // the inputs on another device than the limit's
        r.machine.device = "/dev/other";
        l = sfp::cell_limit(r, 0);
        QVERIFY2(l.reason.find("/dev/other") != std::string::npos, l.reason.c_str());
        r.machine.device = "/dev/fake";
        QCOMPARE(sfp::cell_limit(r, 0).bytes_per_s, 1e9 * 2);

        r.limits = {};
        r.limits.absent = "limits turned off";
        QCOMPARE(sfp::cell_limit(r, 0).reason, std::string("limits turned off"));
        r.experiment.algorithm = "nonesuch";
        QCOMPARE(sfp::cell_limit(r, 0).reason, std::string("nonesuch declares no limit"));
    }

    void a_cell_above_its_limit_by_more_than_the_spread_names_the_suspect() {
        sfp::ExperimentReport r;
        r.experiment.algorithm = "wordcount";
        r.experiment.cache = sfp::CacheMode::hot;
        r.limits = made_up();  // page-cache read 6 GB/s with one thread, a median of one repetition
        r.limits.measured_at = "2026-01-01T00:00:00Z";
        r.measured_at = "2026-01-02T00:00:00Z";
        r.cells = {hand_made::cell("read", 65536, 0), hand_made::cell("read", 4096, 0)};
        r.stats.resize(2);
        for (std::size_t c = 0; c < 2; ++c) r.stats[c].cell = c, r.stats[c].real.n = 3;
        r.stats[0].throughput_mbs = 6300;
        r.stats[1].throughput_mbs = 5990;
        std::vector<sfp::LimitSuspect> s = sfp::suspect_limits(r);
        QCOMPARE(s.size(), std::size_t(1));  // 105 % against a spread of 0; 99.8 % is no suspect
        QCOMPARE(s[0].cell, std::size_t(0));
        QCOMPARE(s[0].ids, std::vector<sfp::LimitId>{sfp::LimitId::page_cache_read});
        QVERIFY2(s[0].why.find("median of repetitions") != std::string::npos, s[0].why.c_str());

        // By passes with a spread of 20 % (fastest 6, median 5): 105 % is within it, 125 % is not.
        r.limits.put(limit(sfp::LimitId::page_cache_read,
                           {{.threads = 1, .rates = {6e9, 5e9, 5e9, 5e9, 5e9}, .passes_taken = 9, .passes_kept = 5}}));
        QVERIFY(sfp::suspect_limits(r).empty());
        r.stats[1].throughput_mbs = 7500;
        s = sfp::suspect_limits(r);
        QCOMPARE(s.size(), std::size_t(1));
        QCOMPARE(s[0].cell, std::size_t(1));
        QVERIFY2(s[0].why.find("another moment") != std::string::npos, s[0].why.c_str());
        r.limits.measured_at = "2026-01-03T00:00:00Z";  // measured again after the runs began
        QVERIFY2(sfp::suspect_limits(r)[0].why.find("does not bound") != std::string::npos, s[0].why.c_str());
    }

    void limits_in_rounds_are_measured_once_a_round_and_each_run_is_judged_against_its_own() {
        QTemporaryDir dir;
        const std::string a = dir.filePath("a").toStdString(), b = dir.filePath("b").toStdString();
        std::ofstream(a) << "same";
        std::ofstream(b) << "same";
        sfp::Experiment e;
        e.algorithm = "compare";
        e.inputs = {a, b};
        e.strategies = {"read", "mmap"};
        e.repetitions = 3;
        e.warmups = 0;
        e.workdir = dir.filePath("work").toStdString();
        e.limits_in_rounds = true;
        FakeMeasure fake;  // round k's figure: k GB/s
        sfp::LimitsPolicy policy{.mode = sfp::LimitsPolicy::Mode::cached};
        policy.measure_with = std::ref(fake);
        sfp::Progress progress;
        const sfp::ExperimentReport r = sfp::run_experiment(e, progress, nullptr, policy);
        QCOMPARE(fake.calls, 3);  // one measurement per round, not per run (6 runs)
        QCOMPARE(r.runs.size(), std::size_t(6));
        QCOMPARE(r.round_limits.size(), std::size_t(3));
        for (std::size_t i = 0; i < r.runs.size(); ++i) {
            const sfp::CellLimit l = sfp::record_limit(r, i);
            QCOMPARE(l.bytes_per_s, 1e9 * r.runs[i].repetition);  // its own round's figure
            QCOMPARE(l.rounds, 1u);
        }
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
            QCOMPARE(sfp::cell_limit(r, c).bytes_per_s, 2e9);  // the median of its rounds' 1, 2, 3
            QCOMPARE(sfp::cell_limit(r, c).rounds, 3u);
        }

        e.order = sfp::Order::sequential;  // no rounds to measure in: refused, never silently ignored
        QCOMPARE(sfp::check_experiment(e).size(), std::size_t(1));
        QCOMPARE(sfp::check_experiment(e).front().field, std::string("limits_in_rounds"));
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::run_experiment(e, progress, nullptr, policy));
        QCOMPARE(fake.calls, 3);

        e.order = sfp::Order::interleaved;  // not asked for: the kept limits alone
        e.limits_in_rounds = false;
        QCOMPARE(sfp::run_experiment(e, progress, nullptr, policy).round_limits.size(), std::size_t(0));
        QCOMPARE(fake.calls, 3);
    }

    // A cell above its kept limit by more than the limit's spread (issue 39 §2): the run names the
    // limit and measures it again once after the runs (full budget, through the policy's
    // measurement), and the report is judged against the new figure. Here the kept two-stream read
    // is 1 byte/s (a median of one repetition, so certain), far under any run.
    void a_limit_a_cell_ran_above_is_measured_again_after_the_runs() {
        QTemporaryDir dir;
        const std::string a = dir.filePath("a").toStdString(), b = dir.filePath("b").toStdString();
        std::ofstream(a) << "same";
        std::ofstream(b) << "same";
        sfp::Experiment e;
        e.algorithm = "compare";
        e.inputs = {a, b};
        e.strategies = {"read", "mmap"};
        e.repetitions = 2;
        e.warmups = 0;
        e.workdir = dir.filePath("work").toStdString();
        QVERIFY(QDir().mkpath(QString::fromStdString(e.workdir)));
        sfp::MachineLimits kept;
        kept.fingerprint = sfp::limits_fingerprint(e.workdir);
        kept.measured_at = "2026-01-01T00:00:00Z";
        kept.put(limit(sfp::LimitId::two_stream_read, {{1, {1.0}}}));
        sfp::save_limits(sfp::limits_cache_path(e.workdir), kept);
        FakeMeasure fake;  // its figure: 1 GB/s
        sfp::LimitsPolicy policy{.mode = sfp::LimitsPolicy::Mode::measure_missing};
        policy.measure_with = std::ref(fake);
        struct Said : sfp::ExperimentObserver {
            std::vector<std::string> lines;
            void message(const std::string& text) override { lines.push_back(text); }
        } said;
        sfp::Progress progress;
        const sfp::ExperimentReport r = sfp::run_experiment(e, progress, &said, policy);
        QCOMPARE(r.runs.size(), std::size_t(4));
        QCOMPARE(fake.calls, 1);  // none before the runs (kept), one after them
        QVERIFY(std::find(said.lines.begin(), said.lines.end(),
                          "a cell ran above its limit: measuring that limit again") != said.lines.end());
        QCOMPARE(r.limits.find(sfp::LimitId::two_stream_read)->figure(1), 1e9);  // judged against the new figure
        QVERIFY(sfp::suspect_limits(r).empty());
        QCOMPARE(sfp::load_limits(sfp::limits_cache_path(e.workdir))->find(sfp::LimitId::two_stream_read)->figure(1),
                 1e9);

        policy.mode = sfp::LimitsPolicy::Mode::cached;  // a policy that may not measure: named, not measured
        sfp::save_limits(sfp::limits_cache_path(e.workdir), kept);
        const sfp::ExperimentReport cached = sfp::run_experiment(e, progress, nullptr, policy);
        QCOMPARE(fake.calls, 1);
        QCOMPARE(sfp::suspect_limits(cached).size(), r.cells.size());
    }

    // Cancel pressed while the runner measures the limits, before the first run (missing ones,
    // measure_missing) or at a round's start (limits_in_rounds): the measurement, here one that
    // ends only when cancelled, is its last step -- no run starts, no further measurement, nothing
    // half-measured kept -- and the runner returns as cancelled.
    void a_cancel_while_the_runner_measures_its_limits_ends_it_cancelled_data() {
        QTest::addColumn<bool>("in_rounds");
        QTest::newRow("before the first run") << false;
        QTest::newRow("at a round's start") << true;
    }
    void a_cancel_while_the_runner_measures_its_limits_ends_it_cancelled() {
        QFETCH(bool, in_rounds);
        QTemporaryDir dir;
        const std::string a = dir.filePath("a").toStdString(), b = dir.filePath("b").toStdString();
        std::ofstream(a) << "same";
        std::ofstream(b) << "same";
        sfp::Experiment e;
        e.algorithm = "compare";
        e.inputs = {a, b};
        e.strategies = {"read", "mmap"};
        e.repetitions = 3;
        e.warmups = 0;
        e.workdir = dir.filePath("work").toStdString();
        e.limits_in_rounds = in_rounds;
        sfp::Progress progress;
        struct CancelWhenMeasuring : sfp::ExperimentObserver {  // the user, told it measures, presses Cancel
            sfp::Progress* progress = nullptr;
            int runs_started = 0;
            void message(const std::string& text) override {
                if (text.find("measuring") != std::string::npos) progress->cancel = true;
            }
            void run_started(const sfp::Cell&, unsigned, std::size_t, std::size_t) override { ++runs_started; }
        } observer;
        observer.progress = &progress;
        int calls = 0;
        // Before the first run the missing limits are measured (there is no cache here); in rounds,
        // the cache alone is read first and each round measures.
        sfp::LimitsPolicy policy{.mode = in_rounds ? sfp::LimitsPolicy::Mode::cached
                                                   : sfp::LimitsPolicy::Mode::measure_missing};
        policy.measure_with = [&calls](std::span<const sfp::LimitId> which, const sfp::LimitBudget&, const std::string&,
                                       sfp::Progress& p, const sfp::LimitsSay& say) {
            ++calls;
            if (say) say("limits 1/" + std::to_string(which.size()));  // as measure_limits says each one's start
            while (!p.cancel.load()) std::this_thread::yield();        // ends only when cancelled
            return sfp::MachineLimits{};
        };
        const sfp::ExperimentReport r = sfp::run_experiment(e, progress, &observer, policy);
        QCOMPARE(calls, 1);
        QVERIFY(r.cancelled);
        QVERIFY(r.runs.empty());
        QCOMPARE(observer.runs_started, 0);
        QVERIFY(r.limits.limits.empty());
        QVERIFY(!QFile::exists(QString::fromStdString(sfp::limits_cache_path(e.workdir))));
    }

    void the_runner_records_the_limits_it_is_given() {
        QTemporaryDir dir;
        const std::string a = dir.filePath("a").toStdString(), b = dir.filePath("b").toStdString();
        std::ofstream(a) << "same";
        std::ofstream(b) << "same";
        sfp::Experiment e;
        e.algorithm = "compare";
        e.inputs = {a, b};
        e.strategies = {"read"};
        e.repetitions = 1;
        e.warmups = 0;
        e.workdir = dir.filePath("work").toStdString();
        struct FirstUpdate : sfp::ExperimentObserver {
            std::optional<sfp::MachineLimits> limits;
            void run_finished(sfp::RunUpdate&& u) override {
                if (u.index == 0) limits = u.limits;
            }
        } observer;
        sfp::Progress progress;
        const sfp::ExperimentReport given = sfp::run_experiment(
            e, progress, &observer, sfp::LimitsPolicy{.mode = sfp::LimitsPolicy::Mode::given, .given = made_up()});
        QCOMPARE(given.limits.fingerprint, std::string("made up"));
        QVERIFY(observer.limits && observer.limits->fingerprint == "made up");
        QVERIFY(sfp::cell_limit(given, 0).bytes_per_s > 0);

        // The default: the workspace's cache only, never a measurement -- there is none here.
        const sfp::ExperimentReport cached = sfp::run_experiment(e, progress);
        QVERIFY(cached.limits.limits.empty());
        QVERIFY(!QFile::exists(QString::fromStdString(sfp::limits_cache_path(e.workdir))));
        const std::string why = sfp::cell_limit(cached, 0).reason;
        QVERIFY2(why.find("`sfpbench limits` measures it") != std::string::npos, why.c_str());

        const sfp::ExperimentReport off = sfp::run_experiment(
            e, progress, nullptr, sfp::LimitsPolicy{.mode = sfp::LimitsPolicy::Mode::off, .reason = "turned off"});
        QCOMPARE(sfp::cell_limit(off, 0).reason, std::string("turned off"));
    }
};

QTEST_GUILESS_MAIN(TestLimits)
#include "test_limits.moc"
