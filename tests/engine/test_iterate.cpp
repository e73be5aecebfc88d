// Every iterate strategy on a tree full of edge cases, against a reference walk written here
// (support/iterate_reference.hpp): every scope, io_uring's failed and short reads, auto's
// choice, the orders, overlapping roots, cancel, bad input, cluster without FIEMAP. Trees made
// per test (files changing under a run, the runner, the workspace): test_iterate_trees.cpp.
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <QtTest>
#include <algorithm>
#include <cerrno>
#include <cstring>

#include "algorithms/iterate/test_seam.hpp"
#include "algorithms/probe_choice.hpp"
#include "support/iterate_reference.hpp"
#include "support/slow_probes.hpp"
#include "support/watchdog.hpp"
#include "support/option_text.hpp"

namespace fs = std::filesystem;
using namespace testing;  // the helpers of support/iterate_reference.hpp

namespace {

// Creates `victim` and removes it once a run has listed it: "vanished between listing and reading".
struct RemoveAfterListing {
    explicit RemoveAfterListing(const std::string& victim) : victim_(victim) {
        write(victim, 5);
        sfp::iterate::after_listing_for_tests = [victim](const sfp::Listing&) { ::unlink(victim.c_str()); };
    }
    ~RemoveAfterListing() {
        sfp::iterate::after_listing_for_tests = nullptr;
        ::unlink(victim_.c_str());  // when the run stopped before its listing
    }
    std::string victim_;
};

ino_t inode_of(const std::string& path) {
    struct stat s {};
    return ::lstat(path.c_str(), &s) == 0 ? s.st_ino : 0;
}

std::string note_of(const sfp::RunResult& r, const std::string& who) {
    for (const std::string& n : r.notes)
        if (n.starts_with(who)) return n;
    return {};
}

// The rows of a test that runs with the strategies reading through io_uring.
void uring_and_direct_rows() {
    QTest::addColumn<QString>("strategy");
    QTest::newRow("uring") << "uring";
    QTest::newRow("direct") << "direct";
}

bool is_tmpfs(const char* dir) {
    struct statfs s {};
    return statfs(dir, &s) == 0 && s.f_type == 0x01021994;  // TMPFS_MAGIC
}

}  // namespace

class TestIterate : public QObject {
    Q_OBJECT
    testing::Watchdog watchdog_{std::chrono::seconds(120)};  // a hang fails in minutes at worst, not ctest's 300 s
    QTemporaryDir dir_;
    std::string root_;    // the edge-case tree
    std::string victim_;  // listed, then removed before it is read

private slots:
    void init() { watchdog_.started(QTest::currentTestFunction()); }

    void initTestCase() {
        QVERIFY(dir_.isValid());
        root_ = dir_.path().toStdString() + "/tree";
        const std::string& r = root_;
        fs::create_directories(r + "/many");
        write(r + "/empty", 0);
        fs::create_directories(r + "/sub/empty dir");
        write(r + "/sub/empty too", 0);
        write(r + "/sub/65535", 65535, 1);
        write(r + "/sub/65536", 65536, 2);
        write(r + "/sub/65537", 65537, 3);
        write(r + "/sub/big", 600 * 1024 + 17, 4);  // several of the hasher's buffers
        write(r + "/sub/1M", 1 << 20, 5);           // ends exactly where a read of 256K or 1M ends
        std::string deep = r + "/deep";
        for (int i = 0; i < 200; ++i) deep += "/d";
        fs::create_directories(deep);
        write(deep + "/leaf", 100);
        for (int i = 0; i < 10000; ++i) write(r + "/many/f" + std::to_string(i), std::size_t(i % 7), std::uint32_t(i));
        write(r + "/with space", 10);
        write(r + "/new\nline", 11);
        write(r + "/back\\slash", 12);
        write(r + "/not utf8 \xff\xfe", 13);
        fs::create_directory_symlink(".", r + "/sub/loop");  // a loop, if links were followed
        fs::create_symlink("65536", r + "/sub/link to 65536");
        QCOMPARE(::mkfifo((r + "/fifo").c_str(), 0600), 0);
        fs::create_hard_link(r + "/sub/65536", r + "/hard link");
        victim_ = r + "/victim";
    }

    void cleanupTestCase() {
        sfp::iterate::after_listing_for_tests = nullptr;
        fs::remove_all(root_);  // QTemporaryDir cannot name a file whose name is not UTF-8
    }

    void registry() {
        const std::vector<std::string> names = strategy_names();
        for (const char* n :
             {"fs", "alpha", "inode", "cluster", "random", "parallel", "prefetch", "uring", "direct", "xxhsum", "auto"})
            QVERIFY2(std::find(names.begin(), names.end(), n) != names.end(), n);
    }

