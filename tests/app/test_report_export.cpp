// Exports of a hand-built report: exact CSV header, RFC 4180 quoting read back by an
// independent reader, "-" and "n/a", CPU utilisation, summary rows, JSON shape, text summary.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "csv_reader.hpp"
#include "hand_made.hpp"
#include "report_export.hpp"
#include "report_load.hpp"

namespace {

const char* const kContractHeader =
    "algorithm,strategy,block_size,threads,file_size,repetition,cache,real_s,user_s,sys_s,cpu_pct,"
    "throughput_mbs,residency_pct,status,digest,error";
// Every column of each file: the fixed ones, then (marked %1) one per swept parameter some cell
// of the report uses, as google/benchmark writes the counters its runs have.
const char* const kRunsHeader =
    "algorithm,strategy,block_size,threads,file_size,repetition,cache,real_s,user_s,sys_s,cpu_pct,"
    "throughput_mbs,residency_pct,status,digest,error,limit_pct,cpu_s,cpu_exact,split_resolved,run_order,cell,"
    "input_set,bytes,major_faults,minor_faults,voluntary_switches,involuntary_switches,read_bytes,write_bytes,"
    "cycles,instructions,dtlb_read_misses,reference_floor,order,seed,notes,list_s,large_folio_share%1,"
    "thread_s,runnable_wait_s,blocked_s,blkio_wait_s,steal_pct,disturbed";  // the waiting's, after every other
const char* const kSummaryHeader =
    "algorithm,strategy,block_size,threads,file_size,input_set,cache,n,failed,min_s,q1_s,median_s,mean_s,q3_s,"
    "max_s,stddev_s,ci95_s,cv_pct,outliers,high_variation,ratio_to_fastest,throughput_mbs,user_median_s,"
    "sys_median_s,cpu_median_s,split_resolved,cpu_pct,statuses,reference_floor,limit_pct,limit,limit_mbs%1,"
    "ratio_ci_low,ratio_ci_high,p_value,test,n_fastest,verdict";

// Two strategies on one 1 MiB input set: read (uses the block size), mmap-mt (uses threads).
sfp::ExperimentReport sample_report() {
    sfp::ExperimentReport rep;
    rep.experiment.algorithm = "compare";
    rep.experiment.data_kind = "pair";
    rep.experiment.sizes = {1 << 20};
    rep.experiment.strategies = {"read", "mmap-mt"};
    rep.experiment.repetitions = 2;
    rep.machine = {"host", "cpu", "6.1", "ext4", "0.1.0", 2, 24ull << 30, "/dev/vda"};
    rep.cache_method = "read before each run";
    rep.input_sets = {{{"/w/a", "/w/b"}, 1 << 20}};
    rep.cells = {hand_made::cell("read", 4096, 0), hand_made::cell("mmap-mt", 0, 2)};
    // Every field the exports write, with values that need quoting or rounding.
    const auto run = [](std::size_t cell, unsigned rep_no, double real, double user, double sys, double residency,
                        sfp::RunStatus status, std::string error) {
        sfp::RunRecord r = hand_made::run(cell, rep_no, real, user, sys, status, error, 2 << 20);
        r.result.usage.major_faults = 3;
        r.result.usage.minor_faults = 250;
        r.result.usage.voluntary_switches = 7;
        r.result.usage.involuntary_switches = 1;
        r.result.digest = "0123456789abcdef";
        r.result.notes = {"first note", "second, with comma"};
        r.residency_pct = residency;
        return r;
    };
    rep.runs = {
        [&] {  // the one run whose large-folio share is known
            sfp::RunRecord r = run(0, 1, 0.5, 0.25, 0.25, 100, sfp::RunStatus::ok, "");
            r.large_folio_share = 0.987654;
            return r;
        }(),
        run(1, 1, 0.25, 0.2, 0.05, -1, sfp::RunStatus::ok, ""),
        run(0, 2, 0.5, 0.3, 0.2, 99.5, sfp::RunStatus::error, "read 'a, b': \"Input/output\" error\nsecond line"),
        run(1, 2, 0.25, 0.25, 0.0, 0, sfp::RunStatus::mismatch, "line1\r\nline2, \"x\""),
    };
    sfp::CellStats s0;
    s0.cell = 0;
    s0.real = {1, 0.5, 0.5, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, {}};
    s0.user.median = s0.user.mean = 0.25;
    s0.sys.median = s0.sys.mean = 0.25;
    s0.cpu.median = s0.cpu.mean = 0.5;
    s0.throughput_mbs = 4.194304;
    s0.failed = 1;
    sfp::CellStats s1;
    s1.cell = 1;
    s1.real = {2, 0.2, 0.3, 0.25, 0.25, 0.0707, 0.635, 0.225, 0.275, 0.2828, {1}};
    s1.user.median = s1.user.mean = 0.225;
    s1.sys.median = s1.sys.mean = 0.025;
    s1.cpu.median = s1.cpu.mean = 0.25;
    s1.throughput_mbs = 8.388608;
    s1.high_variation = true;
    rep.stats = {s0, s1};
    rep.rankings = {{0, 1, {{0, sfp::compare_medians(0.25, 0.5)}}}};
    rep.fits = {};
    return rep;
}

// The sample with a third cell, wordcount's pipeline at packing 1000 (a swept parameter the
// other cells do not use), and one run and statistics of it.
sfp::ExperimentReport packed_report() {
    sfp::ExperimentReport rep = sample_report();
    sfp::Cell packed = hand_made::cell("pipeline", 0, 2);
    packed.parameters["packing"] = 1000;
    rep.cells.push_back(packed);
    rep.runs.push_back(hand_made::run(2, 1, 0.5));
    rep.stats.push_back({});
    rep.stats.back().cell = 2;
    return rep;
}

sfp::SizeFit bent_fit() {
    sfp::SizeFit f;
    f.cell = 0;  // read, block 4K
    f.points = 3;
    f.seconds_per_gb = 0.5;
    f.r2 = 0.9;
    f.nonlinear = true;
    return f;
}

QStringList row_of(const std::vector<QStringList>& table, qsizetype row) { return table.at(std::size_t(row)); }

QString column(const std::vector<QStringList>& table, qsizetype row, const QString& name) {
    const qsizetype c = table.front().indexOf(name);
    if (c < 0) return "<no column " + name + ">";
    return row_of(table, row).value(c);
}

}  // namespace

