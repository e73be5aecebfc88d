// compare's mapped scan unmaps its pages on its own threads after the scan (mmap_mt.cpp), the
// threads that scanned, once all have: the shares cover the range widened to huge-page
// boundaries, each starting on one, and after a scan, in large folios or small, not one page of
// either mapping is still mapped
// (/proc/self/pagemap's present bit, readable by anyone for their own process). That the
// mismatches stay right is test_compare's and test_probe_choice's.
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include "algorithms/compare/range_scans.hpp"
#include "io/fd.hpp"
#include "sfp/run_context.hpp"
#include "support/compare_reference.hpp"
#include "support/temp_files.hpp"

namespace {

constexpr std::uint64_t kHugePage = 2u << 20;

// Pages of [data, data+bytes) that have a page-table entry now.
std::size_t mapped_pages(const std::uint8_t* data, std::size_t bytes) {
    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
    const sfp::Fd pagemap("/proc/self/pagemap", O_RDONLY);
    if (pagemap.get() < 0) return 0;
    const std::size_t first = reinterpret_cast<std::uintptr_t>(data) / page, n = (bytes + page - 1) / page;
    std::vector<std::uint64_t> entries(n);
    if (::pread(pagemap.get(), entries.data(), n * 8, off_t(first * 8)) != ssize_t(n * 8)) return ~std::size_t(0);
    std::size_t present = 0;
    for (std::uint64_t e : entries) present += (e >> 63) & 1;
    return present;
}

// `bytes` written to a new file in write() calls of `piece` bytes (0: one call); false on an error.
bool write_in_pieces(const std::string& path, const testing::Bytes& bytes, std::size_t piece) {
    const sfp::Fd out(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC);
    for (std::size_t at = 0; out.get() >= 0 && at < bytes.size();) {
        const std::size_t n = piece == 0 ? bytes.size() - at : std::min(piece, bytes.size() - at);
        const ssize_t done = ::write(out.get(), bytes.data() + at, n);
        if (done <= 0) return false;
        at += std::size_t(done);
    }
    return out.get() >= 0;
}

}  // namespace

class TestCompareMapping : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const char* name) { return (dir_.path() + "/" + name).toStdString(); }

