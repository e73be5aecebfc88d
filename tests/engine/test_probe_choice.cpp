// compare/adaptive chooses by measurement: with one candidate made slow through the test seam it
// picks the other and its note names both measurements; and every byte is done exactly once, so
// mismatches in either probe slice, at their edges and in the rest are all right. cipher/auto
// chooses by the input's folios, whatever a probe would measure.
#include <QRegularExpression>
#include <array>
#include <QtTest>

#include "algorithms/compare/adaptive.hpp"
#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "cipher_support.hpp"
#include "sfp/compare.hpp"
#include "sfp/run.hpp"
#include "sfp/run_context.hpp"
#include "support/compare_reference.hpp"
#include "support/temp_files.hpp"
#include "support/option_text.hpp"

using testing::Bytes;

namespace {

constexpr std::size_t kSize = (8u << 20) + 4097;  // large enough to probe, not a multiple of a block
constexpr std::size_t kSlice = 512u << 10;        // one timed slice here: a stripe (256K x 2 threads)

// The candidate the seam makes dear: a CPU second per slice, far more than any slice costs.
std::atomic<const char*> slow_candidate{nullptr};
double slow_down(std::string_view candidate) {
    const char* slow = slow_candidate.load();
    return slow && candidate == slow ? 1.0 : 0.0;
}

struct HookGuard {
    explicit HookGuard(const char* slow) {
        slow_candidate = slow;
        sfp::set_probe_hook(slow_down);
    }
    ~HookGuard() {
        sfp::set_probe_hook(nullptr);
        slow_candidate = nullptr;
    }
};

// The large-folio share compare/adaptive sees, whatever the page cache holds (-1 unknown).
std::atomic<double> folio_share{-1};
std::atomic<int> share_asked{0};
std::atomic<std::uint64_t> min_folio_asked{~0ull};  // of the last ask: the least folio that counted as large
double seen_share(const std::vector<std::string>&, std::uint64_t min_folio) {
    ++share_asked;
    min_folio_asked = min_folio;
    return folio_share.load();
}

// The available memory compare/adaptive sees (0 unknown), and how often it asked.
constexpr std::uint64_t kPlenty = 1ull << 40;
std::atomic<std::uint64_t> available_memory{kPlenty};
std::atomic<int> memory_asked{0};
std::uint64_t seen_memory() {
    ++memory_asked;
    return available_memory.load();
}

// Hand-made probe costs for probe_then_finish itself: candidate "a" dear in its first round
// (a CPU second) and free in its second, "b" half a second in both. Counted per candidate.
std::atomic<int> a_slices{0}, b_slices{0};
double first_round_dear(std::string_view candidate) {
    if (candidate == "a") return a_slices++ == 0 ? 1.0 : 0.0;
    ++b_slices;
    return 0.5;
}

// Two candidates that record the offsets they were given, in order.
struct RecordedCandidates {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> done;
    std::vector<std::string> by;
    std::array<sfp::ProbeCandidate, 2> list{{
        {"a", [this](std::uint64_t b, std::uint64_t e) { done.emplace_back(b, e), by.emplace_back("a"); }},
        {"b", [this](std::uint64_t b, std::uint64_t e) { done.emplace_back(b, e), by.emplace_back("b"); }},
    }};
    // Every offset of [0, total) once, in order.
    bool covers(std::uint64_t total) const {
        std::uint64_t at = 0;
        for (const auto& [b, e] : done)
            if (b != at || e < b)
                return false;
            else
                at = e;
        return at == total;
    }
};

}  // namespace

