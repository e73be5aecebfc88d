// "% of limit" through every output, from a hand-made report judged against made-up limits:
// the runs and summary CSV columns, the report JSON (its "limits" object and each cell's share),
// reading it back, a report written before limits still loading, the summary line, the
// Markdown table and Machine section, and where a run's limits come from (SFPBENCH_LIMITS).
// Each expected share is worked out here by hand.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cstdlib>

#include "csv_reader.hpp"
#include "hand_made.hpp"
#include "limits_json.hpp"
#include "limits_text.hpp"
#include "report_export.hpp"
#include "report_load.hpp"
#include "report_markdown.hpp"
#include "summary_text.hpp"

namespace {

sfp::Limit limit(sfp::LimitId id, std::vector<sfp::LimitPoint> points) {
    return sfp::Limit{.id = id, .method = "made up", .points = std::move(points)};
}

// compare hot on a 32M pair (64 MB of both files a run): read with one thread, mmap-mt with two.
// Two-stream read: 10 GB/s with one thread, 20 GB/s with two.
sfp::ExperimentReport judged_report() {
    sfp::ExperimentReport rep;
    rep.experiment.algorithm = "compare";
    rep.experiment.data_kind = "pair";
    rep.experiment.sizes = {32u << 20};
    rep.experiment.strategies = {"read", "mmap-mt"};
    rep.experiment.repetitions = 2;
    rep.machine = {"host", "cpu", "6.1", "ext4", "0.1.0", 2, 24ull << 30, "/dev/vda"};
    rep.input_sets = {{{"/w/a", "/w/b"}, 32u << 20}};
    rep.cells = {hand_made::cell("read", 4096, 0, 32u << 20), hand_made::cell("mmap-mt", 0, 2, 32u << 20)};
    const std::uint64_t bytes = 64'000'000;  // a round number for the arithmetic below, whatever the size says
    rep.runs = {hand_made::run(0, 1, 0.016, 0, 0, sfp::RunStatus::ok, {}, bytes),   // 4 GB/s
                hand_made::run(1, 1, 0.004, 0, 0, sfp::RunStatus::ok, {}, bytes),   // 16 GB/s
                hand_made::run(0, 2, 0.008, 0, 0, sfp::RunStatus::ok, {}, bytes),   // 8 GB/s
                hand_made::run(1, 2, 0.005, 0, 0, sfp::RunStatus::ok, {}, bytes)};  // 12.8 GB/s
    for (std::size_t c = 0; c < 2; ++c) {
        sfp::CellStats st;
        st.cell = c;
        const double median = c == 0 ? 0.012 : 0.0045;  // of the two runs
        st.real = {2, 0, 0, median, median, 0, 0, 0, 0, 0, {}};
        st.throughput_mbs = double(bytes) / median / 1e6;
        rep.stats.push_back(st);
    }
    rep.rankings = {{0, 1, {{0, sfp::compare_medians(0.0045, 0.012)}}}};
    rep.limits.fingerprint = "made up";
    rep.limits.device = "/dev/vda";
    rep.limits.measured_at = "2026-01-02T03:04:05Z";
    rep.limits.put(limit(sfp::LimitId::two_stream_read, {{1, {10e9, 9e9, 11e9}}, {2, {20e9}}}));
    rep.limits.put(sfp::Limit{.id = sfp::LimitId::device_read_qd1, .unavailable = "no O_DIRECT here"});
    return rep;
}

// The shares worked out by hand: 64 MB / median / limit.
constexpr double kReadPct = 64e6 / 0.012 / 10e9 * 100;     // 53.3 %
constexpr double kMappedPct = 64e6 / 0.0045 / 20e9 * 100;  // 71.1 %

// cipher hot on a 64 MB file: stream (one thread), pool with two. Page-cache read 10 GB/s with one
// thread, 18 with two; write 10 and 12; 2 CPUs. Their ceilings, by hand: one thread reads then
// writes, 1 / (1/10 + 1/10) = 5 GB/s; two overlap on 2 CPUs, the least of 18, 12 and 2 x 5 = 10 GB/s.
sfp::ExperimentReport cipher_report() {
    sfp::ExperimentReport rep = judged_report();
    rep.experiment.algorithm = "cipher";
    rep.experiment.data_kind = "random";
    rep.experiment.strategies = {"stream", "pool"};
    rep.input_sets = {{{"/w/in"}, 64'000'000}};
    rep.cells = {hand_made::cell("stream", 4096, 0, 64'000'000), hand_made::cell("pool", 4096, 2, 64'000'000)};
    rep.limits = {};
    rep.limits.put(limit(sfp::LimitId::page_cache_read, {{1, {10e9}}, {2, {18e9}}}));
    rep.limits.put(limit(sfp::LimitId::page_cache_write, {{1, {10e9}}, {2, {12e9}}}));
    rep.limits.load = {.one_minute = 0.5, .cpus = 2};
    return rep;  // medians as judged_report's: 12 ms (stream) and 4.5 ms (pool)
}

QString column(const std::vector<QStringList>& table, std::size_t row, const QString& name) {
    return table.at(row).value(table.at(0).indexOf(name));
}

}  // namespace