private slots:
    void unmapSharesCoverTheRange() {
        for (std::uint64_t begin : {std::uint64_t(0), std::uint64_t(4096), 3 * kHugePage + 512}) {
            for (std::uint64_t length :
                 {std::uint64_t(1), std::uint64_t(4097), kHugePage, 7 * kHugePage + 3, 100 * kHugePage + 1}) {
                for (unsigned threads : {1u, 2u, 3u, 8u}) {
                    const sfp::compare::Range r{begin, begin + length, 4096, threads};
                    // the range widened to the huge pages around it, where its faults may have mapped
                    std::uint64_t at = begin / kHugePage * kHugePage;
                    const std::uint64_t end = (begin + length + kHugePage - 1) / kHugePage * kHugePage;
                    for (unsigned w = 0; w < threads; ++w) {
                        const sfp::Block s = sfp::compare::unmap_share(r, w);
                        QCOMPARE(s.offset, at);  // contiguous, in order, nothing twice
                        if (s.length > 0) QCOMPARE(s.offset % kHugePage, std::uint64_t(0));
                        at += s.length;
                    }
                    QCOMPARE(at, end);  // nothing left out
                }
            }
        }
        // Large enough, every thread gets a share.
        const sfp::compare::Range big{0, 64 * kHugePage, 4096, 4};
        for (unsigned w = 0; w < 4; ++w) QCOMPARE(sfp::compare::unmap_share(big, w).length, 16 * kHugePage);
    }

    // Written at once (large folios, mapped 2 MiB at a time) and in 4 KiB writes (small folios
    // here, mapped a fault-around window at a time, which reaches below the second scan's start).
    void scanLeavesNothingMapped_data() {
        QTest::addColumn<std::size_t>("write_size");
        QTest::newRow("written at once") << std::size_t(0);
        QTest::newRow("written 4 KiB at a time") << std::size_t(4096);
    }

    void scanLeavesNothingMapped() {
        QFETCH(std::size_t, write_size);
        const std::size_t size = 5 * kHugePage + 12345;  // a partial last page and block
        const testing::Bytes bytes = testing::pattern(size);
        QVERIFY(write_in_pieces(path("a"), bytes, write_size));
        QVERIFY(write_in_pieces(path("b"), bytes, write_size));
        for (std::uint64_t block : {std::uint64_t(4096), std::uint64_t(1) << 20}) {
            for (unsigned threads : {1u, 2u, 3u}) {
                sfp::RunSpec spec;
                spec.inputs = {path("a"), path("b")};
                sfp::Progress progress;
                sfp::RunContext ctx(progress);
                sfp::compare::InputPair pair = sfp::compare::open_pair(spec, ctx);
                sfp::compare::MismatchTable table(8);
                const sfp::Mapping a(pair.a, size), b(pair.b, size);
                // First half as adaptive's probe would, then the rest: each call unmaps its own range.
                const std::uint64_t half = size / 2 / 4096 * 4096;
                const QString where = QString("block %1, %2 threads").arg(block).arg(threads);
                sfp::compare::scan_mapped_range(pair, a, b, {0, half, block, threads}, table, ctx);
                // Alone, a range leaves nothing mapped, not even past its end where its last
                // faults' fault-around reached (a probe's mapped slice has a pread slice after it).
                QVERIFY2(mapped_pages(a.data(), size) == 0,
                         qPrintable(where + ": the first half's scan left pages mapped"));
                // So the second scan's first fault maps back pages below its start, which it
                // must unmap too.
                sfp::compare::scan_mapped_range(pair, a, b, {half, size, block, threads}, table, ctx);
                QVERIFY(table.take().empty());
                QVERIFY2(mapped_pages(a.data(), size) == 0, qPrintable(where + ": pages of a still mapped"));
                QVERIFY2(mapped_pages(b.data(), size) == 0, qPrintable(where + ": pages of b still mapped"));
            }
        }
    }

    // The threads that scanned unmap, after all of them have scanned: no second set of threads is
    // started for it (each start and the CPU it wakes cost more than unmapping large folios).
    void theScanningThreadsUnmap() {
        const std::size_t size = 3 * kHugePage + 777;
        QVERIFY(write_in_pieces(path("a"), testing::pattern(size), 0));
        QVERIFY(write_in_pieces(path("b"), testing::pattern(size), 0));
        for (unsigned threads : {1u, 2u, 4u}) {
            sfp::RunSpec spec;
            spec.inputs = {path("a"), path("b")};
            sfp::Progress progress;
            sfp::RunContext ctx(progress);
            sfp::compare::InputPair pair = sfp::compare::open_pair(spec, ctx);
            sfp::compare::MismatchTable table(8);
            const sfp::Mapping a(pair.a, size), b(pair.b, size);
            sfp::compare::scan_mapped_range(pair, a, b, {0, size, 65536, threads}, table, ctx);
            QCOMPARE(ctx.thread_spents().size(), std::size_t(threads));
            QCOMPARE(mapped_pages(a.data(), size), std::size_t(0));
        }
    }

    // Stripes to whichever thread is free (adaptive's), the calling thread among them: every
    // block scanned exactly once, by some thread, in file order on each, and the mismatches the
    // reference's -- with a block that is not a multiple of the page and a last one cut short.
    void stripesToWhoeverIsFreeAreEachScannedOnce() {
        const std::size_t size = 3 * kHugePage + 777, block = 3 * 4096 + 100;
        const testing::Bytes a = testing::pattern(size);
        testing::Bytes b = a;
        for (std::size_t at : {std::size_t(0), block - 1, block, size / 2, size - 1}) b[at] ^= 0x21;
        QVERIFY(write_in_pieces(path("a"), a, 0));
        QVERIFY(write_in_pieces(path("b"), b, 0));
        for (unsigned threads : {1u, 2u, 4u}) {
            sfp::RunSpec spec;
            spec.inputs = {path("a"), path("b")};
            sfp::Progress progress;
            sfp::RunContext ctx(progress);
            ctx.record_timeline();
            sfp::ThreadTimeline here = ctx.timeline_for_thread();  // the calling thread is worker 0
            sfp::set_current_timeline(&here);
            sfp::compare::InputPair pair = sfp::compare::open_pair(spec, ctx);
            sfp::compare::MismatchTable table(100);
            const sfp::Mapping ma(pair.a, size), mb(pair.b, size);
            sfp::compare::scan_mapped_range(pair, ma, mb, {0, size, block, threads, sfp::Deal::to_whoever_is_free},
                                            table, ctx);
            sfp::set_current_timeline(nullptr);
            QVERIFY(table.take() == testing::compare_reference(a, b, 100).mismatches);
            QCOMPARE(ctx.thread_spents().size(), std::size_t(threads - 1));  // the others, started
            std::vector<std::vector<sfp::TimelineEvent>> lanes{here.events()};
            for (const sfp::ThreadSpent& t : ctx.thread_spents()) lanes.push_back(t.events);
            std::vector<std::uint64_t> scanned;
            for (const std::vector<sfp::TimelineEvent>& events : lanes)
                for (std::size_t i = 0; i < events.size(); ++i) {
                    if (i > 0) QVERIFY(events[i].at > events[i - 1].at);
                    scanned.push_back(events[i].at);
                }
            std::sort(scanned.begin(), scanned.end());
            std::vector<std::uint64_t> every;
            for (std::uint64_t at = 0; at < size; at += block) every.push_back(at);
            QCOMPARE(scanned, every);
        }
    }

    void pagemapSeesAMappedPage() {  // the check above is not vacuous
        testing::write_file(path("a"), testing::pattern(3 * 4096));
        const sfp::File file = sfp::File::open_read(path("a"));
        const sfp::Mapping map(file, 3 * 4096);
        volatile std::uint8_t touch = map.data()[4096];
        (void)touch;
        QVERIFY(mapped_pages(map.data(), 3 * 4096) >= 1);
        map.release(0, 3 * 4096);
        QCOMPARE(mapped_pages(map.data(), 3 * 4096), std::size_t(0));
    }
};

QTEST_APPLESS_MAIN(TestCompareMapping)
#include "test_compare_mapping.moc"
