// Every family's threads record their work (issue 44, part 1): search's striped and whole-file
// threads, iterate's readers and io_uring rings, cipher's ring, auto's probe. For each thread,
// its events' bytes add up to what it read -- counted from the work it was given, never timed.
#include <QtTest>
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "sfp/iterate.hpp"
#include "sfp/run.hpp"
#include "sfp/timeline.hpp"
#include "support/option_text.hpp"
#include "support/temp_files.hpp"

namespace {

constexpr std::uint64_t kBlock = 65536;

std::uint64_t bytes_of(const sfp::ThreadTime& t, sfp::EventKind kind) {
    std::uint64_t sum = 0;
    for (const sfp::TimelineEvent& e : t.events)
        if (e.kind == kind) sum += e.bytes;
    return sum;
}

std::vector<const sfp::ThreadTime*> with_role(const sfp::RunResult& r, const std::string& role) {
    std::vector<const sfp::ThreadTime*> out;
    for (const sfp::ThreadTime& t : r.threads)
        if (t.role == role) out.push_back(&t);
    return out;
}

void verify_in_order(const sfp::ThreadTime& t) {
    for (std::size_t i = 1; i < t.events.size(); ++i)
        QVERIFY2(t.events[i - 1].end_s <= t.events[i].start_s, qPrintable(QString("event %1").arg(i)));
}

sfp::RunSpec search_spec(const std::string& strategy, std::vector<std::string> inputs, unsigned threads) {
    sfp::RunSpec spec;
    spec.algorithm = "search";
    spec.strategy = strategy;
    spec.inputs = std::move(inputs);
    spec.block_size = kBlock;
    spec.threads = threads;
    spec.timeline = true;
    testing::set_option(spec, "pattern", "ab");
    testing::set_option(spec, "count", "true");  // no early stop: every byte is searched once
    return spec;
}

sfp::RunResult run(const sfp::RunSpec& spec) {
    sfp::Progress progress;
    return sfp::run_once(spec, progress);
}

}  // namespace

class TestTimelineThreads : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const std::string& name) const {
        return dir_.filePath(QString::fromStdString(name)).toStdString();
    }

    std::string write(const std::string& name, std::size_t size) {
        testing::write_file(path(name), testing::pattern(size, std::uint32_t(size)));
        return path(name);
    }

