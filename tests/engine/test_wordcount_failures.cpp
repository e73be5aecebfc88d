// Every wordcount strategy on what it must refuse or stop at: a missing file, a directory, a
// FIFO, a kernel pseudo-file, a file that shrinks, grows or is rewritten while it is counted;
// a cancel before the first block and one mid-run, with every thread joined.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QtTest>
#include <atomic>
#include <filesystem>
#include <functional>

#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/run_context.hpp"
#include "support/wordcount_runs.hpp"

using namespace testing;  // the helpers of support/wordcount_runs.hpp

namespace {

QString describe_status(const sfp::RunResult& r) {
    return QString("status %1: %2").arg(int(r.status)).arg(QString::fromStdString(r.error));
}

// The engine's progress seam set for one scope (sfp/run_context.hpp).
struct Seam {
    explicit Seam(std::function<void(const sfp::Progress&)> f) { sfp::progress_seam_for_tests = std::move(f); }
    ~Seam() { sfp::progress_seam_for_tests = nullptr; }
};

// Changes `path` once, at the seam's first call that `when` accepts: shrinks it to half, grows it
// by a line, or rewrites a byte in place (same size; its time was set an hour back, so the
// rewrite's time always differs).
enum class Change { shrink, grow, rewrite };
void change_file(const std::string& path, Change how) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return;
    if (how == Change::shrink) {
        [[maybe_unused]] const int rc = ::truncate(path.c_str(), st.st_size / 2);
        return;
    }
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | (how == Change::grow ? O_APPEND : 0));
    if (fd < 0) return;
    [[maybe_unused]] const ssize_t n =
        how == Change::grow ? ::write(fd, "more words\n", 11) : ::pwrite(fd, "Z", 1, st.st_size / 3);
    ::close(fd);
}

void set_time_an_hour_back(const std::string& path) {
    const timespec times[2] = {{::time(nullptr) - 3600, 0}, {::time(nullptr) - 3600, 0}};
    ::utimensat(AT_FDCWD, path.c_str(), times, 0);
}

std::size_t threads_now() {
    return std::size_t(std::distance(std::filesystem::directory_iterator("/proc/self/task"), {}));
}

}  // namespace

class TestWordcountFailures : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const std::string& name) { return (dir_.path() + "/").toStdString() + name; }