class TestLimitsReport : public QObject {
    Q_OBJECT
private slots:
    void runs_csv_has_each_runs_share_after_the_contract_columns() {
        const std::vector<QStringList> t = test::read_csv(core::runs_csv(judged_report()));
        QCOMPARE(t[0].indexOf("limit_pct"), 16);
        QCOMPARE(column(t, 1, "limit_pct"), QString::number(64e6 / 0.016 / 10e9 * 100, 'f', 1));  // 40.0
        QCOMPARE(column(t, 2, "limit_pct"), QString::number(64e6 / 0.004 / 20e9 * 100, 'f', 1));  // 80.0
        QCOMPARE(column(t, 4, "limit_pct"), QString("64.0"));
    }

    void summary_csv_names_the_limit_and_the_share() {
        const std::vector<QStringList> t = test::read_csv(core::summary_csv(judged_report()));
        QCOMPARE(column(t, 1, "limit_pct"), QString::number(kReadPct, 'f', 1));
        QCOMPARE(column(t, 2, "limit_pct"), QString::number(kMappedPct, 'f', 1));
        QCOMPARE(column(t, 1, "limit"), QString("two-stream memory read, 1 thread"));
        QCOMPARE(column(t, 2, "limit"), QString("two-stream memory read, 2 threads"));
        QCOMPARE(column(t, 1, "limit_mbs"), QString("10000.0"));  // the median of 10, 9, 11 GB/s
    }