    // Every strategy x scope: the digest the reference computes, the files and bytes it
    // expects, the FIFO and the vanished file skipped and named.
    void every_strategy_matches_the_reference_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QString>("scope");
        for (const std::string& s : strategy_names())
            for (const char* scope : {"64K", "full", "1"})
                QTest::newRow((s + " " + scope).c_str()) << QString::fromStdString(s) << scope;
    }
    void every_strategy_matches_the_reference() {
        QFETCH(QString, strategy);
        QFETCH(QString, scope);
        const std::uint64_t bytes_scope = scope == "full" ? kFull : scope == "64K" ? 65536 : 1;
        if (!sfp::find_strategy("iterate", strategy.toStdString())->support().supported) QSKIP("not installed here");
        const auto expected = reference_hashes(root_, bytes_scope);
        std::uint64_t expected_bytes = 0;
        for (const auto& [path, hash] : expected)
            expected_bytes += std::min<std::uint64_t>(fs::file_size(path), bytes_scope);

        const RemoveAfterListing remove(victim_);
        const sfp::RunResult r = iterate(strategy.toStdString(), {root_}, scope.toStdString(), true);
        if (strategy == "xxhsum" && scope != "full") {
            QCOMPARE(r.status, sfp::Status::unsupported);
            QVERIFY(r.error.find("scope full") != std::string::npos);
            return;
        }
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        const sfp::IterateOutcome& o = outcome(r);
        QCOMPARE(o.file_count, std::uint64_t(expected.size()));
        QCOMPARE(o.bytes, expected_bytes);
        QCOMPARE(o.digest, reference_digest(expected));
        QCOMPARE(o.skipped.size(), std::size_t(2));  // the FIFO (never opened) and the victim
        QVERIFY(o.skipped[0].starts_with(root_ + "/fifo: a FIFO"));
        QVERIFY(o.skipped[1].starts_with(victim_ + ": "));
        // Each path once, each with the reference's hash.
        std::map<std::string, std::uint64_t> seen;
        for (const sfp::FileHash& f : o.files) QVERIFY2(seen.emplace(f.path, f.hash).second, f.path.c_str());
        QVERIFY(seen == expected);
        QVERIFY(r.list_s > 0 && r.list_s <= r.real_s);
    }

    // uring and direct through the completion seam: a read that fails names the file and the OS
    // reason while the rest is hashed; reads that come back short (1000 bytes at most, so at
    // offsets O_DIRECT refuses and direct must read on without it) still give the reference's
    // hashes and bytes.
    void uring_reads_that_fail_or_come_back_short_data() { uring_and_direct_rows(); }
    void uring_reads_that_fail_or_come_back_short() {
        QFETCH(QString, strategy);
        if (!sfp::find_strategy("iterate", strategy.toStdString())->support().supported) QSKIP("no io_uring here");
        const std::string failing = root_ + "/sub/65537";
        sfp::iterate::uring_completion_for_tests = [&failing](const std::string& path, int result) {
            return path == failing ? -EIO : std::min(result, 1000);
        };
        const sfp::RunResult r = iterate(strategy.toStdString(), {root_}, "full", true);
        sfp::iterate::uring_completion_for_tests = nullptr;
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        std::map<std::string, std::uint64_t> expected = reference_hashes(root_, kFull);
        expected.erase(failing);
        std::uint64_t bytes = 0;
        for (const auto& entry : expected) bytes += fs::file_size(entry.first);
        const sfp::IterateOutcome& o = outcome(r);
        QCOMPARE(o.bytes, bytes);
        QCOMPARE(o.digest, reference_digest(expected));
        QCOMPARE(o.skipped.size(), std::size_t(2));
        QVERIFY(o.skipped[0].starts_with(root_ + "/fifo: a FIFO"));
        QCOMPARE(o.skipped[1], failing + ": " + std::strerror(EIO));
    }

    // uring and direct through the seam: a read that would block (EAGAIN) is asked again; a read
    // O_DIRECT refuses in the middle of a file (EINVAL, direct only: uring reads buffered, where
    // it is an error) reads on without O_DIRECT from where it stopped; a FIFO put in a file's place
    // after the listing is named, never read. Every other file gets the reference's hash.
    void uring_retries_reads_and_names_a_fifo_data() { uring_and_direct_rows(); }
    void uring_retries_reads_and_names_a_fifo() {
        QFETCH(QString, strategy);
        if (!sfp::find_strategy("iterate", strategy.toStdString())->support().supported) QSKIP("no io_uring here");
        const std::string refused = root_ + "/sub/big", would_block = root_ + "/sub/65535";
        const bool direct = strategy == "direct";  // uring reads buffered: EINVAL would be an error
        std::atomic<int> refusals{0}, blocks{0};   // the seam runs on every ring's thread
        sfp::iterate::uring_completion_for_tests = [&](const std::string& path, int result) {
            if (direct && path == refused && result > 0 && refusals++ == 1) return -EINVAL;  // its second read
            if (path == would_block && blocks++ == 0) return -EAGAIN;
            return result;
        };
        const std::string fifo = root_ + "/sub/became a fifo";
        write(fifo, 0);
        sfp::iterate::after_listing_for_tests = [&fifo](const sfp::Listing&) {
            ::unlink(fifo.c_str());
            ::mkfifo(fifo.c_str(), 0600);
        };
        const sfp::RunResult r = iterate(strategy.toStdString(), {root_}, "full", true);
        sfp::iterate::uring_completion_for_tests = nullptr;
        sfp::iterate::after_listing_for_tests = nullptr;
        ::unlink(fifo.c_str());
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(blocks >= 1 && (!direct || refusals >= 2));
        const auto expected = reference_hashes(root_, kFull);
        QCOMPARE(outcome(r).digest, reference_digest(expected));
        QCOMPARE(outcome(r).skipped.size(), std::size_t(2));
        QVERIFY(outcome(r).skipped[0].starts_with(root_ + "/fifo: a FIFO"));
        QCOMPARE(outcome(r).skipped[1], fifo + ": no longer a regular file");
    }

    // auto (the CLI default) times parallel, uring (where the kernel has io_uring) and prefetch
    // on slices of files and the fastest hashes the rest: with the others made slow through the
    // seam it picks the one left, its note names every rate, and every file is still hashed once
    // (the reference's digest).
    void auto_picks_the_fastest_data() {
        QTest::addColumn<QString>("fast");
        for (const char* fast : {"parallel", "uring", "direct", "prefetch"})
            if (sfp::find_strategy("iterate", fast)->support().supported) QTest::newRow(fast) << fast;
    }
    void auto_picks_the_fastest() {
        QFETCH(QString, fast);
        const QByteArray fast_name = fast.toUtf8();
        testing::fast_candidate = fast_name.constData();
        sfp::set_probe_hook(testing::slow_down);
        const sfp::RunResult r = iterate("auto", {root_}, "full", false, 3);
        sfp::set_probe_hook(nullptr);
        testing::fast_candidate = nullptr;
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        const auto expected = reference_hashes(root_, kFull);
        QCOMPARE(outcome(r).file_count, std::uint64_t(expected.size()));
        QCOMPARE(outcome(r).digest, reference_digest(expected));
        const std::string note = note_of(r, "auto");
        QVERIFY2(note.ends_with("-> " + fast.toStdString()), note.c_str());
        // 3 threads: slices of whole multiples of 8 x 3 files, 2 rounds of each candidate.
        const bool uring = sfp::find_strategy("iterate", "uring")->support().supported;
        const QRegularExpression measured(
            QString("^auto: parallel [0-9]+ files/s, %1prefetch [0-9]+ files/s in wall time "
                    "\\(best of 2 each, on ([0-9]+) files of the order; the first ([0-9]+) "
                    "files in all\\)")
                .arg(uring ? "uring [0-9]+ files/s, direct [0-9]+ files/s, " : ""));
        const QRegularExpressionMatch m = measured.match(QString::fromStdString(note));
        QVERIFY2(m.hasMatch(), note.c_str());
        QCOMPARE(m.captured(1).toInt() % 24, 0);
        QCOMPARE(m.captured(2).toInt(), (uring ? 8 : 4) * m.captured(1).toInt());
    }

    void auto_on_a_few_files_does_not_probe() {
        const std::string small = dir_.path().toStdString() + "/few";
        fs::create_directories(small);
        for (int i = 0; i < 20; ++i) write(small + "/f" + std::to_string(i), std::size_t(i * 1000), std::uint32_t(i));
        const sfp::RunResult r = iterate("auto", {small}, "full");
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QCOMPARE(outcome(r).digest, reference_digest(reference_hashes(small, kFull)));
        QCOMPARE(note_of(r, "auto"), std::string("auto chose parallel: too little data to time a probe"));
    }

    void orders_are_what_they_say() {
        const auto paths = [](const sfp::RunResult& r) {
            std::vector<std::string> p;
            for (const sfp::FileHash& f : outcome(r).files) p.push_back(f.path);
            return p;
        };
        const std::vector<std::string> alpha = paths(iterate("alpha", {root_}, "1", true));
        QVERIFY(std::is_sorted(alpha.begin(), alpha.end()));
        const std::vector<std::string> by_inode = paths(iterate("inode", {root_}, "1", true));
        QVERIFY(std::is_sorted(by_inode.begin(), by_inode.end(),
                               [](const std::string& a, const std::string& b) { return inode_of(a) < inode_of(b); }));
        const auto one = paths(iterate("random", {root_}, "1", true, 1, "1"));
        QCOMPARE(paths(iterate("random", {root_}, "1", true, 1, "1")), one);  // seeded: reproducible
        QVERIFY(paths(iterate("random", {root_}, "1", true, 1, "2")) != one);
        QVERIFY(one != alpha);
    }

    void each_path_once_with_overlapping_roots() {
        const sfp::RunResult whole = iterate("fs", {root_}, "64K");
        const sfp::RunResult twice = iterate("fs", {root_ + "/sub", root_, root_}, "64K");
        QVERIFY2(twice.status == sfp::Status::ok, twice.error.c_str());
        QCOMPARE(outcome(twice).file_count, outcome(whole).file_count);
        QCOMPARE(outcome(twice).digest, outcome(whole).digest);
    }

    void without_list_the_lines_are_dropped() {
        const sfp::RunResult r = iterate("alpha", {root_}, "64K");
        QVERIFY(outcome(r).files.empty());
        QVERIFY(outcome(r).file_count > 10000);
        QCOMPARE(r.digest, iterate("parallel", {root_}, "64K").digest);  // the runner's agreement
    }

    void cancel_before_and_after_the_listing() {
        for (const std::string& s : strategy_names()) {
            if (!sfp::find_strategy("iterate", s)->support().supported) continue;
            sfp::RunSpec spec;
            spec.algorithm = "iterate";
            spec.strategy = s;
            spec.inputs = {root_};
            testing::set_option(spec, "scope", "full");
            sfp::Progress progress;
            progress.cancel = true;  // the listing must see it (run_once resets only the counters)
            sfp::RunResult r = sfp::run_once(spec, progress);
            QVERIFY2(r.status == sfp::Status::cancelled, (s + ": " + r.error).c_str());

            sfp::Progress later;
            sfp::iterate::after_listing_for_tests = [&later](const sfp::Listing&) { later.cancel = true; };
            r = sfp::run_once(spec, later);
            sfp::iterate::after_listing_for_tests = nullptr;
            QVERIFY2(r.status == sfp::Status::cancelled, (s + ": " + r.error).c_str());
            QVERIFY(r.outcome.empty());
        }
    }

    void bad_input_is_an_error_naming_it() {
        const std::string missing = root_ + "/no such dir";
        sfp::RunResult r = iterate("fs", {missing}, "64K");
        QCOMPARE(r.status, sfp::Status::error);
        QVERIFY2(r.error.find(missing) != std::string::npos && r.error.find("No such file") != std::string::npos,
                 r.error.c_str());
        r = iterate("alpha", {root_ + "/sub/65536"}, "64K");
        QCOMPARE(r.status, sfp::Status::error);
        QVERIFY2(r.error.find("not a directory") != std::string::npos, r.error.c_str());
        for (const char* scope : {"0", "abc", "64KiB"}) {
            r = iterate("fs", {root_}, scope);
            QCOMPARE(r.status, sfp::Status::error);
            QVERIFY2(r.error.find("scope") != std::string::npos, r.error.c_str());
        }
        r = iterate("fs", {}, "64K");
        QCOMPARE(r.status, sfp::Status::error);
    }

    void cluster_is_unsupported_without_fiemap() {
        if (!is_tmpfs("/dev/shm")) QSKIP("no tmpfs at /dev/shm");
        QTemporaryDir shm("/dev/shm/sfp-iterate-XXXXXX");
        QVERIFY(shm.isValid());
        write(shm.path().toStdString() + "/a", 10);
        const sfp::RunResult r = iterate("cluster", {shm.path().toStdString()}, "64K");
        QCOMPARE(r.status, sfp::Status::unsupported);
        QVERIFY2(r.error.find("FIEMAP") != std::string::npos, r.error.c_str());
        const sfp::RunResult p = iterate("parallel", {shm.path().toStdString()}, "64K");  // falls back to fs order
        QVERIFY2(p.status == sfp::Status::ok, p.error.c_str());
        QCOMPARE(outcome(p).file_count, std::uint64_t(1));
    }
};

QTEST_GUILESS_MAIN(TestIterate)
#include "test_iterate.moc"
