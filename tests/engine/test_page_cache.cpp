// Cache control really works: `cold` lowers the inputs' residency and `hot` raises it, both
// measured with mincore, directly and through the runner's records. The files live in the build
// tree (on the disk's filesystem); skipped, with the reason, only where even that cannot evict
// (a build tree on tmpfs) or mincore cannot tell.
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <vector>

#include <QtTest>

#include "algorithms/folio_choice.hpp"
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

// kSize bytes into `path`, one write() of `chunk` bytes at a time: the page cache's folios are no
// larger than the writes that made them.
void write_in_chunks(const std::string& path, std::size_t chunk) {
    std::ofstream out(path, std::ios::binary);
    out.rdbuf()->pubsetbuf(nullptr, 0);  // each write() as it is made
    const std::string bytes(chunk, 'x');
    for (std::uint64_t done = 0; done < kSize; done += chunk) out.write(bytes.data(), std::streamsize(chunk));
}

// The reference for the folio counts: the share of `path`'s pages (all cached) in folios of at
// least `min_folio` bytes, each page's frame and flags read on its own: a folio is a head and the
// tails on the frames after it. -1 when a read fails.
double share_page_by_page(const std::string& path, std::uint64_t min_folio) {
    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE)), n = std::size_t(kSize) / page;
    const int fd = ::open(path.c_str(), O_RDONLY), pagemap = ::open("/proc/self/pagemap", O_RDONLY),
              kpageflags = ::open("/proc/kpageflags", O_RDONLY);
    void* map = ::mmap(nullptr, kSize, PROT_READ, MAP_SHARED, fd, 0);
    std::vector<std::uint64_t> pfn(n), flags(n);
    bool ok = map != MAP_FAILED && ::madvise(map, kSize, MADV_POPULATE_READ) == 0;
    for (std::size_t i = 0; ok && i < n; ++i) {
        const off_t entry = off_t((reinterpret_cast<std::uintptr_t>(map) / page + i) * 8);
        ok = ::pread(pagemap, &pfn[i], 8, entry) == 8;
        pfn[i] &= (1ull << 55) - 1;
        ok = ok && ::pread(kpageflags, &flags[i], 8, off_t(pfn[i] * 8)) == 8;
    }
    if (map != MAP_FAILED) ::munmap(map, kSize);
    for (const int f : {fd, pagemap, kpageflags}) ::close(f);
    if (!ok) return -1;
    std::size_t large = 0;
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i + 1;
        while (j < n && (flags[j] & (1ull << 16)) && pfn[j] == pfn[j - 1] + 1) ++j;  // COMPOUND_TAIL
        if ((j - i) * page >= min_folio) large += j - i;
        i = j;
    }
    return double(large) / double(n);
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

    // Folios counted by their size, from kpageflags words: a head (or a page alone) and the tails
    // after it make one folio; tails first are the end of one begun before (one page longer at least).
    void foliosAreCountedBySize_data() {
        QTest::addColumn<std::vector<std::uint64_t>>("flags");
        QTest::addColumn<qulonglong>("min_pages");
        QTest::addColumn<qulonglong>("large");
        constexpr std::uint64_t H = 1ull << 15, T = 1ull << 16, lru = 1ull << 5;  // other flags do not count
        const std::vector<std::uint64_t> mix{lru, H, T, T, T, lru, H | lru, T};   // 1, 4, 1, 2
        QTest::newRow("none") << std::vector<std::uint64_t>{} << 2ull << 0ull;
        QTest::newRow("a page alone") << std::vector<std::uint64_t>{lru} << 2ull << 0ull;
        QTest::newRow("a page alone, 1 counts") << std::vector<std::uint64_t>{lru} << 1ull << 1ull;
        QTest::newRow("mix, any large") << mix << 2ull << 6ull;
        QTest::newRow("mix, 3 pages") << mix << 3ull << 4ull;
        QTest::newRow("mix, 4 pages") << mix << 4ull << 4ull;
        QTest::newRow("mix, 5 pages") << mix << 5ull << 0ull;
        const std::vector<std::uint64_t> begun{T, T, H, T};  // 2 seen of 3 or more, then 2
        QTest::newRow("begun before, 3 pages") << begun << 3ull << 2ull;
        QTest::newRow("begun before, 4 pages") << begun << 4ull << 0ull;
        QTest::newRow("begun before, any large") << begun << 2ull << 4ull;
        std::vector<std::uint64_t> mib(256, T);  // a 1 MiB folio, then a 512 KiB one
        mib[0] = H;
        mib.insert(mib.end(), 128, T);
        mib[256] = H;
        QTest::newRow("1M and 512K, 1M counts") << mib << 256ull << 256ull;
        QTest::newRow("1M and 512K, 512K counts") << mib << 128ull << 384ull;
    }
    void foliosAreCountedBySize() {
        QFETCH(std::vector<std::uint64_t>, flags);
        QFETCH(qulonglong, min_pages);
        QFETCH(qulonglong, large);
        QCOMPARE(qulonglong(sfp::page_cache::pages_in_folios_of(flags, min_pages)), large);
    }

    // A file written in 8 KiB writes sits in folios of 8 KiB at most: none of 1 MiB or more, however
    // many large folios the kernel made (where it makes any: 6.x on ext4).
    void smallWritesMakeNoMebibyteFolios() {
        QTemporaryDir tmp(kScratch);
        const std::string file = tmp.path().toStdString() + "/written";
        write_in_chunks(file, 8192);
        if (!folios_visible()) QSKIP("folios need root to see /proc/kpageflags");
        const double any = sfp::page_cache::large_folio_share_sampled({file}, 1u << 20, 4);
        const double mib = sfp::page_cache::large_folio_share_sampled({file}, 1u << 20, 4, 1u << 20);
        QVERIFY2(any >= 0 && mib >= 0, "root sees /proc/kpageflags, and the file is cached");
        QCOMPARE(mib, 0.0);
        QCOMPARE(any, share_page_by_page(file, 8192));  // its folios, whatever size the kernel made
        qInfo("share in any large folio: %.2f (0 where this kernel makes none for writes)", any);
    }

    // A file written in 2 MiB writes sits in folios of up to 2 MiB where the kernel can make them:
    // the chooser's sample (sfp::sampled_share_in_folios_of) sees them whole, and counts what a
    // look at every page, one by one, counts.
    void theSampleSeesWholeFolios() {
        QTemporaryDir tmp(kScratch);
        const std::string file = tmp.path().toStdString() + "/written";
        write_in_chunks(file, 2u << 20);
        if (!folios_visible()) QSKIP("folios need root to see /proc/kpageflags");
        const double every_page = share_page_by_page(file, 1u << 20);
        if (every_page < 0.9)
            QSKIP(qPrintable(QString("this kernel made few folios of 1 MiB for 2 MiB writes (%1 of the pages): "
                                     "nothing to see whole")
                                 .arg(every_page)));
        QCOMPARE(sfp::sampled_share_in_folios_of({file}, 1u << 20), every_page);
        QCOMPARE(sfp::page_cache::large_folio_share_sampled({file}, 2u << 20, 4, 1u << 20), every_page);
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
