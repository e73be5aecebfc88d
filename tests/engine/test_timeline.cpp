// The timeline recorder (issue 44, part 1): a fake clock drives it -- events land in order, per
// thread, bounded, coarsened past the bound; compare mmap-mt's passive stop shows (no thread
// begins a block after the table of the first stripe's mismatches closed); wordcount pipeline's
// queue waits show on the reader at packing 1 and on the processors at packing 100000. Counts
// and order are asserted, never durations.
#include <QtTest>
#include <algorithm>
#include <string>
#include <vector>

#include "sfp/run.hpp"
#include "sfp/run_context.hpp"
#include "sfp/timeline.hpp"
#include "support/option_text.hpp"
#include "support/temp_files.hpp"
#include "support/wordcount_runs.hpp"

namespace {

double g_now = 0;  // the fake clock: each reading 1 s later
double fake_clock() { return g_now += 1; }

std::vector<sfp::TimelineEvent> events_of(const sfp::RunResult& r, const std::string& role) {
    std::vector<sfp::TimelineEvent> out;
    for (const sfp::ThreadTime& t : r.threads)
        if (t.role == role) out.insert(out.end(), t.events.begin(), t.events.end());
    return out;
}

std::size_t waits_of(const sfp::RunResult& r, const std::string& role) {
    const std::vector<sfp::TimelineEvent> events = events_of(r, role);
    return std::size_t(
        std::count_if(events.begin(), events.end(), [](const auto& e) { return e.kind == sfp::EventKind::wait; }));
}

void verify_in_order(const std::vector<sfp::TimelineEvent>& events) {
    for (std::size_t i = 0; i < events.size(); ++i) {
        QVERIFY(events[i].start_s <= events[i].end_s);
        if (i > 0) QVERIFY2(events[i - 1].end_s <= events[i].start_s, qPrintable(QString("event %1").arg(i)));
    }
}

}  // namespace

class TestTimeline : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const char* name) const { return dir_.filePath(name).toStdString(); }