class TestReportExport : public QObject {
    Q_OBJECT
private slots:
    void headerStartsWithTheContract() {
        const QByteArray csv = core::runs_csv(sample_report());
        QVERIFY(csv.startsWith(QByteArray(kContractHeader) + ","));
        QCOMPARE(core::runs_csv_columns(sample_report()).mid(0, 16).join(','), QString(kContractHeader));
        for (const char* more :
             {"major_faults", "minor_faults", "voluntary_switches", "involuntary_switches", "input_set", "notes"})
            QVERIFY2(core::runs_csv_columns(sample_report()).contains(more), more);
    }

    void oneRowPerRunAndQuotingRoundTrips() {
        const sfp::ExperimentReport rep = sample_report();
        const std::vector<QStringList> table = test::read_csv(core::runs_csv(rep));
        QCOMPARE(table.size(), rep.runs.size() + 1);
        for (const QStringList& row : table) QCOMPARE(row.size(), core::runs_csv_columns(rep).size());
        QCOMPARE(column(table, 3, "error"), QString::fromStdString(rep.runs[2].result.error));
        QCOMPARE(column(table, 4, "error"), QString::fromStdString(rep.runs[3].result.error));
        QCOMPARE(column(table, 1, "notes"), QString("first note; second, with comma"));
    }

