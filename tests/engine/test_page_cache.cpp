// Cache control really works: `cold` lowers the inputs' residency and `hot` raises it, both
// measured with mincore, directly and through the runner's records. Skipped, with the
// reason, where the OS cannot tell or cannot evict (tmpfs keeps its pages in memory).
#include <linux/magic.h>
#include <sys/vfs.h>

#include <QtTest>

#include "io/page_cache.hpp"
#include "sfp/experiment.hpp"
#include "sfp/workspace.hpp"

namespace {

constexpr std::uint64_t kSize = 4u << 20;

// Why this machine cannot show residency changes for files in `dir`, or "" when it can.
QString unmeasurable(const std::string& dir, const std::vector<std::string>& files) {
    struct statfs fs {};
    if (statfs(dir.c_str(), &fs) == 0 && fs.f_type == TMPFS_MAGIC)
        return "the test directory is on tmpfs, whose pages cannot be evicted";
    if (sfp::page_cache::residency_pct(files) < 0) return "mincore cannot tell residency here (not owner or writer)";
    return {};
}

}  // namespace

class TestPageCache : public QObject {
    Q_OBJECT
private slots:
    void evictLowersAndWarmRaises() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString();
        const auto files = sfp::ensure_generated(dir, "pair", kSize, 1);
        if (const QString why = unmeasurable(dir, files); !why.isEmpty()) QSKIP(qPrintable(why));

        const std::atomic<bool> no_cancel{false};
        sfp::page_cache::warm(files, no_cancel);
        QVERIFY2(sfp::page_cache::residency_pct(files) > 95, "warm leaves the inputs cached");
        const std::string method = sfp::page_cache::evict(files);
        QVERIFY(method.find("posix_fadvise") != std::string::npos);
        QVERIFY2(sfp::page_cache::residency_pct(files) < 5, "evict drops the inputs' pages");
        sfp::page_cache::warm(files, no_cancel);
        QVERIFY(sfp::page_cache::residency_pct(files) > 95);
    }

    void noAnswerIsMinusOne() {
        QCOMPARE(sfp::page_cache::residency_pct({"/no/such/file"}), -1.0);
        QTemporaryDir tmp;
        const std::string empty = tmp.path().toStdString() + "/empty";
        QFile f(QString::fromStdString(empty));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QCOMPARE(sfp::page_cache::residency_pct({empty}), -1.0);  // no pages: nothing to say
        sfp::page_cache::evict({"/no/such/file", empty});            // never throws
        sfp::page_cache::warm({"/no/such/file", empty}, std::atomic<bool>{false});
    }

    void runnerRecordsColdAndHot() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString();
        sfp::Experiment e;
        e.algorithm = "compare";
        e.strategies = {"read"};
        e.sizes = {kSize};
        e.repetitions = 2;
        e.warmups = 1;
        e.workdir = dir;
        const auto files = sfp::ensure_generated(dir, "pair", kSize, e.seed);
        if (const QString why = unmeasurable(dir, files); !why.isEmpty()) QSKIP(qPrintable(why));

        sfp::Progress progress;
        e.cache = sfp::CacheMode::cold;
        const sfp::ExperimentReport cold = sfp::run_experiment(e, progress);
        QVERIFY(cold.cache_method.find("posix_fadvise(DONTNEED)") != std::string::npos);
        QCOMPARE(cold.runs.size(), std::size_t(2));
        for (const sfp::RunRecord& r : cold.runs) {
            QCOMPARE(r.status, std::string("ok"));
            QVERIFY2(r.residency_pct >= 0 && r.residency_pct < 5, qPrintable(QString::number(r.residency_pct)));
        }

        e.cache = sfp::CacheMode::hot;
        const sfp::ExperimentReport hot = sfp::run_experiment(e, progress);
        QCOMPARE(hot.runs.size(), std::size_t(2));
        for (const sfp::RunRecord& r : hot.runs) QVERIFY2(r.residency_pct > 95, qPrintable(QString::number(r.residency_pct)));
    }
};

QTEST_APPLESS_MAIN(TestPageCache)
#include "test_page_cache.moc"
