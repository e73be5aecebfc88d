// iterate on trees made per test: files that change between the listing and the reading, an
// unreadable directory, xxhsum never following what the listing did not see, the runner taking
// a tree cold and hot, the workspace's generated tree. Each against the reference walk
// (support/iterate_reference.hpp).
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QtTest>
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "algorithms/iterate/test_seam.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/datagen.hpp"
#include "sfp/experiment.hpp"
#include "sfp/report.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_record.hpp"
#include "sfp/workspace.hpp"
#include "support/iterate_reference.hpp"
#include "support/watchdog.hpp"
#include "support/option_text.hpp"

namespace fs = std::filesystem;
using namespace testing;  // the helpers of support/iterate_reference.hpp

namespace {

// Runs `spec`, cancelling it when it is not done within `limit`: a hang (a child reading
// /dev/zero) ends as `cancelled` in seconds, which the caller fails on.
sfp::RunResult run_bounded(const sfp::RunSpec& spec, std::chrono::seconds limit) {
    sfp::Progress progress;
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::thread bound([&] {
        std::unique_lock lock(m);
        if (!cv.wait_for(lock, limit, [&] { return done; })) progress.cancel = true;
    });
    const sfp::RunResult r = sfp::run_once(spec, progress);
    {
        const std::lock_guard lock(m);
        done = true;
    }
    cv.notify_one();
    bound.join();
    return r;
}

}  // namespace

class TestIterateTrees : public QObject {
    Q_OBJECT
    testing::Watchdog watchdog_{std::chrono::seconds(120)};  // a hang fails in minutes at worst, not ctest's 300 s
    QTemporaryDir dir_;

private slots:
    void init() { watchdog_.started(QTest::currentTestFunction()); }

    // A file that shrinks and one that grows between the listing and the reading: each strategy
    // hashes what the file holds when it reads it, all of it and nothing more.
    void files_changed_after_listing_are_read_as_they_are_now() {
        const std::string tree = dir_.path().toStdString() + "/changing";
        fs::create_directories(tree);
        for (int i = 0; i < 40; ++i) write(tree + "/f" + std::to_string(i), std::size_t(i * 3001), std::uint32_t(i));
        for (const std::string& s : strategy_names()) {
            if (!sfp::find_strategy("iterate", s)->support().supported) continue;
            write(tree + "/shrinks", 700 * 1024 + 5, 7);
            write(tree + "/grows", 3, 8);
            sfp::iterate::after_listing_for_tests = [&tree](const sfp::Listing&) {
                QCOMPARE(::truncate((tree + "/shrinks").c_str(), 300 * 1024 + 1), 0);
                write(tree + "/grows", 500 * 1024 + 9, 8);
            };
            const sfp::RunResult r = iterate(s, {tree}, "full", false, 3);
            sfp::iterate::after_listing_for_tests = nullptr;
            QVERIFY2(r.status == sfp::Status::ok, (s + ": " + r.error).c_str());
            const auto expected = reference_hashes(tree, kFull);
            QVERIFY2(outcome(r).digest == reference_digest(expected), s.c_str());
            std::uint64_t bytes = 0;
            for (const auto& entry : expected) bytes += fs::file_size(entry.first);
            QCOMPARE(outcome(r).bytes, bytes);
            QVERIFY(outcome(r).skipped.empty());
        }
    }

    // Root reads every directory, so as root this thread takes nobody's filesystem identity
    // (setfsuid acts on the calling thread alone, and `fs` lists and reads on it).
    void unreadable_directory_is_skipped_and_named() {
        const std::string locked = dir_.path().toStdString() + "/locked";
        fs::create_directories(locked + "/inner");
        write(locked + "/inner/x", 5);
        write(locked + "/y", 5);
        ::chmod(dir_.path().toStdString().c_str(), 0755);  // QTemporaryDir is private to its owner
        ::chmod((locked + "/inner").c_str(), 0);
        const bool as_nobody = ::geteuid() == 0;
        if (as_nobody) {
            ::setfsgid(65534);
            ::setfsuid(65534);
            QCOMPARE(::setfsuid(65534), 65534);  // the call returns the identity in force
        }
        const sfp::RunResult r = iterate("fs", {locked}, "64K", false, 1);
        if (as_nobody) {
            ::setfsuid(0);
            ::setfsgid(0);
        }
        ::chmod((locked + "/inner").c_str(), 0755);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QCOMPARE(outcome(r).file_count, std::uint64_t(1));
        QCOMPARE(outcome(r).skipped.size(), std::size_t(1));
        QVERIFY(outcome(r).skipped[0].starts_with(locked + "/inner: "));
    }