    void valuesAsTheContractSays() {
        const std::vector<QStringList> t = test::read_csv(core::runs_csv(sample_report()));
        // run 1: read, block 4K, threads unused
        QCOMPARE(row_of(t, 1).mid(0, 7), (QStringList{"compare", "read", "4096", "-", "1048576", "1", "hot"}));
        QCOMPARE(column(t, 1, "real_s"), QString("0.500000"));
        QCOMPARE(column(t, 1, "cpu_pct"), QString("50.0"));        // 0.5 s of CPU (0.25 + 0.25) / 0.5 / 2 cores
        QCOMPARE(column(t, 1, "throughput_mbs"), QString("4.2"));  // 2 MiB in 0.5 s, MB = 10^6
        QCOMPARE(column(t, 1, "residency_pct"), QString("100.0"));
        QCOMPARE(column(t, 1, "status"), QString("ok"));
        QCOMPARE(column(t, 1, "digest"), QString("0123456789abcdef"));
        // run 2: mmap-mt, block unused, 2 threads, residency unknown
        QCOMPARE(row_of(t, 2).mid(1, 3), (QStringList{"mmap-mt", "-", "2"}));
        QCOMPARE(column(t, 2, "residency_pct"), QString("n/a"));
        QCOMPARE(column(t, 2, "cpu_pct"), QString("50.0"));  // 0.25 / 0.25 / 2
        QCOMPARE(column(t, 4, "status"), QString("MISMATCH"));
        QCOMPARE(column(t, 4, "residency_pct"), QString("0.0"));
        QCOMPARE(column(t, 1, "major_faults"), QString("3"));
        // added after the existing columns: a share from 0 to 1, or "unknown"
        QCOMPARE(column(t, 1, "large_folio_share"), QString("0.988"));
        QCOMPARE(column(t, 2, "large_folio_share"), QString("unknown"));
        QCOMPARE(column(t, 1, "minor_faults"), QString("250"));
        QCOMPARE(column(t, 1, "voluntary_switches"), QString("7"));
        QCOMPARE(column(t, 1, "involuntary_switches"), QString("1"));
        QCOMPARE(column(t, 3, "run_order"), QString("3"));
    }

    // The swept columns follow the fixed ones only where some cell uses them: none for this
    // compare report, packing (with "-" for cells that do not use it) once a pipeline cell is in.
    void sweptColumnsAreThoseTheCellsHave() {
        const QString none = QString(kRunsHeader).arg(QString());
        const QByteArray csv = core::runs_csv(sample_report());
        QCOMPARE(csv.left(csv.indexOf("\r\n")), none.toUtf8());
        QCOMPARE(core::summary_csv_columns(sample_report()).join(','), QString(kSummaryHeader).arg(QString()));
        const sfp::ExperimentReport rep = packed_report();
        QCOMPARE(core::runs_csv_columns(rep).join(','), QString(kRunsHeader).arg(",packing"));
        QCOMPARE(core::summary_csv_columns(rep).join(','), QString(kSummaryHeader).arg(",packing"));
        const std::vector<QStringList> runs = test::read_csv(core::runs_csv(rep));
        for (const QStringList& row : runs) QCOMPARE(row.size(), core::runs_csv_columns(rep).size());
        QCOMPARE(column(runs, 1, "packing"), QString("-"));
        QCOMPARE(column(runs, 5, "packing"), QString("1000"));
        const std::vector<QStringList> cells = test::read_csv(core::summary_csv(rep));
        QCOMPARE(column(cells, 1, "packing"), QString("-"));
        QCOMPARE(column(cells, 3, "packing"), QString("1000"));
        QCOMPARE(column(cells, 3, "verdict"), QString());  // the comparison columns still end the row
    }

    void cpuUnknownWithoutCores() {
        sfp::ExperimentReport rep = sample_report();
        rep.machine.cores = 0;
        const std::vector<QStringList> t = test::read_csv(core::runs_csv(rep));
        QCOMPARE(column(t, 1, "cpu_pct"), QString("n/a"));
    }