private slots:
    void badInputIsAnErrorNamingIt_data() {
        QTest::addColumn<QString>("strategy");
        for (const sfp::Strategy* s : sfp::strategies_of("wordcount")) QTest::newRow(s->name.data()) << qtext(s->name);
    }
    void badInputIsAnErrorNamingIt() {
        QFETCH(QString, strategy);
        testing::write_file(path("good"), text_of("a b\n"));
        const std::string fifo = path("fifo");
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        for (const std::string& bad : {path("missing"), dir_.path().toStdString(), fifo}) {
            sfp::Progress progress;
            const auto r = sfp::run_once(spec_of(strategy.toStdString(), {path("good"), bad}, 4096, 2, 10), progress);
            QCOMPARE(r.status, sfp::Status::error);
            QVERIFY2(r.error.find(bad) != std::string::npos, r.error.c_str());
        }
        ::unlink(fifo.c_str());
        sfp::Progress progress;
        auto spec = spec_of(strategy.toStdString(), {path("good")}, 4096, 2, 0);  // packing 0: out of range
        const auto r = sfp::run_once(spec, progress);
        if (strategy == "pipeline") QVERIFY2(r.error.find("packing") != std::string::npos, r.error.c_str());
    }

    void cancelBeforeTheFirstBlock_data() { badInputIsAnErrorNamingIt_data(); }
    void cancelBeforeTheFirstBlock() {
        QFETCH(QString, strategy);
        testing::write_file(path("c"), mixed_text(100'000, 5));
        sfp::Progress progress;
        progress.cancel = true;
        const auto r = sfp::run_once(spec_of(strategy.toStdString(), {path("c")}, 4096, 3, 1), progress);
        QCOMPARE(r.status, sfp::Status::cancelled);
    }

    // A cancel landing mid-run (at the first MiB reported, through the seam, so it always lands
    // before the end) ends it as cancelled, with every thread joined.
    void cancelMidRun_data() {
        QTest::addColumn<QString>("strategy");
        for (const sfp::Strategy* s : sfp::strategies_of("wordcount"))
            if (!s->reference_floor) QTest::newRow(s->name.data()) << qtext(s->name);
    }
    void cancelMidRun() {
        QFETCH(QString, strategy);
        // Short lines (strtok is line by line) read a byte at a time: far longer than the cancel takes.
        Bytes lines;
        while (lines.size() < (16u << 20)) lines.insert(lines.end(), {'a', ' ', 'b', '\n'});
        testing::write_file(path("big"), lines);
        const std::size_t before = threads_now();
        sfp::Progress progress;
        const Seam seam([&](const sfp::Progress& p) {
            if (p.done.load() > 0) progress.cancel.store(true);
        });
        const auto r = sfp::run_once(spec_of(strategy.toStdString(), {path("big")}, 1, 3, 1), progress);
        QCOMPARE(r.status, sfp::Status::cancelled);
        QVERIFY(r.bytes < lines.size());
        QCOMPARE(threads_now(), before);
    }

    // README: a file that shrinks, grows or is rewritten while it is counted is an error under
    // every strategy, never counts of a file that never existed. The change lands through the
    // seam right after the inputs are open or at the first progress reported (for wc: after
    // its child counted), so it always lands while the strategy holds the file.
    void changingInputIsAnError_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<int>("change");
        QTest::addColumn<bool>("mid_run");
        const char* const changes[] = {"shrinks", "grows", "is rewritten"};
        for (const sfp::Strategy* s : sfp::strategies_of("wordcount"))
            for (int c = 0; c < 3; ++c)
                for (const bool mid : {false, true})
                    QTest::newRow(
                        qPrintable(QString("%1 %2 %3").arg(qtext(s->name), changes[c], mid ? "mid-run" : "after open")))
                        << qtext(s->name) << c << mid;
    }
    void changingInputIsAnError() {
        QFETCH(QString, strategy);
        QFETCH(int, change);
        QFETCH(bool, mid_run);
        if (!sfp::find_strategy("wordcount", strategy.toStdString())->support().supported) QSKIP("not installed here");
        Bytes lines;
        while (lines.size() < (3u << 20)) lines.insert(lines.end(), {'a', 'b', ' ', 'c', '\n'});
        const std::string file = path("changing");
        testing::write_file(file, lines);
        set_time_an_hour_back(file);
        testing::write_file(path("c-other"), text_of("one two\n"));
        std::atomic<bool> changed{false};
        const Seam seam([&](const sfp::Progress& p) {
            // mid-run: past the small first file, a MiB into the changing one
            if ((mid_run ? p.done.load() >= (1u << 20) : p.total.load() > 0) && !changed.exchange(true))
                change_file(file, Change(change));
        });
        sfp::Progress progress;
        const auto r = sfp::run_once(spec_of(strategy.toStdString(), {path("c-other"), file}, 4096, 2, 100), progress);
        QVERIFY(changed.load());
        QVERIFY2(r.status == sfp::Status::error, qPrintable(describe_status(r)));
        const char* const how[] = {"shrank", "grew", "was rewritten"};
        QVERIFY2(r.error.find("'" + file + "'") != std::string::npos &&
                     (r.error.find(how[change]) != std::string::npos || r.error.find("changed") != std::string::npos),
                 r.error.c_str());
    }

    // Kernel pseudo-files report a size their content does not have: refused by every strategy,
    // naming the file, whether the size reads 4096 (sysfs) or 0 (procfs).
    void pseudoFilesAreRefused_data() { badInputIsAnErrorNamingIt_data(); }
    void pseudoFilesAreRefused() {
        QFETCH(QString, strategy);
        for (const std::string pseudo : {"/sys/kernel/uevent_seqnum", "/proc/self/stat"}) {
            sfp::Progress progress;
            const auto r = sfp::run_once(spec_of(strategy.toStdString(), {pseudo}, 4096, 2, 10), progress);
            QCOMPARE(r.status, sfp::Status::error);
            QVERIFY2(r.error.find("'" + pseudo + "'") != std::string::npos &&
                         r.error.find("pseudo-file") != std::string::npos,
                     r.error.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestWordcountFailures)
#include "test_wordcount_failures.moc"
