// Cache control really works: `cold` lowers the inputs' residency and `hot` raises it, both
// measured with mincore, directly and through the runner's records. The files live in the build
// tree (on the disk's filesystem); skipped, with the reason, only where even that cannot evict
// (a build tree on tmpfs) or mincore cannot tell.
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <cmath>
#include <fstream>

#include <QtTest>

#include "io/large_folios.hpp"
#include "io/page_cache.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/experiment.hpp"
#include "sfp/report.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_record.hpp"
#include "sfp/workspace.hpp"

namespace {

constexpr std::uint64_t kSize = 4u << 20;
// In the build tree, not /tmp: a tmpfs /tmp keeps its pages in memory and could not be evicted.
const QString kScratch = QStringLiteral(SFP_TEST_SCRATCH "/page-cache-XXXXXX");

// Why this machine cannot show residency changes for files in `dir`, or "" when it can.
QString unmeasurable(const std::string& dir, const std::vector<std::string>& files) {
    struct statfs fs {};
    if (statfs(dir.c_str(), &fs) == 0 && fs.f_type == TMPFS_MAGIC)
        return "the build tree is on tmpfs, whose pages cannot be evicted";
    if (sfp::page_cache::residency_pct(files) < 0) return "mincore cannot tell residency here (not owner or writer)";
    return {};
}

bool is_share(double share) { return share == -1 || (share >= 0 && share <= 1); }

// Whether the kernel shows page frames and their flags to this process (root, procfs).
bool folios_visible() { return geteuid() == 0 && ::access("/proc/kpageflags", R_OK) == 0; }

ino_t inode_of(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
}

// The runner cases' experiment: compare/read, two timed runs of kSize, its files in `dir`.
sfp::Experiment two_reads(const std::string& dir, unsigned warmups) {
    sfp::Experiment e;
    e.algorithm = "compare";
    e.strategies = {"read"};
    e.sizes = {kSize};
    e.repetitions = 2;
    e.warmups = warmups;
    e.workdir = dir;
    return e;
}

}  // namespace

class TestPageCache : public QObject {
    Q_OBJECT
private slots:
    void evictLowersAndWarmRaises() {
        QTemporaryDir tmp(kScratch);
        const std::string dir = tmp.path().toStdString();
        const auto files = sfp::ensure_generated(dir, "pair", kSize, 1);
        if (const QString why = unmeasurable(dir, files); !why.isEmpty()) QSKIP(qPrintable(why));

        const std::atomic<bool> no_cancel{false};
        sfp::page_cache::warm(files, no_cancel);
        QVERIFY2(sfp::page_cache::residency_pct(files) > 95, "warm leaves the inputs cached");
        const sfp::page_cache::Eviction evicted = sfp::page_cache::evict(files);
        QVERIFY(evicted.method.find("posix_fadvise") != std::string::npos);
        const double left = sfp::page_cache::residency_pct(files);
        QVERIFY2(left < 5, "evict drops the inputs' pages");
        // The count eviction returns is the one a separate read gives (what a cold run records).
        QVERIFY2(evicted.residency_pct >= 0 && std::abs(evicted.residency_pct - left) < 1,
                 "eviction reports what it left");
        sfp::page_cache::warm(files, no_cancel);
        QVERIFY(sfp::page_cache::residency_pct(files) > 95);
    }

    // On tmpfs a file's pages are its storage: eviction leaves them, says which file is there,
    // and never drops the machine's page cache for it (as root it once did, every time).
    void memoryFilesNeverDropTheMachinesCache() {
        struct statfs fs {};
        if (::statfs("/dev/shm", &fs) != 0 || fs.f_type != TMPFS_MAGIC || ::access("/dev/shm", W_OK) != 0)
            QSKIP("no writable tmpfs at /dev/shm");
        QTemporaryDir tmp(QStringLiteral("/dev/shm/sfp-page-cache-XXXXXX"));
        const std::string file = tmp.path().toStdString() + "/in-memory";
        QVERIFY(std::ofstream(file, std::ios::binary) << std::string(1 << 20, 'm'));
        const sfp::page_cache::Eviction e = sfp::page_cache::evict({file});
        QCOMPARE(e.method, std::string(sfp::page_cache::kFadviseMethod));
        QCOMPARE(e.in_memory, file);
        QCOMPARE(e.in_memory_fs, std::string("tmpfs"));
        if (e.residency_pct >= 0) QCOMPARE(e.residency_pct, 100.0);  // still all there, and said so
    }

    // A set cancel stops eviction between files (run --cache cold on a 100,000-file tree): the
    // pages stay and nothing is counted (-1).
    void evictStopsWhenCancelled() {
        QTemporaryDir tmp(kScratch);
        const std::string dir = tmp.path().toStdString();
        const auto files = sfp::ensure_generated(dir, "pair", kSize, 1);
        if (const QString why = unmeasurable(dir, files); !why.isEmpty()) QSKIP(qPrintable(why));
        const std::atomic<bool> cancel{true};
        sfp::page_cache::warm(files, std::atomic<bool>{false});
        QCOMPARE(sfp::page_cache::evict(files, cancel).residency_pct, -1.0);
        QVERIFY2(sfp::page_cache::residency_pct(files) > 95, "a cancelled eviction evicts nothing");
    }