    void summaryRowPerCell() {
        const std::vector<QStringList> t = test::read_csv(core::summary_csv(sample_report()));
        QCOMPARE(t.size(), std::size_t(3));
        QCOMPARE(t.front(), core::summary_csv_columns(sample_report()));
        QCOMPARE(column(t, 1, "n"), QString("1"));
        QCOMPARE(column(t, 1, "failed"), QString("1"));
        QCOMPARE(column(t, 1, "ratio_to_fastest"), QString("2.000"));
        QCOMPARE(column(t, 1, "statuses"), QString("error 1; ok 1"));
        QCOMPARE(column(t, 2, "median_s"), QString("0.250000"));
        QCOMPARE(column(t, 2, "ci95_s"), QString("0.635000"));
        QCOMPARE(column(t, 2, "cv_pct"), QString("28.28"));
        QCOMPARE(column(t, 2, "outliers"), QString("1"));
        QCOMPARE(column(t, 2, "high_variation"), QString("yes"));
        QCOMPARE(column(t, 2, "ratio_to_fastest"), QString("1.000"));
        QCOMPARE(column(t, 2, "block_size"), QString("-"));
        QCOMPARE(column(t, 2, "cpu_pct"), QString("50.0"));  // CPU 0.25 / 0.25 / 2
    }

    void summaryWithoutOkRunsSaysNa() {
        sfp::ExperimentReport rep = sample_report();
        rep.stats[0].real = {};
        rep.rankings = {{0, 1, {}}};
        const std::vector<QStringList> t = test::read_csv(core::summary_csv(rep));
        QCOMPARE(column(t, 1, "median_s"), QString("n/a"));
        QCOMPARE(column(t, 1, "ratio_to_fastest"), QString("n/a"));
    }

    // The text summary: a cell a cancel left unrun says "not run"; one run has no spread.
    void textSummarySaysNotRunAndNoSpread() {
        sfp::ExperimentReport rep = sample_report();
        rep.stats[0].real = {};
        rep.stats[0].failed = 0;
        rep.stats[1].real.n = 1;
        const QString text = core::summary_text(rep);
        const QStringList lines = text.split('\n');
        const auto row_of = [&](const char* strategy) {
            for (const QString& l : lines)
                if (l.trimmed().startsWith(QString::fromUtf8(strategy) + " ")) return l;
            return QString();
        };
        QVERIFY2(row_of("read").contains("not run"), qPrintable(text));
        QVERIFY2(row_of("mmap-mt").count("n/a") >= 2, qPrintable(row_of("mmap-mt")));  // +-ci95 and cv
    }

    void textSummaryShowsFits() {
        sfp::ExperimentReport rep = sample_report();
        rep.fits = {bent_fit()};
        const QString text = core::summary_text(rep);
        QVERIFY2(text.contains("read block=4K threads=-: 0.500 s/GB, R^2 0.900 over 3 sizes, NOT LINEAR"),
                 qPrintable(text));
        const QJsonObject fit =
            QJsonDocument::fromJson(core::report_json(rep)).object()["fits"].toArray()[0].toObject();
        QCOMPARE(fit["block_size"].toInt(), 4096);
        QVERIFY(fit["threads"].isNull());
        QCOMPARE(fit["nonlinear"].toBool(), true);
    }

    // A fit names its cell: the summary and the JSON carry every parameter it holds fixed (packing
    // too), and the report loads back to the same cell.
    void fitsNameEveryParameterAndLoadBack() {
        sfp::ExperimentReport rep = packed_report();
        sfp::SizeFit f = bent_fit();
        f.cell = 2;
        rep.fits = {bent_fit(), f};
        const QString text = core::summary_text(rep);
        QVERIFY2(text.contains("pipeline block=- threads=2 packing=1000: 0.500 s/GB"), qPrintable(text));
        const QByteArray json = core::report_json(rep);
        const QJsonObject fit = QJsonDocument::fromJson(json).object()["fits"].toArray()[1].toObject();
        QCOMPARE(fit["cell"].toInt(), 2);
        QCOMPARE(fit["strategy"].toString(), QStringLiteral("pipeline"));
        QCOMPARE(fit["packing"].toInt(), 1000);
        QCOMPARE(fit["threads"].toInt(), 2);
        QVERIFY(fit["block_size"].isNull());
        const sfp::ExperimentReport loaded = core::report_from_json(json, QStringLiteral("fits.json"));
        QCOMPARE(loaded.fits.size(), std::size_t(2));
        QCOMPARE(loaded.fits[0].cell, std::size_t(0));
        QCOMPARE(loaded.fits[1].cell, std::size_t(2));
        QCOMPARE(loaded.fits[1].seconds_per_gb, 0.5);
    }