class TestProbeChoice : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    Bytes a_, b_;
    std::string path(const char* name) { return (dir_.path() + "/" + name).toStdString(); }

    // Adaptive on a and b, looking at them (folios, probe) from `looks_from` (a test's 1 MiB, not
    // the 256 MiB it does in use).
    sfp::RunResult compare(std::size_t max = 8, std::uint64_t looks_from = 1u << 20) {
        sfp::set_probe_pays_from(looks_from);
        const sfp::RunResult r = compare_as_set(max);
        sfp::set_probe_pays_from(0);
        return r;
    }
    sfp::RunResult compare_as_set(std::size_t max) {
        sfp::RunSpec spec;
        spec.algorithm = "compare";
        spec.strategy = "adaptive";
        spec.inputs = {path("a"), path("b")};
        spec.block_size = 4096;
        spec.threads = 2;
        testing::set_option(spec, "max_mismatches", std::to_string(max));
        sfp::Progress progress;
        return sfp::run_once(spec, progress);
    }

    void write(const std::vector<std::size_t>& flips) {
        b_ = a_;
        for (std::size_t f : flips) b_[f] = std::uint8_t(b_[f] ^ 0x5a);
        testing::write_file(path("a"), a_);
        testing::write_file(path("b"), b_);
    }

    static QString note_of(const sfp::RunResult& r, const std::string& who = "adaptive") {
        for (const std::string& n : r.notes)
            if (n.rfind(who, 0) == 0) return QString::fromStdString(n);
        return {};
    }