    // The xxhsum baseline never opens a path itself: a listed file that became a link to
    // /dev/zero (which never ends) after the listing is skipped and named, never followed; one
    // that changed while xxhsum hashed it is named as changed (a stand-in xxhsum runs the real
    // one, then appends to the file named "grows"); the bytes and the digest are those of the
    // files hashed whole. The run is bounded: a hang is cancelled and fails in seconds.
    void xxhsum_never_follows_what_the_listing_did_not_see() {
        const std::string real = [] {
            for (const char* dir : {"/usr/bin/", "/bin/", "/usr/local/bin/"})
                if (::access((std::string(dir) + "xxhsum").c_str(), X_OK) == 0) return std::string(dir) + "xxhsum";
            return std::string();
        }();
        if (real.empty()) QSKIP("xxhsum is not installed (package xxhash)");
        const std::string tree = dir_.path().toStdString() + "/churn", bin = dir_.path().toStdString() + "/fakebin";
        fs::create_directories(tree);
        fs::create_directories(bin);
        write(tree + "/a", 1000, 1);
        write(tree + "/b", 2000, 2);
        write(tree + "/c", 3000, 3);
        write(tree + "/grows", 4000, 4);
        std::map<std::string, std::uint64_t> whole = reference_hashes(tree, kFull);
        whole.erase(tree + "/b");
        whole.erase(tree + "/grows");
        const std::string script =
            "#!/bin/sh\n" + real +
            " \"$@\"; rc=$?\n"
            "for f in \"$@\"; do case \"$(readlink -f \"$f\")\" in */grows) echo more >> \"$f\";; esac; done\n"
            "exit $rc\n";
        testing::write_file(bin + "/xxhsum", testing::Bytes(script.begin(), script.end()));
        QCOMPARE(::chmod((bin + "/xxhsum").c_str(), 0755), 0);
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QByteArray::fromStdString(bin) + ":" + path);
        sfp::iterate::after_listing_for_tests = [&](const sfp::Listing&) {
            ::unlink((tree + "/b").c_str());
            ::symlink("/dev/zero", (tree + "/b").c_str());
        };
        sfp::RunSpec spec;
        spec.algorithm = "iterate";
        spec.strategy = "xxhsum";
        spec.inputs = {tree};
        testing::set_option(spec, "scope", "full");
        const sfp::RunResult r = run_bounded(spec, std::chrono::seconds(30));
        sfp::iterate::after_listing_for_tests = nullptr;
        qputenv("PATH", path);
        QVERIFY2(r.status == sfp::Status::ok,
                 r.status == sfp::Status::cancelled ? "hung: cancelled after 30 s" : r.error.c_str());
        const sfp::IterateOutcome& o = outcome(r);
        QCOMPARE(o.file_count, std::uint64_t(2));
        QCOMPARE(o.bytes, std::uint64_t(1000 + 3000));
        QCOMPARE(o.digest, reference_digest(whole));
        QCOMPARE(o.skipped.size(), std::size_t(2));
        const std::string skipped = o.skipped[0] + "\n" + o.skipped[1];
        QVERIFY2(skipped.find(tree + "/b: became a symbolic link") != std::string::npos, skipped.c_str());
        QVERIFY2(skipped.find(tree + "/grows: changed while xxhsum hashed it") != std::string::npos, skipped.c_str());
    }

    // The runner takes a directory: every strategy agrees, cold runs find none of the tree
    // cached (every file evicted), hot runs find all of it, the listing time is recorded.
    void runner_takes_a_tree_cold_and_hot() {
        const std::string tree = dir_.path().toStdString() + "/generated";
        const sfp::TreeSummary made = sfp::generate_tree(tree, 120, "small", 9);
        QCOMPARE(made.files, std::uint64_t(120));
        for (sfp::CacheMode mode : {sfp::CacheMode::cold, sfp::CacheMode::hot}) {
            sfp::Experiment e;
            e.algorithm = "iterate";
            e.inputs = {tree};
            e.repetitions = 2;
            e.warmups = 0;
            e.cache = mode;
            e.sweeps["threads"] = {2};
            e.options["scope"] = "full";
            sfp::Progress progress;
            const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
            QCOMPARE(report.cells.size(), strategy_names().size());
            QCOMPARE(report.cells[0].file_size, made.bytes);  // a tree's size: the sum of its files
            for (const sfp::RunRecord& r : report.runs) {
                if (r.result.status == sfp::Status::unsupported) continue;
                QVERIFY2(r.status == sfp::RunStatus::ok,
                         (sfp::to_string(r.status) + std::string(" ") + r.result.error).c_str());
                QCOMPARE(r.result.bytes, made.bytes);
                QVERIFY(r.result.list_s > 0);
                // our own files, so mincore tells; this machine's page cache decays on its own
                // (DAMON reclaim), so hot is "nearly all", as issue 9 states it, not exactly 100
                const std::string residency = std::to_string(r.residency_pct);
                if (mode == sfp::CacheMode::cold)
                    QVERIFY2(r.residency_pct >= 0 && r.residency_pct < 5, residency.c_str());
                else
                    QVERIFY2(r.residency_pct >= 90, residency.c_str());
            }
        }
    }

    // `run --sizes 1M --data tree`: a whole tree in the workspace, reused, and removed by clean.
    void workspace_makes_reuses_and_cleans_a_tree() {
        const std::string work = dir_.path().toStdString() + "/work";
        const std::vector<std::string> made = sfp::ensure_generated(work, "tree", 1 << 20, 4);
        QCOMPARE(made.size(), std::size_t(1));
        QVERIFY(fs::is_directory(made[0]));
        const auto before = reference_hashes(made[0], kFull);
        QCOMPARE(before.size(), std::size_t(sfp::tree_files_for(1 << 20, "small")));
        QCOMPARE(sfp::ensure_generated(work, "tree", 1 << 20, 4), made);  // reused as is
        QVERIFY(reference_hashes(made[0], kFull) == before);
        const std::vector<std::string> removed = sfp::clean_workspace(work);
        QVERIFY(std::find(removed.begin(), removed.end(), made[0]) != removed.end());
        QVERIFY(!fs::exists(made[0]));
    }
};

QTEST_GUILESS_MAIN(TestIterateTrees)
#include "test_iterate_trees.moc"