private slots:
    // mmap-mt, 2 threads over 10.5 blocks: worker w scans blocks w, w + 2, ..., one scan event
    // each at its offset, its bytes the blocks' (the last one short).
    void searchStripesOneEventABlock() {
        constexpr std::uint64_t kSize = 10 * kBlock + 1000;
        const sfp::RunResult r = run(search_spec("mmap-mt", {write("big", kSize)}, 2));
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        const auto workers = with_role(r, "worker");
        QCOMPARE(workers.size(), std::size_t(2));
        for (const sfp::ThreadTime* t : workers) {
            std::uint64_t expected = 0;
            for (std::uint64_t at = t->worker * kBlock; at < kSize; at += 2 * kBlock)
                expected += std::min(kBlock, kSize - at);
            QCOMPARE(t->events.size(), std::size_t(t->worker == 0 ? 6 : 5));
            for (const sfp::TimelineEvent& e : t->events) QCOMPARE(e.at / kBlock % 2, std::uint64_t(t->worker));
            QCOMPARE(bytes_of(*t, sfp::EventKind::scan), expected);
            QCOMPARE(t->bytes, expected);
            verify_in_order(*t);
        }
    }

    // files: a whole input a scan event on the thread that searched it, at its place among all
    // inputs' bytes; the one-thread read strategy records its inputs on the runner the same way.
    void searchFilesOneEventAFile() {
        const std::vector<std::string> inputs = {write("f0", 70000), write("f1", 3000), write("f2", 140000)};
        const std::vector<std::uint64_t> sizes = {70000, 3000, 140000}, starts = {0, 70000, 73000};
        for (const char* strategy : {"files", "read"}) {
            const sfp::RunResult r = run(search_spec(strategy, inputs, 2));
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            std::size_t events = 0;
            for (const sfp::ThreadTime& t : r.threads) {
                verify_in_order(t);
                for (const sfp::TimelineEvent& e : t.events) {
                    const auto f = std::size_t(std::find(starts.begin(), starts.end(), e.at) - starts.begin());
                    QVERIFY2(f < 3, qPrintable(QString("%1: an event at %2").arg(strategy).arg(e.at)));
                    QCOMPARE(e.bytes, sizes[f]);
                    QCOMPARE(e.kind, sfp::EventKind::scan);
                    if (std::string(strategy) == "files") QCOMPARE(f % 2, std::size_t(t.worker));  // round robin
                    ++events;
                }
            }
            QCOMPARE(events, std::size_t(3));
        }
    }

    // iterate's readers: a read event a file, its bytes the file's, on the thread that read it.
    void iterateOneEventAFile() {
        const std::filesystem::path tree = path("tree");
        std::filesystem::create_directories(tree / "sub");
        std::vector<std::uint64_t> sizes = {0, 10, 5000, 300000, 70000};
        for (std::size_t i = 0; i < sizes.size(); ++i)
            testing::write_file((tree / (i % 2 ? "sub" : "") / ("f" + std::to_string(i))).string(),
                                testing::pattern(sizes[i]));
        for (const char* strategy : {"parallel", "uring"}) {
            sfp::RunSpec spec;
            spec.algorithm = "iterate";
            spec.strategy = strategy;
            spec.inputs = {tree.string()};
            spec.threads = 2;
            spec.timeline = true;
            testing::set_option(spec, "scope", "full");
            const sfp::RunResult r = run(spec);
            if (r.status == sfp::Status::unsupported) {
                qInfo("iterate/%s not checked: %s", strategy, r.error.c_str());
                continue;
            }
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            const bool ring = std::string(strategy) == "uring";
            const auto readers = with_role(r, ring ? "ring" : "worker");
            QVERIFY2(!readers.empty(), strategy);
            std::vector<std::uint64_t> read;
            std::uint64_t total = 0;
            for (const sfp::ThreadTime* t : readers) {
                verify_in_order(*t);
                for (const sfp::TimelineEvent& e : t->events) {
                    QCOMPARE(e.kind, sfp::EventKind::read);
                    if (!ring) read.push_back(e.bytes);
                    total += e.bytes;
                }
            }
            QCOMPARE(total, r.outcome.get<sfp::IterateOutcome>().bytes);
            QCOMPARE(total, std::uint64_t(375010));
            if (ring) continue;  // a ring's event is a read completed: a file may take several
            std::sort(read.begin(), read.end());
            std::sort(sizes.begin(), sizes.end());
            QVERIFY(read == sizes);
        }
    }

    // cipher uring's one thread: a read event a block read, a write event a block written.
    void cipherRingReadsAndWritesEachBlock() {
        constexpr std::uint64_t kSize = 5 * kBlock + 123;
        sfp::RunSpec spec;
        spec.algorithm = "cipher";
        spec.strategy = "uring";
        spec.inputs = {write("plain", kSize)};
        spec.output = path("secret");
        spec.block_size = kBlock;
        spec.threads = 3;
        spec.timeline = true;
        testing::set_option(spec, "shift", "3");
        const sfp::RunResult r = run(spec);
        if (r.status == sfp::Status::unsupported) QSKIP(("io_uring is not available here: " + r.error).c_str());
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        const sfp::ThreadTime& runner = r.threads.at(0);
        QCOMPARE(runner.role, std::string("runner"));
        verify_in_order(runner);
        QCOMPARE(bytes_of(runner, sfp::EventKind::read), kSize);
        QCOMPARE(bytes_of(runner, sfp::EventKind::write), kSize);
        QCOMPARE(runner.events.size(), std::size_t(2 * 6));
    }

    // auto's probe: each slice it timed a probe event on the runner thread, in file order, no
    // bytes of its own; the candidates' threads hold every byte, once.
    void probeSlicesOnTheRunner() {
        constexpr std::uint64_t kSize = 8u << 20;
        sfp::set_probe_pays_from(1u << 20);
        sfp::set_folio_share_seam(
            [](const std::vector<std::string>&, std::uint64_t) { return 0.02; });  // small: a probe
        const sfp::RunResult r = run(search_spec("auto", {write("probed", kSize)}, 2));
        sfp::set_folio_share_seam(nullptr);
        sfp::set_probe_pays_from(0);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        const sfp::ThreadTime& runner = r.threads.at(0);
        std::vector<std::uint64_t> at;
        for (const sfp::TimelineEvent& e : runner.events) {
            if (e.kind != sfp::EventKind::probe) continue;  // after the probe, the runner scans as worker 0
            QCOMPARE(e.bytes, std::uint64_t(0));
            at.push_back(e.at);
        }
        QCOMPARE(at.size(), std::size_t(4));  // two candidates, two rounds
        QVERIFY(std::is_sorted(at.begin(), at.end()) && at.front() == 0 && at.back() > 0);
        verify_in_order(runner);
        std::uint64_t scanned = bytes_of(runner, sfp::EventKind::scan);
        for (const sfp::ThreadTime* t : with_role(r, "worker")) scanned += bytes_of(*t, sfp::EventKind::scan);
        QCOMPARE(scanned, kSize);
    }
};

QTEST_GUILESS_MAIN(TestTimelineThreads)
#include "test_timeline_threads.moc"