    // A report written before fits named their cell: each fit is the first cell of its strategy,
    // block size and threads; one that matches no cell is refused by its field.
    void olderFitsWithoutACellStillLoad() {
        sfp::ExperimentReport rep = sample_report();
        rep.fits = {bent_fit()};
        QJsonObject root = QJsonDocument::fromJson(core::report_json(rep)).object();
        const auto with_fit = [&](const char* strategy, QJsonValue block, QJsonValue threads) {
            QJsonObject old{{"strategy", strategy},  {"block_size", block}, {"threads", threads}, {"points", 3},
                            {"seconds_per_gb", 0.5}, {"intercept_s", 0.0},  {"r2", 0.9},          {"nonlinear", false}};
            root["fits"] = QJsonArray{old};
            return QJsonDocument(root).toJson();
        };
        const sfp::ExperimentReport loaded =
            core::report_from_json(with_fit("mmap-mt", QJsonValue::Null, 2), QStringLiteral("old.json"));
        QCOMPARE(loaded.fits.size(), std::size_t(1));
        QCOMPARE(loaded.fits[0].cell, std::size_t(1));
        try {
            core::report_from_json(with_fit("mmap-mt", QJsonValue::Null, 8), QStringLiteral("old.json"));
            QFAIL("a fit of no cell loaded");
        } catch (const core::ReportError& e) {
            QVERIFY2(QString(e.what()).contains("fits[0].strategy"), e.what());
        }
    }

    void jsonHoldsEverything() {
        const sfp::ExperimentReport rep = sample_report();
        const QJsonObject j = QJsonDocument::fromJson(core::report_json(rep)).object();
        QCOMPARE(j["experiment"].toObject()["version"].toInt(), 2);
        QCOMPARE(j["experiment"].toObject()["algorithm"].toString(), QString("compare"));
        QCOMPARE(j["machine"].toObject()["cores"].toInt(), 2);
        QCOMPARE(j["machine"].toObject()["filesystem"].toString(), QString("ext4"));
        QCOMPARE(j["cache_method"].toString(), QString("read before each run"));
        QCOMPARE(j["runs"].toArray().size(), 4);
        const QJsonObject run2 = j["runs"].toArray()[1].toObject();
        QVERIFY(run2["residency_pct"].isNull());
        QVERIFY(run2["large_folio_share"].isNull());
        QCOMPARE(j["runs"].toArray()[0].toObject()["large_folio_share"].toDouble(), 0.987654);
        QCOMPARE(run2["cache"].toString(), QString("hot"));
        QCOMPARE(run2["result"].toObject()["usage"].toObject()["major_faults"].toInt(), 3);
        QCOMPARE(j["runs"].toArray()[3].toObject()["status"].toString(), QString("MISMATCH"));
        QCOMPARE(j["cells"].toArray()[1].toObject()["block_size"].type(), QJsonValue::Null);
        QCOMPARE(j["statistics"].toArray().size(), 2);
        QCOMPARE(j["statistics"].toArray()[1].toObject()["real_s"].toObject()["ci95"].toDouble(), 0.635);
        QCOMPARE(j["rankings"].toArray()[0].toObject()["fastest_cell"].toInt(), 1);
        QCOMPARE(j["input_sets"].toArray()[0].toObject()["paths"].toArray().size(), 2);
    }

    void textSummaryShowsTableRankingAndWarnings() {
        const QString text = core::summary_text(sample_report());
        QVERIFY2(text.contains("strategy"), qPrintable(text));
        QVERIFY2(text.contains("fastest: "), qPrintable(text));
        QVERIFY2(text.contains("2.00× slower"), qPrintable(text));
        QVERIFY2(text.contains("MISMATCH"), qPrintable(text));
        QVERIFY2(text.contains("high variation in 1 of 2 cells"), qPrintable(text));
        QVERIFY2(!text.contains("second line"), qPrintable(text));  // errors shown by their first line
        QVERIFY2(text.contains("1 run(s) error: read 'a, b'"), qPrintable(text));
    }
};

QTEST_APPLESS_MAIN(TestReportExport)
#include "test_report_export.moc"