private slots:
    // Eight events fit a bound of eight as recorded; the ninth halves them into pairs, and later
    // events come merged as many: in order, never more than the bound, every byte kept, the
    // first start and the last end as they were.
    void fakeClockEventsInOrderBoundedCoarsened() {
        g_now = 100;
        sfp::ThreadTimeline t(8, 100, fake_clock);
        double start = t.now();
        QCOMPARE(start, 1.0);
        for (std::uint64_t i = 0; i < 8; ++i) start = t.add(sfp::EventKind::scan, start, 10, i * 10);
        QVERIFY(!t.coarsened());
        std::vector<sfp::TimelineEvent> e = t.events();
        QCOMPARE(e.size(), std::size_t(8));
        QCOMPARE(e[3], (sfp::TimelineEvent{4, 5, 10, 30, sfp::EventKind::scan}));
        verify_in_order(e);
        for (std::uint64_t i = 8; i < 37; ++i)
            start = t.add(i % 5 == 0 ? sfp::EventKind::wait : sfp::EventKind::scan, start, 10, i * 10);
        QVERIFY(t.coarsened());
        e = t.events();
        QVERIFY2(e.size() <= 8, qPrintable(QString::number(e.size())));
        verify_in_order(e);
        std::uint64_t bytes = 0;
        for (const sfp::TimelineEvent& x : e) bytes += x.bytes;
        QCOMPARE(bytes, std::uint64_t(370));
        QCOMPARE(e.front().start_s, 1.0);
        QCOMPARE(e.back().end_s, 38.0);
        QCOMPARE(e.front().at, std::uint64_t(0));
        QCOMPARE(sfp::merged({1, 2, 5, 0, sfp::EventKind::scan}, {2, 5, 7, 9, sfp::EventKind::wait}),
                 (sfp::TimelineEvent{1, 5, 12, 0, sfp::EventKind::wait}));  // the longer's kind
    }

    // Each worker's events are its own: what a thread records lands in its record only.
    void eventsArePerThread() {
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        ctx.record_timeline();
        ctx.run_threads(3, [](unsigned i) {
            sfp::ThreadTimeline* t = sfp::current_timeline();
            QVERIFY(t);
            double start = t->now();
            for (unsigned k = 0; k <= i; ++k) start = t->add(sfp::EventKind::read, start, 1000 + i, k);
        });
        QVERIFY(!sfp::current_timeline());  // the runner thread records nothing of theirs
        const std::vector<sfp::ThreadSpent> threads = ctx.thread_spents();
        QCOMPARE(threads.size(), std::size_t(3));
        for (const sfp::ThreadSpent& t : threads) {
            QCOMPARE(t.role, std::string("worker"));
            QCOMPARE(t.events.size(), std::size_t(t.worker + 1));
            for (const sfp::TimelineEvent& e : t.events) QCOMPARE(e.bytes, std::uint64_t(1000 + t.worker));
            verify_in_order(t.events);
            QVERIFY(t.events.front().start_s >= t.start_s && t.events.back().end_s <= t.end_s);
        }
        sfp::Progress quiet;
        sfp::RunContext off(quiet);  // not asked: no recorder
        off.run_threads(1, [](unsigned) { QVERIFY(!sfp::current_timeline()); });
        QVERIFY(off.thread_spents().at(0).events.empty());
    }

    // compMP's passive stop, seen: eight mismatches in the first block (worker 0's first stripe)
    // fill the table while worker 0 scans it. A block's event starts before its stop check, so
    // none may start after that scan ended; a planted "no passive stop" (tests/mutants) has
    // worker 0 itself, at least, begin its next block then.
    void compareStopsEveryThreadAfterTheFirstStripe() {
        constexpr std::size_t kBlock = 4096, kSize = 32u << 20;
        const testing::Bytes a = testing::pattern(kSize);
        testing::Bytes b = a;
        for (std::size_t i = 0; i < 8; ++i) b[i * 300 + 5] ^= 0x5a;
        testing::write_file(path("a"), a);
        testing::write_file(path("b"), b);
        sfp::RunSpec spec;
        spec.algorithm = "compare";
        spec.strategy = "mmap-mt";
        spec.inputs = {path("a"), path("b")};
        spec.block_size = kBlock;
        spec.threads = 4;
        spec.timeline = true;
        sfp::Progress progress;
        const sfp::RunResult r = sfp::run_once(spec, progress);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QCOMPARE(r.threads.front().role, std::string("runner"));
        double closed = -1;  // when worker 0's scan of the first block ended
        for (const sfp::ThreadTime& t : r.threads)
            for (const sfp::TimelineEvent& e : t.events)
                if (e.kind == sfp::EventKind::scan && e.at == 0) closed = e.end_s;
        QVERIFY2(closed > 0, "no thread scanned the first block");
        std::size_t scanned = 0;
        for (const sfp::ThreadTime& t : r.threads) {
            verify_in_order(t.events);
            for (const sfp::TimelineEvent& e : t.events) {
                if (e.kind != sfp::EventKind::scan || e.at == 0) continue;
                ++scanned;
                QVERIFY2(e.start_s < closed, qPrintable(QString("worker %1 began the block at %2 at %3 s, after the "
                                                                "table closed at %4 s")
                                                            .arg(t.worker)
                                                            .arg(e.at)
                                                            .arg(e.start_s)
                                                            .arg(closed)));
            }
        }
        QVERIFY(scanned < kSize / kBlock);  // it stopped early: not every block was scanned
    }

    // cipher's loop records each block it moved, on the thread that moved it: every byte once.
    void cipherRecordsEveryBlock() {
        testing::write_file(path("plain"), testing::pattern(1u << 20));
        sfp::RunSpec spec;
        spec.algorithm = "cipher";
        spec.strategy = "threads";
        spec.inputs = {path("plain")};
        spec.output = path("secret");
        spec.block_size = 65536;
        spec.threads = 2;
        testing::set_option(spec, "shift", "3");
        spec.timeline = true;
        sfp::Progress progress;
        const sfp::RunResult r = sfp::run_once(spec, progress);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        std::uint64_t bytes = 0;
        std::size_t workers = 0;
        for (const sfp::ThreadTime& t : r.threads) {
            if (t.role != "worker") continue;
            ++workers;
            QVERIFY(!t.events.empty());
            verify_in_order(t.events);
            for (const sfp::TimelineEvent& e : t.events) {
                QCOMPARE(e.kind, sfp::EventKind::write);
                QCOMPARE(e.at / 65536 % 2, std::uint64_t(t.worker));  // its own round-robin stripes
                bytes += e.bytes;
            }
        }
        QCOMPARE(workers, std::size_t(2));
        QCOMPARE(bytes, std::uint64_t(1u << 20));
    }

    // Who waits for whom: one line a hand-off keeps the reader waiting on a full queue; 100000
    // lines a hand-off keep the processors waiting on an empty one. Counts only.
    void pipelineShowsWhoWaits() {
        testing::write_file(path("words"), testing::mixed_text(4u << 20, 3, true));  // ~130 bytes a line
        for (const std::uint64_t packing : {1ull, 100000ull}) {
            sfp::RunSpec spec = testing::spec_of("pipeline", {path("words")}, 65536, 2, packing);
            spec.timeline = true;
            sfp::Progress progress;
            const sfp::RunResult r = sfp::run_once(spec, progress);
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            const std::size_t reader = waits_of(r, "reader"), processors = waits_of(r, "processor");
            qInfo("packing %llu: the reader waited %zu times, the processors %zu", (unsigned long long)packing, reader,
                  processors);
            QVERIFY(!events_of(r, "reader").empty() && !events_of(r, "processor").empty());
            if (packing == 1) QVERIFY2(reader > 0, "at packing 1 the reader never waited on a full queue");
            if (packing == 100000) QVERIFY2(processors > 0, "at packing 100000 no processor waited on an empty queue");
        }
    }
};

QTEST_GUILESS_MAIN(TestTimeline)
#include "test_timeline.moc"