    // settle_as_read leaves the files cached; the share of large folios is a share or unknown,
    // and known wherever the kernel shows frames and flags (as root).
    void settledFilesHaveAKnownFolioShare() {
        QTemporaryDir tmp(kScratch);
        const std::string dir = tmp.path().toStdString();
        const auto files = sfp::ensure_generated(dir, "pair", kSize, 1);
        if (const QString why = unmeasurable(dir, files); !why.isEmpty()) QSKIP(qPrintable(why));

        const std::atomic<bool> no_cancel{false};
        QVERIFY(sfp::page_cache::settle_as_read(files, no_cancel).find("posix_fadvise") != std::string::npos);
        QVERIFY2(sfp::page_cache::residency_pct(files) >= 90, "settled inputs are cached");
        const double share = sfp::page_cache::large_folio_share(files);
        QVERIFY2(is_share(share), qPrintable(QString::number(share)));
        if (folios_visible()) QVERIFY2(share >= 0, "root sees /proc/kpageflags: the share is known");
        // Sampled (4 windows of 256 KiB a file), the share of these uniformly settled files is the same.
        const double sampled = sfp::page_cache::large_folio_share_sampled(files, 256u << 10, 4);
        QVERIFY2(is_share(sampled), qPrintable(QString::number(sampled)));
        if (share >= 0)
            QVERIFY2(sampled >= 0 && std::abs(sampled - share) <= 0.25,
                     qPrintable(QString("%1 vs %2").arg(sampled).arg(share)));
        QCOMPARE(sfp::page_cache::large_folio_share_sampled({"/no/such/file"}, 1u << 20, 4), -1.0);
        QCOMPARE(sfp::page_cache::large_folio_share({"/no/such/file"}), -1.0);
        QCOMPARE(sfp::page_cache::large_folio_share({dir}), -1.0);  // not a regular file
    }

    // hot and hot-written reach their states through the runner, and every run says which.
    void runnerRecordsHotAndHotWritten() {
        QTemporaryDir tmp(kScratch);
        const std::string dir = tmp.path().toStdString();
        sfp::Experiment e = two_reads(dir, 0);
        const auto files = sfp::ensure_generated(dir, "pair", kSize, e.seed);
        if (const QString why = unmeasurable(dir, files); !why.isEmpty()) QSKIP(qPrintable(why));
        sfp::Progress progress;

        const ino_t before = inode_of(files[0]);
        e.cache = sfp::CacheMode::hot;
        const sfp::ExperimentReport hot = sfp::run_experiment(e, progress);
        QCOMPARE(std::string(sfp::to_string(hot.experiment.cache)), std::string("hot"));
        QVERIFY2(hot.cache_method.rfind("hot: inputs evicted", 0) == 0, hot.cache_method.c_str());
        QCOMPARE(inode_of(files[0]), before);  // hot reads the data, never rewrites it
        QCOMPARE(hot.runs.size(), std::size_t(2));
        for (const sfp::RunRecord& r : hot.runs) {
            QVERIFY2(r.residency_pct >= 90, qPrintable(QString::number(r.residency_pct)));
            QVERIFY2(is_share(r.large_folio_share), qPrintable(QString::number(r.large_folio_share)));
            if (folios_visible()) QVERIFY(r.large_folio_share >= 0);
        }

        e.cache = sfp::CacheMode::hot_written;
        const sfp::ExperimentReport written = sfp::run_experiment(e, progress);
        QCOMPARE(std::string(sfp::to_string(written.experiment.cache)), std::string("hot-written"));
        QVERIFY2(written.cache_method.rfind("hot-written:", 0) == 0, written.cache_method.c_str());
        QVERIFY2(inode_of(files[0]) != before, "hot-written writes the generated data again (a new file)");
        QCOMPARE(written.runs.size(), std::size_t(2));
        for (const sfp::RunRecord& r : written.runs) {
            QCOMPARE(r.status, sfp::RunStatus::ok);
            QVERIFY2(r.residency_pct >= 90, qPrintable(QString::number(r.residency_pct)));
            QVERIFY2(is_share(r.large_folio_share), qPrintable(QString::number(r.large_folio_share)));
        }
    }

    void noAnswerIsMinusOne() {
        QCOMPARE(sfp::page_cache::residency_pct({"/no/such/file"}), -1.0);
        QTemporaryDir tmp(kScratch);
        const std::string empty = tmp.path().toStdString() + "/empty";
        QFile f(QString::fromStdString(empty));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QCOMPARE(sfp::page_cache::residency_pct({empty}), -1.0);                         // no pages: nothing to say
        QCOMPARE(sfp::page_cache::evict({"/no/such/file", empty}).residency_pct, -1.0);  // never throws
        sfp::page_cache::warm({"/no/such/file", empty}, std::atomic<bool>{false});
    }

    void runnerRecordsColdAndHot() {
        QTemporaryDir tmp(kScratch);
        const std::string dir = tmp.path().toStdString();
        sfp::Experiment e = two_reads(dir, 1);
        const auto files = sfp::ensure_generated(dir, "pair", kSize, e.seed);
        if (const QString why = unmeasurable(dir, files); !why.isEmpty()) QSKIP(qPrintable(why));

        sfp::Progress progress;
        e.cache = sfp::CacheMode::cold;
        const sfp::ExperimentReport cold = sfp::run_experiment(e, progress);
        QVERIFY(cold.cache_method.find("posix_fadvise(DONTNEED)") != std::string::npos);
        QCOMPARE(cold.runs.size(), std::size_t(2));
        for (const sfp::RunRecord& r : cold.runs) {
            QCOMPARE(r.status, sfp::RunStatus::ok);
            QVERIFY2(r.residency_pct >= 0 && r.residency_pct < 5, qPrintable(QString::number(r.residency_pct)));
        }

        e.cache = sfp::CacheMode::hot;
        const sfp::ExperimentReport hot = sfp::run_experiment(e, progress);
        QCOMPARE(hot.runs.size(), std::size_t(2));
        for (const sfp::RunRecord& r : hot.runs)
            QVERIFY2(r.residency_pct > 95, qPrintable(QString::number(r.residency_pct)));
    }
};

QTEST_APPLESS_MAIN(TestPageCache)
#include "test_page_cache.moc"