private slots:
    void initTestCase() {
        a_ = testing::pattern(kSize);
        sfp::set_folio_share_seam(seen_share);                 // the probe runs unless a test says otherwise
        sfp::compare::set_available_memory_seam(seen_memory);  // the inputs fit unless a test says otherwise
    }
    void cleanupTestCase() {
        sfp::set_folio_share_seam(nullptr);
        sfp::compare::set_available_memory_seam(nullptr);
    }

    // Inputs that take more than half of the available memory (or an unknown amount) are read
    // with read() and 1 MiB blocks; at exactly half they fit and the probe runs. Mismatches either
    // side of a 1 MiB block and at the last byte are found either way.
    void inputsThatDoNotFitAreRead_data() {
        QTest::addColumn<qulonglong>("available");
        QTest::addColumn<QString>("note");
        const QString read =
            "adaptive chose read: the inputs (16 MiB) exceed half of the available memory (%1 MiB); block 1M";
        QTest::newRow("a byte too little") << qulonglong(4 * kSize - 1) << read.arg(32);
        QTest::newRow("unknown") << qulonglong(0) << read.arg(0);
        QTest::newRow("exactly twice the inputs")
            << qulonglong(4 * kSize) << QString("adaptive: large folios: unknown (needs root); mmap-mt ");
    }
    void inputsThatDoNotFitAreRead() {
        QFETCH(qulonglong, available);
        QFETCH(QString, note);
        write({0, (1u << 20) - 1, 1u << 20, kSize - 1});
        available_memory = available;
        const sfp::RunResult r = compare();
        available_memory = kPlenty;
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(r.outcome.get<sfp::CompareOutcome>() == testing::compare_reference(a_, b_, 8));
        QVERIFY2(note_of(r).startsWith(note), qPrintable(note_of(r)));
    }

    // Under where it looks (256 MiB in use), mmap-mt at once in 2M stripes dealt, whatever the folios: the
    // share is not asked, no probe is timed (the hook makes mmap-mt dear and is never asked), and
    // every mismatch, at the stripes' edges and the last byte, is found. From there it looks.
    void underWhereItLooksMmapMtAtOnce() {
        write({0, (2u << 20) - 1, 2u << 20, 5u << 20, kSize - 1});
        const HookGuard hook("mmap-mt");
        folio_share = 0.0;  // small folios: the probe would run, if asked
        share_asked = 0;
        const sfp::RunResult r = compare(8, kSize + 1);
        QCOMPARE(share_asked.load(), 0);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(r.outcome.get<sfp::CompareOutcome>() == testing::compare_reference(a_, b_, 8));
        QCOMPARE(note_of(r),
                 QString("adaptive: the common part (8392705) is under 8392706 -> mmap-mt, stripes of 2M dealt "
                         "(nothing sampled or probed)"));
        const sfp::RunResult looked = compare(8, kSize);
        folio_share = -1;
        QCOMPARE(share_asked.load(), 1);
        QCOMPARE(min_folio_asked.load(), std::uint64_t(0));  // any large folio counts for compare
        QVERIFY2(note_of(looked).endsWith("-> pread-mt"), qPrintable(note_of(looked)));
        QVERIFY(looked.outcome.get<sfp::CompareOutcome>() == testing::compare_reference(a_, b_, 8));
    }

    // Large folios: mmap-mt at once, no probe; small ones or unknown: the probe, the share named.
    void theFolioShareDecidesWhetherToProbe_data() {
        QTest::addColumn<double>("share");
        QTest::addColumn<QString>("note");
        QTest::newRow("large") << 0.98
                               << "adaptive: large folios: 98 % of the cached pages sampled, where mmap-mt wins by far "
                                  "-> mmap-mt, stripes of 2M";
        QTest::newRow("half") << 0.5
                              << "adaptive: large folios: 50 % of the cached pages sampled, where mmap-mt wins by far "
                                 "-> mmap-mt, stripes of 2M";
        QTest::newRow("small") << 0.02 << "adaptive: large folios: 2 % of the cached pages sampled; mmap-mt ";
        QTest::newRow("unknown") << -1.0 << "adaptive: large folios: unknown (needs root); mmap-mt ";
    }

    void theFolioShareDecidesWhetherToProbe() {
        QFETCH(double, share);
        QFETCH(QString, note);
        write({0, kSlice, 5u << 20, kSize - 1});
        folio_share = share;
        const sfp::RunResult r = compare();
        folio_share = -1;
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(r.outcome.get<sfp::CompareOutcome>() == testing::compare_reference(a_, b_, 8));
        QVERIFY2(note_of(r).startsWith(note), qPrintable(note_of(r)));
    }

    void picksTheOtherWhenOneIsSlow_data() {
        QTest::addColumn<QString>("slow");
        QTest::addColumn<QString>("fast");
        QTest::newRow("mmap-mt slow") << "mmap-mt"
                                      << "pread-mt";
        QTest::newRow("pread-mt slow") << "pread-mt"
                                       << "mmap-mt";
    }

    void picksTheOtherWhenOneIsSlow() {
        QFETCH(QString, slow);
        QFETCH(QString, fast);
        write({3, kSlice + 5, 3 * kSlice + 1, 5u << 20, kSize - 1});
        const QByteArray slow_name = slow.toUtf8();
        const HookGuard hook(slow_name.constData());
        const sfp::RunResult r = compare();
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(r.outcome.get<sfp::CompareOutcome>() == testing::compare_reference(a_, b_, 8));
        const QString note = note_of(r);
        QVERIFY2(note.endsWith("-> " + fast), qPrintable(note));
        // Both measurements are named, each with a rate.
        const QRegularExpression measured("mmap-mt [0-9.]+ GB/s, pread-mt [0-9.]+ GB/s per CPU second");
        QVERIFY2(measured.match(note).hasMatch(), qPrintable(note));
    }

    // Every byte is compared once: mismatches at the edges of both probe slices and of the rest.
    void findsMismatchesAcrossTheSlices() {
        // four timed slices (mmap-mt, pread-mt, mmap-mt, pread-mt), then the rest
        const std::vector<std::size_t> edges = {0,          kSlice - 1,     kSlice,     2 * kSlice - 1, 2 * kSlice,
                                                3 * kSlice, 4 * kSlice - 1, 4 * kSlice, kSize - 1};
        for (std::size_t max : {1u, 3u, 8u}) {
            write(edges);
            const sfp::RunResult r = compare(max);
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            QVERIFY(r.outcome.get<sfp::CompareOutcome>() == testing::compare_reference(a_, b_, max));
            QVERIFY2(note_of(r).contains("per CPU second (best of 2 each, on 512K of both files; the first 2M in all)"),
                     qPrintable(note_of(r)));
        }
        write({});
        const sfp::RunResult same = compare();
        QVERIFY(same.outcome.get<sfp::CompareOutcome>() == testing::compare_reference(a_, b_, 8));
        QVERIFY(same.outcome.get<sfp::CompareOutcome>().mismatches.empty());
    }

    // A common part too small to probe is done on the calling thread, nothing sampled and the
    // memory not asked: under 128 KiB with read(), else with one mapped scan. Mismatches at the
    // middle and the last common byte are found either way, and a longer b shows in the sizes.
    void smallFilesSkipTheProbe_data() {
        QTest::addColumn<qulonglong>("size");
        QTest::addColumn<qulonglong>("b_longer_by");
        QTest::addColumn<QString>("note");
        const QString read =
            "adaptive chose read: the common part (%1) is under 128K, where reading costs less than "
            "mapping; block 4K";
        const QString mapped =
            "adaptive: the common part (%1) is too little to time a probe on -> mmap (one thread: "
            "nothing to start, no folios to sample)";
        QTest::newRow("one byte") << qulonglong(1) << qulonglong(0) << read.arg("1");
        QTest::newRow("a page and a byte, b longer") << qulonglong(4097) << qulonglong(1000) << read.arg("4097");
        QTest::newRow("a byte under 128K") << qulonglong((128u << 10) - 1) << qulonglong(0) << read.arg("131071");
        QTest::newRow("128K, b longer") << qulonglong(128u << 10) << qulonglong(5) << mapped.arg("128K");
        QTest::newRow("a MiB and 3") << qulonglong((1u << 20) + 3) << qulonglong(0) << mapped.arg("1048579");
    }
    void smallFilesSkipTheProbe() {
        QFETCH(qulonglong, size);
        QFETCH(qulonglong, b_longer_by);
        QFETCH(QString, note);
        a_.resize(size);
        std::vector<std::size_t> flips = {std::size_t(size - 1)};
        if (size > 1) flips.insert(flips.begin(), std::size_t(size / 2));
        write(flips);
        b_.resize(size + b_longer_by, 0x7e);
        testing::write_file(path("b"), b_);
        memory_asked = 0;
        available_memory = 1;  // not asked: nothing this small is read for want of memory
        const sfp::RunResult r = compare();
        available_memory = kPlenty;
        a_ = testing::pattern(kSize);
        QCOMPARE(memory_asked.load(), 0);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        const sfp::CompareOutcome expected = testing::compare_reference(testing::pattern(size), b_, 8);
        QVERIFY(r.outcome.get<sfp::CompareOutcome>() == expected);
        QCOMPARE(r.outcome.get<sfp::CompareOutcome>().mismatches.size(), flips.size());
        QCOMPARE(note_of(r), note);
    }

    // Each candidate's setup (prepare) is done once, for the slice length, before any slice is
    // timed: paid inside its first slice it would leave it one fair measurement of two. A job
    // too small to probe prepares nothing: the first candidate does it all.
    void preparesEveryCandidateBeforeTheFirstSlice_data() {
        QTest::addColumn<qulonglong>("total");
        QTest::addColumn<QString>("calls");
        // 4,000 offsets in stripes of 10: slices of min(100 / 2, 4000 / 32) = 50, 4 of them
        QTest::newRow("probed") << qulonglong(4000)
                                << "prepare a 50, prepare b 50, a 0-50, b 50-100, a 100-150, b 150-200, ? 200-4000";
        // 4 slices of at least a stripe (10) need 160 offsets: 159 cannot be probed
        QTest::newRow("too small to probe") << qulonglong(159) << "a 0-159";
    }
    void preparesEveryCandidateBeforeTheFirstSlice() {
        QFETCH(qulonglong, total);
        QFETCH(QString, calls);
        QStringList seen;
        const auto candidate = [&](const char* name) {
            return sfp::ProbeCandidate{
                name,
                [&seen, name](std::uint64_t b, std::uint64_t e) {
                    seen << QString("%1 %2-%3").arg(name).arg(b).arg(e);
                },
                0, [&seen, name](std::uint64_t slice) { seen << QString("prepare %1 %2").arg(name).arg(slice); }};
        };
        sfp::ProbeCandidate candidates[] = {candidate("a"), candidate("b")};
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        const sfp::ProbePlan plan{total, 10, 100, 1, "test", "of the job"};
        sfp::probe_then_finish(candidates, plan, ctx);
        // the rest goes to whichever measured cheaper: either is right here
        if (seen.size() == 7) seen.last().replace(0, 1, "?");
        QCOMPARE(seen.join(", "), calls);
    }

    // cipher/auto chooses by the input's large-folio share, which no probe can overrule (the hook
    // makes the chosen one dear, and is never asked): mmap-in from half on, else pool, and pool
    // where the share cannot be known. Each writes the reference's output, up to its last byte.
    void cipherAutoByTheFolios_data() {
        QTest::addColumn<double>("share");
        QTest::addColumn<QString>("transform");
        QTest::addColumn<QString>("note");
        const QString mapped =
            "auto: folios of 1M or more: %1 % of the cached pages sampled, where a fault maps a whole "
            "folio -> mmap-in";
        const QString pool =
            "auto: folios of 1M or more: %1 % of the cached pages sampled, where mapping costs more than "
            "read()'s copy -> pool";
        const QString unknown =
            "auto: folios of 1M or more: unknown (needs root), where mapping costs more than read()'s copy -> pool";
        for (const char* transform : {"caesar", "widen"}) {
            const QString t = transform;
            QTest::newRow(qPrintable("98 %, " + t)) << 0.98 << t << mapped.arg(98);
            QTest::newRow(qPrintable("half, " + t)) << 0.5 << t << mapped.arg(50);
            QTest::newRow(qPrintable("just under half, " + t)) << 0.494 << t << pool.arg(49);
            QTest::newRow(qPrintable("12 %, " + t)) << 0.12 << t << pool.arg(12);
            QTest::newRow(qPrintable("unknown, " + t)) << -1.0 << t << unknown;
        }
    }
    void cipherAutoByTheFolios() {
        QFETCH(double, share);
        QFETCH(QString, transform);
        QFETCH(QString, note);
        const cipher_test::Bytes& in = cipher_test::sample(kSize);
        cipher_test::write_file(path("in"), in);
        const HookGuard hook(note.endsWith("mmap-in") ? "mmap-in" : "pool");
        folio_share = share;
        min_folio_asked = ~0ull;
        sfp::set_probe_pays_from(kSize);  // where auto looks: not the 256 MiB it does, a test's size
        const sfp::RunResult r = cipher_test::run("auto", path("in"), path("out"), 64u << 10, 2,
                                                  {{"shift", "7"}, {"transform", transform.toStdString()}});
        sfp::set_probe_pays_from(0);
        folio_share = -1;
        QVERIFY2(r.status == sfp::Status::ok, cipher_test::describe(r).c_str());
        // only folios of 1 MiB or more count: in smaller ones (8K..512K), pool won
        QCOMPARE(min_folio_asked.load(), std::uint64_t(1) << 20);
        QVERIFY(cipher_test::read_file(path("out")) == cipher_test::reference(in, transform.toStdString(), 7));
        QCOMPARE(note_of(r, "auto"), note);
    }

    // An input under 2 MiB or of one block or less goes to stream on the calling thread, one of
    // 2 MiB and more to threads (dealt), its folios unsampled (the share would say mmap-in), up to where auto
    // looks (a test's 3 MiB here, 256 MiB in use), then by its folios (above). The output is the
    // reference's, up to the last byte.
    void cipherAutoOnSmallInputs_data() {
        QTest::addColumn<int>("size");
        QTest::addColumn<qulonglong>("block");
        QTest::addColumn<QString>("note");
        const QString one_block =
            "auto chose stream: the input (%1) is one block (%2) or less, all one thread's work "
            "(nothing to start or map)";
        const QString small =
            "auto chose stream: the input (%1) is under 2M, too little to start threads for (nothing "
            "to start or map)";
        const QString pool =
            "auto chose threads: the input (%1) is under 3M, where mapping it costs more than read()'s copy";
        const QString looked =
            "auto: folios of 1M or more: 98 % of the cached pages sampled, where a fault maps a whole folio -> "
            "mmap-in";
        const qulonglong k64 = 64u << 10;
        QTest::newRow("1 byte") << 1 << k64 << one_block.arg("1", "64K");
        QTest::newRow("one block") << 65536 << k64 << one_block.arg("64K", "64K");
        QTest::newRow("one block and a byte") << 65537 << k64 << small.arg("65537");
        QTest::newRow("a byte under 2 MiB") << (2 << 20) - 1 << k64 << small.arg("2097151");
        QTest::newRow("2 MiB") << (2 << 20) << k64 << pool.arg("2M");
        QTest::newRow("a byte under 3 MiB") << (3 << 20) - 1 << k64 << pool.arg("3145727");
        QTest::newRow("3 MiB") << (3 << 20) << k64 << looked;
        QTest::newRow("3 MiB, one block of 4M") << (3 << 20) << qulonglong(4u << 20) << one_block.arg("3M", "4M");
        QTest::newRow("2 MiB and 3 bytes, blocks of 1M")
            << (2 << 20) + 3 << qulonglong(1u << 20) << pool.arg("2097155");
    }
    void cipherAutoOnSmallInputs() {
        QFETCH(int, size);
        QFETCH(qulonglong, block);
        QFETCH(QString, note);
        const cipher_test::Bytes in = cipher_test::sample(std::size_t(size), 11);
        cipher_test::write_file(path("in"), in);
        folio_share = 0.98;  // large folios: mmap-in, where auto looks
        sfp::set_probe_pays_from(3u << 20);
        const sfp::RunResult r = cipher_test::run("auto", path("in"), path("out"), block, 2, {{"shift", "-41"}});
        sfp::set_probe_pays_from(0);
        folio_share = -1;
        QVERIFY2(r.status == sfp::Status::ok, cipher_test::describe(r).c_str());
        QVERIFY(cipher_test::read_file(path("out")) == cipher_test::reference(in, "caesar", -41));
        QCOMPARE(note_of(r, "auto"), note);
    }

    void cipherAutoWithDirectUsesThreads() {
        const cipher_test::Bytes& in = cipher_test::sample(1u << 20);
        cipher_test::write_file(path("in"), in);
        const sfp::RunResult r =
            cipher_test::run("auto", path("in"), path("out"), 64u << 10, 2, {{"shift", "3"}, {"direct", "1"}});
        if (r.status != sfp::Status::ok && r.error.find("O_DIRECT") != std::string::npos)
            QSKIP("this filesystem refuses O_DIRECT");
        QVERIFY2(r.status == sfp::Status::ok, cipher_test::describe(r).c_str());
        QVERIFY(cipher_test::read_file(path("out")) == cipher_test::reference(in, "caesar", 3));
        QCOMPARE(note_of(r, "auto"), QString("auto chose pool: --direct rules out mapping the input"));
    }

    // A job of pays_from bytes or more is probed, one a byte smaller is not: each side of the
    // boundary, and a job well above it.
    void probePaysFromItsBoundaryOn_data() {
        QTest::addColumn<qulonglong>("pays_from");
        QTest::addColumn<bool>("probed");
        constexpr qulonglong total = 1u << 20;
        QTest::newRow("a byte under the job") << total - 1 << true;
        QTest::newRow("exactly the job") << total << true;
        QTest::newRow("a byte over the job") << total + 1 << false;
        QTest::newRow("far over") << 4 * total << false;
        QTest::newRow("a quarter of the job") << total / 4 << true;
    }
    void probePaysFromItsBoundaryOn() {
        QFETCH(qulonglong, pays_from);
        QFETCH(bool, probed);
        const sfp::ProbePlan plan{.total = 1u << 20,
                                  .stripe = 4096,
                                  .max_slice = 64u << 10,
                                  .who = "test",
                                  .of_what = "of the job",
                                  .pays_from = pays_from};
        RecordedCandidates c;
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        const std::string note = sfp::probe_then_finish(c.list, plan, ctx);
        QVERIFY2(c.covers(plan.total), note.c_str());
        QVERIFY2((note.find("too little to pay for a probe") == std::string::npos) == probed, note.c_str());
        QCOMPARE(c.done.size(), probed ? std::size_t(5) : std::size_t(1));  // 2 rounds x 2 candidates, then the rest
    }

    // Each candidate is timed twice, in turns (a b a b), and keeps its better round: "a", dear only
    // in its first, beats "b" (half a second in both) and finishes the job.
    void bestOfTwoRoundsKeepsTheBetterRound() {
        const sfp::ProbePlan plan{.total = 1u << 20,
                                  .stripe = 4096,
                                  .max_slice = 64u << 10,
                                  .who = "test",
                                  .of_what = "of the job",
                                  .pays_from = 1};
        RecordedCandidates c;
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        a_slices = b_slices = 0;
        sfp::set_probe_hook(first_round_dear);
        const std::string note = sfp::probe_then_finish(c.list, plan, ctx);
        sfp::set_probe_hook(nullptr);
        QCOMPARE(a_slices.load(), 2);
        QCOMPARE(b_slices.load(), 2);
        QCOMPARE(c.by, (std::vector<std::string>{"a", "b", "a", "b", "a"}));
        QVERIFY(c.covers(plan.total));
        // 32K slices (max_slice over 2 rounds), four of them before the rest.
        QVERIFY2(note.ends_with("(best of 2 each, on 32K of the job; the first 128K in all) -> a"), note.c_str());
    }
};

QTEST_APPLESS_MAIN(TestProbeChoice)
#include "test_probe_choice.moc"