    void report_json_records_the_limits_and_each_cells_share() {
        const QJsonObject j = QJsonDocument::fromJson(core::report_json(judged_report())).object();
        const QJsonObject limits = j["limits"].toObject();
        QCOMPARE(limits["fingerprint"].toString(), QString("made up"));
        const QJsonArray entries = limits["entries"].toArray();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[0].toObject()["key"].toString(), QString("two-stream-read"));
        QCOMPARE(entries[0].toObject()["points"].toArray()[0].toObject()["median"].toDouble(), 10e9);
        QCOMPARE(entries[1].toObject()["unavailable"].toString(), QString("no O_DIRECT here"));
        const QJsonObject s1 = j["statistics"].toArray()[1].toObject();
        QVERIFY(std::abs(s1["limit_pct"].toDouble() - kMappedPct) < 1e-9);
        QCOMPARE(s1["limit_name"].toString(), QString("two-stream memory read, 2 threads"));
        QCOMPARE(s1["limit_bytes_per_s"].toDouble(), 20e9);
        QVERIFY(s1["limit_reason"].isNull());
        QVERIFY(std::abs(j["runs"].toArray()[1].toObject()["limit_pct"].toDouble() - 80) < 1e-9);
    }

    // A share against a figure measured with few undisturbed passes says so where it is used: the
    // summary's line and the cell's JSON (issue 39 §1); a certain one says nothing.
    void a_share_against_an_uncertain_limit_says_so() {
        const QString mark = "(uncertain: measured with few undisturbed passes)";
        QVERIFY(!core::summary_text(judged_report()).contains(mark));
        QCOMPARE(QJsonDocument::fromJson(core::report_json(judged_report()))
                     .object()["statistics"]
                     .toArray()[1]
                     .toObject()["limit_uncertain"]
                     .toBool(true),
                 false);
        sfp::ExperimentReport unsure = judged_report();  // the 2-thread figure from 1 undisturbed pass of 46
        unsure.limits.put(
            limit(sfp::LimitId::two_stream_read,
                  {{1, {10e9, 9e9, 11e9}}, {.threads = 2, .rates = {20e9}, .passes_taken = 46, .passes_kept = 1}}));
        const QString text = core::summary_text(unsure);
        QVERIFY2(text.contains("two-stream memory read, 2 threads, 20.0 GB/s " + mark), qPrintable(text));
        const QJsonObject s1 =
            QJsonDocument::fromJson(core::report_json(unsure)).object()["statistics"].toArray()[1].toObject();
        QCOMPARE(s1["limit_uncertain"].toBool(false), true);
    }

    void a_cell_without_a_limit_says_why_in_json_and_csv() {
        sfp::ExperimentReport rep = judged_report();
        rep.limits = {};
        rep.limits.absent = "limits turned off (SFPBENCH_LIMITS=off)";
        const QJsonObject s0 =
            QJsonDocument::fromJson(core::report_json(rep)).object()["statistics"].toArray()[0].toObject();
        QVERIFY(s0["limit_pct"].isNull());
        QCOMPARE(s0["limit_reason"].toString(), QString("limits turned off (SFPBENCH_LIMITS=off)"));
        QCOMPARE(column(test::read_csv(core::summary_csv(rep)), 1, "limit_pct"), QString("n/a"));
    }

    void a_cipher_run_is_judged_against_the_declared_ceiling() {
        const QJsonObject j = QJsonDocument::fromJson(core::report_json(cipher_report())).object();
        const QJsonArray stats = j["statistics"].toArray();
        QVERIFY(std::abs(stats[0].toObject()["limit_pct"].toDouble() - 64e6 / 0.012 / 5e9 * 100) < 1e-9);    // 107 %
        QVERIFY(std::abs(stats[1].toObject()["limit_pct"].toDouble() - 64e6 / 0.0045 / 10e9 * 100) < 1e-9);  // 142 %
        QCOMPARE(stats[1].toObject()["limit_bytes_per_s"].toDouble(), 10e9);
        // each run: 64 MB in 4 ms (pool, the first repetition) = 16 GB/s of 10
        QVERIFY(std::abs(j["runs"].toArray()[1].toObject()["limit_pct"].toDouble() - 160) < 1e-9);
    }

    void limits_by_passes_are_not_warned_about_for_the_load_but_for_few_passes() {
        sfp::MachineLimits m;
        m.load = {.one_minute = 9.0, .cpus = 2};  // busy, but the figures are the fastest undisturbed passes
        sfp::Limit memory{
            .id = sfp::LimitId::memory_read,
            .method = "made up",
            .points = {
                {.threads = 1, .rates = {30e9, 28e9, 29e9, 27e9, 29.5e9}, .passes_taken = 120, .passes_kept = 5}}};
        memory.load = 9.0;
        memory.steal = 0.031;
        m.put(memory);
        QVERIFY(core::load_warning(m).isEmpty());
        const QString point = core::point_text(memory, memory.points[0]);
        QVERIFY2(point == "30.0 GB/s (fastest of 5 undisturbed passes of 120, median 29.0)", qPrintable(point));
        QCOMPARE(core::conditions_text(memory), QString("load average 9.00, steal 3.1 %"));
        QVERIFY2(core::limits_table(m).contains("measured at load average 9.00, steal 3.1 %"),
                 qPrintable(core::limits_table(m)));

        m.put(sfp::Limit{.id = sfp::LimitId::page_cache_read,
                         .method = "made up",
                         .points = {{.threads = 1, .rates = {2e9}, .passes_taken = 300, .passes_kept = 1}}});
        const QString warning = core::load_warning(m);
        QVERIFY2(warning.contains("few undisturbed passes (page-cache read, 1 thread)"), qPrintable(warning));
        QVERIFY(
            core::point_text(*m.find(sfp::LimitId::page_cache_read), m.find(sfp::LimitId::page_cache_read)->points[0])
                .endsWith("-- uncertain"));
        const QJsonObject json = core::limits_json(m);
        const QJsonObject first = json["entries"].toArray()[0].toObject();
        QCOMPARE(first["steal"].toDouble(), 0.031);
        const QJsonObject p = first["points"].toArray()[0].toObject();
        QCOMPARE(p["figure"].toDouble(), 30e9);
        QCOMPARE(p["passes_kept"].toInt(), 5);
        QCOMPARE(p["uncertain"].toBool(), false);

        // A limit of files by passes reads as files/s at the tree's mean first: 2.5 GB/s of 50 KB files.
        const sfp::Limit files{.id = sfp::LimitId::small_files_hot,
                               .method = "made up",
                               .points = {{.threads = 2,
                                           .rates = {2.5e9, 2e9, 2.4e9, 2.3e9, 2.2e9},
                                           .passes_taken = 60,
                                           .passes_kept = 5}},
                               .bytes_per_file = 50e3};
        const QString per_file = core::point_text(files, files.points[0]);
        QVERIFY2(per_file == "50000 files/s, 2.5 GB/s (fastest of 5 undisturbed passes of 60, median 2.3)",
                 qPrintable(per_file));
    }

    void the_load_at_measurement_is_shown_and_warned_about() {
        sfp::ExperimentReport rep = cipher_report();
        QString machine = QString::fromUtf8(core::report_markdown(rep)).section("## Machine", 1);
        QVERIFY2(machine.contains("load average 0.50 on 2 CPUs"), qPrintable(machine));
        QVERIFY(!machine.contains("Limits warning"));
        QVERIFY(core::load_warning(rep.limits).isEmpty());
        rep.limits.load.one_minute = 1.0;  // half the CPUs
        const QString warning = core::load_warning(rep.limits);
        QVERIFY2(warning.contains("load average 1.00 on 2 CPUs") && warning.contains("`sfpbench limits --refresh`"),
                 qPrintable(warning));
        machine = QString::fromUtf8(core::report_markdown(rep)).section("## Machine", 1);
        QVERIFY2(machine.contains("- **Limits warning**: limits kept from a busy moment (load average 1.00 on 2 CPUs)"),
                 qPrintable(machine));
        const sfp::ExperimentReport back = core::report_from_json(core::report_json(rep), "r.json");
        QCOMPARE(back.limits.load.one_minute, 1.0);
        QCOMPARE(back.limits.load.cpus, 2u);
        QVERIFY(!judged_report().limits.load.known());  // none recorded: JSON null, read back unknown
        QVERIFY(!core::report_from_json(core::report_json(judged_report()), "r.json").limits.load.known());
    }

    void limits_read_back_and_judge_the_same() {
        const sfp::ExperimentReport back = core::report_from_json(core::report_json(judged_report()), "r.json");
        QCOMPARE(back.limits.fingerprint, std::string("made up"));
        QCOMPARE(back.limits.measured_at, std::string("2026-01-02T03:04:05Z"));
        QCOMPARE(back.limits.limits.size(), std::size_t(2));
        QCOMPARE(back.limits.find(sfp::LimitId::two_stream_read)->points[0].rates,
                 (std::vector<double>{10e9, 9e9, 11e9}));
        QCOMPARE(back.limits.find(sfp::LimitId::device_read_qd1)->unavailable, std::string("no O_DIRECT here"));
        QCOMPARE(sfp::cell_limit(back, 1).bytes_per_s, 20e9);
        QCOMPARE(core::summary_csv(back), core::summary_csv(judged_report()));
    }

    void a_report_written_before_limits_still_loads() {
        QJsonObject j = QJsonDocument::fromJson(core::report_json(judged_report())).object();
        j.remove("limits");
        const sfp::ExperimentReport old = core::report_from_json(QJsonDocument(j).toJson(), "old.json");
        QVERIFY(old.limits.limits.empty());
        QVERIFY(!sfp::cell_limit(old, 0).reason.empty());
        QVERIFY(
            core::summary_text(old).contains("% of limit: n/a (this report was written before limits were recorded)"));
    }

    void the_summary_says_the_fastest_cells_share() {
        const QString text = core::summary_text(judged_report());
        const QString expected = QString(
                                     "mmap-mt block=- threads=2 size=32M: 4.50 ms -- %1 % of two-stream memory read, 2 "
                                     "threads, 20.0 GB/s")
                                     .arg(kMappedPct, 0, 'f', 0);
        QVERIFY2(text.contains(expected), qPrintable(text));
        QVERIFY2(text.contains("limit%"), qPrintable(text));
    }

    // A cell past its ceiling is not printed as a plain "137 %": the line says the limit is the
    // suspect. At the ceiling itself (100 %) nothing is added.
    void a_share_above_the_limit_says_so() {
        sfp::CellLimit limit;
        limit.name = "mapped scan, large folios";
        limit.threads = 1;
        limit.bytes_per_s = 10e9;
        const QString above = core::share_text(limit, 137.0);
        QCOMPARE(above,
                 QString("137 % of mapped scan, large folios, 1 thread, 10.0 GB/s (above it: the limit was measured "
                         "at a slower moment; `sfpbench limits --refresh`)"));
        QCOMPARE(core::share_text(limit, 100.0), QString("100 % of mapped scan, large folios, 1 thread, 10.0 GB/s"));
        QCOMPARE(core::share_text(limit, 99.4), QString("99 % of mapped scan, large folios, 1 thread, 10.0 GB/s"));
    }

    // Cells past their ceiling in the table: said once under the summary's table and in each such
    // row's notes in the report; nothing when every cell is below it (judged_report: 53 and 71 %).
    void cells_above_their_limit_are_marked_in_the_tables() {
        const QString footnote =
            "limit% above 100: the limit was measured at a slower moment; `sfpbench limits --refresh`";
        const QString note = "above its limit: the limit was measured at a slower moment";
        QVERIFY(!core::summary_text(judged_report()).contains(footnote));
        QVERIFY(!QString::fromUtf8(core::report_markdown(judged_report())).contains(note));
        sfp::ExperimentReport fast = judged_report();
        // 6 GB/s with 2 threads, 5 with 1: mmap-mt's 64 MB in 4.5 ms is 237 % (of the better), read's in 12 ms 107 %
        fast.limits.put(limit(sfp::LimitId::two_stream_read, {{1, {5e9}}, {2, {6e9}}}));
        const QString text = core::summary_text(fast);
        QVERIFY2(text.contains("\n" + footnote + "\n"), qPrintable(text));
        QCOMPARE(text.count(footnote), 1);
        const QString md = QString::fromUtf8(core::report_markdown(fast));
        QCOMPARE(md.count(note), 2);
        const QStringList mapped = md.split('\n').filter("| **mmap-mt** |"), read = md.split('\n').filter("| read |");
        QCOMPARE(mapped.size(), 1);  // the fastest row, in bold
        QCOMPARE(read.size(), 1);
        QVERIFY2(mapped[0].contains("| **237** |") && mapped[0].contains(note), qPrintable(mapped[0]));
        QVERIFY2(read[0].contains("| 107 |") && read[0].contains(note), qPrintable(read[0]));
    }

    // A cell above its limit by more than the limit's spread names the limit it suspects and why in
    // the summary too -- the window's summary tab shows that text, `run` prints it -- not only on
    // run's stderr (issue 39 §2). None when every cell is under its limit.
    void the_summary_names_a_suspect_limit_and_why() {
        QVERIFY(!core::summary_text(judged_report()).contains("suspect limit:"));
        sfp::ExperimentReport fast = judged_report();
        fast.measured_at = "2026-01-03T00:00:00Z";
        fast.limits.put(limit(sfp::LimitId::two_stream_read, {{1, {5e9}}, {2, {6e9}}}));
        const QStringList suspects = core::suspect_lines(fast);
        QCOMPARE(suspects.size(), 2);  // read at 107 %, mmap-mt at 237 %, each against a spread of 0
        const QString text = core::summary_text(fast);
        for (const QString& s : suspects) QVERIFY2(text.contains("suspect limit: " + s + "\n"), qPrintable(text));
        QVERIFY2(
            text.contains("237 % of two-stream memory read, 2 threads, 6.0 GB/s -- above it by more than its spread "
                          "(0 %): it is a median of repetitions"),
            qPrintable(text));
    }

    void the_markdown_report_has_the_column_and_lists_the_limits() {
        const QString md = QString::fromUtf8(core::report_markdown(judged_report()));
        QVERIFY(md.contains("| % of limit |"));
        QVERIFY2(md.contains(QString("| %1 |").arg(kReadPct, 0, 'f', 0)), qPrintable(md));
        QVERIFY(
            md.contains("% of limit: MB/s against two-stream memory read, 1 thread 10.0 GB/s; "
                        "two-stream memory read, 2 threads 20.0 GB/s"));
        const QString machine = md.section("## Machine", 1);
        QVERIFY2(
            machine.contains("- **Limit: two-stream memory read**: 1 thread: 10.0 GB/s (median of 3, 9.0-11.0 GB/s)"),
            qPrintable(machine));
        QVERIFY(machine.contains("- **Limit: device read, queue depth 1**: n/a: no O_DIRECT here"));
    }

    void sfpbench_limits_names_the_limits_a_run_is_judged_against() {
        const QByteArray saved = qgetenv("SFPBENCH_LIMITS");
        QTemporaryDir dir;
        const QString file = dir.filePath("limits.txt");
        sfp::save_limits(file.toStdString(), judged_report().limits);
        qputenv("SFPBENCH_LIMITS", file.toUtf8());
        sfp::LimitsPolicy p = core::run_limits_policy();
        QCOMPARE(p.mode, sfp::LimitsPolicy::Mode::given);
        QCOMPARE(p.given.fingerprint, std::string("made up"));
        qputenv("SFPBENCH_LIMITS", "off");
        QCOMPARE(core::run_limits_policy().mode, sfp::LimitsPolicy::Mode::off);
        qputenv("SFPBENCH_LIMITS", dir.filePath("none.txt").toUtf8());
        p = core::run_limits_policy();
        QCOMPARE(p.mode, sfp::LimitsPolicy::Mode::off);
        QVERIFY(QString::fromStdString(p.reason).contains("none.txt"));
        qunsetenv("SFPBENCH_LIMITS");
        QCOMPARE(core::run_limits_policy().mode, sfp::LimitsPolicy::Mode::measure_missing);
        if (!saved.isEmpty()) qputenv("SFPBENCH_LIMITS", saved);
    }
};

QTEST_GUILESS_MAIN(TestLimitsReport)
#include "test_limits_report.moc"
