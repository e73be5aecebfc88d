// `sfpbench diff` and `sfpbench lesson` end to end: the real executable on hand-made reports.
#include <QDateTime>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "hand_made.hpp"
#include "report_export.hpp"
#include "support/cli_process.hpp"

namespace {

using Result = testing::Output;

// HOME: the lesson's workspace (~/.cache/sfpbench) inside the test's directory.
Result run(const QStringList& args, const QString& dir) {
    return testing::sfpbench(args, {.cwd = dir, .env = {"HOME=" + dir}});
}

sfp::Summary summary_of(std::size_t n, double median) {
    sfp::Summary s;
    s.n = n;
    s.median = median;
    return s;
}

// Wordcount cells loop, pipeline (packing `packing`), simd, strtok (no successful run).
sfp::ExperimentReport report(sfp::MachineInfo machine, sfp::CacheMode cache, std::uint64_t packing,
                             std::vector<double> medians) {
    sfp::ExperimentReport rep;
    rep.experiment.algorithm = "wordcount";
    rep.experiment.sizes = {1 << 20};
    rep.experiment.cache = cache;
    rep.machine = std::move(machine);
    rep.cells = {{"loop", 0, 1 << 20, false, {{"block_size", 4096}}},
                 {"pipeline", 0, 1 << 20, false, {{"block_size", 65536}, {"threads", 2}, {"packing", packing}}},
                 {"simd", 0, 1 << 20, false, {{"block_size", 4096}}},
                 {"strtok", 0, 1 << 20, false}};
    for (std::size_t i = 0; i < rep.cells.size(); ++i) {
        sfp::CellStats st;
        st.cell = i;
        st.real = i < medians.size() ? summary_of(3, medians[i]) : summary_of(0, 0);
        rep.stats.push_back(st);
    }
    return rep;
}

// A compare report with runs: read and mmap, `reps` interleaved rounds, each run its cell's
// median times a fixed spread of about +-1 % (no two alike, so the rank tests are exact).
sfp::ExperimentReport timed(double read_s, double mmap_s, unsigned reps) {
    sfp::ExperimentReport rep;
    rep.experiment.algorithm = "compare";
    rep.experiment.repetitions = reps;
    rep.input_sets = {{{"/in/a", "/in/b"}, 1 << 20}};
    rep.cells = {hand_made::cell("read", 4096, 0, 1 << 20), hand_made::cell("mmap", 0, 0, 1 << 20)};
    const double spread[] = {0.0, 0.004, -0.003, 0.008, -0.006, 0.002, -0.009, 0.005, -0.001, 0.007};
    std::vector<double> times[2];
    for (unsigned r = 0; r < reps; ++r)
        for (std::size_t c = 0; c < 2; ++c) {
            times[c].push_back((c ? mmap_s : read_s) * (1 + spread[r % 10] + 0.0003 * double(c)));
            rep.runs.push_back(hand_made::run(c, r + 1, times[c].back()));
        }
    for (std::size_t c = 0; c < 2; ++c) {
        sfp::CellStats st;
        st.cell = c;
        st.real = sfp::summarize(times[c]);
        rep.stats.push_back(st);
    }
    return rep;
}

void write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    QVERIFY(f.flush());  // buffered bytes written later would move the time again
    QVERIFY(f.setFileTime(QDateTime(QDate(2020, 1, 2), QTime(12, 0)), QFileDevice::FileModificationTime));
}

}  // namespace

class TestCliDiff : public QObject {
    Q_OBJECT
private slots:
    void diff_prints_the_table_exactly() {
        QTemporaryDir dir;
        write(dir.filePath("a.json"),
              core::report_json(report({"h", "Test CPU", "Linux 6.1.0", "ext4", "0.1.0", 2, 8ull << 30, "/dev/sda"},
                                       sfp::CacheMode::hot, 1000, {0.5, 0.2, 0.3})));
        write(
            dir.filePath("b.json"),
            core::report_json(report({"h", "Other CPU", "Linux 6.8.0", "ext4", "0.1.0", 4, 16ull << 30, "/dev/nvme0n1"},
                                     sfp::CacheMode::cold, 10, {1.5, 0.1, 0.15})));
        const Result r = run({"diff", "a.json", "b.json"}, dir.path());
        QCOMPARE(r.err, QByteArray());
        QCOMPARE(r.code, 0);
        QCOMPARE(
            r.out,
            QByteArray(
                "A: a.json -- Test CPU, 2 cores, 8 GiB RAM, Linux 6.1.0, 2020-01-02 (wordcount, cache hot)\n"
                "B: b.json -- Other CPU, 4 cores, 16 GiB RAM, Linux 6.8.0, 2020-01-02 (wordcount, cache cold)\n"
                "note: A ran in hot cache and B in cold cache: their times measure different things\n"
                "\n"
                "cell                     A median    B median      B/A        95 % CI        p    n A/B  verdict\n"
                "loop block=4K size=1M   500.00 ms      1.50 s    3.00×                              0/0  no runs to "
                "test (medians only)\n"
                "simd block=4K size=1M   300.00 ms   150.00 ms    0.50×                              0/0  no runs to "
                "test (medians only)\n"
                "strtok size=1M                n/a         n/a      n/a                              0/0  -\n"
                "geomean (2 cells)       387.30 ms   474.34 ms    1.22×\n"
                "\n"
                "only in A (1):\n"
                "  pipeline block=64K threads=2 size=1M packing=1000  200.00 ms\n"
                "\n"
                "only in B (1):\n"
                "  pipeline block=64K threads=2 size=1M packing=10  100.00 ms\n"
                "\n"
                "B/A: ratio of medians; 95 % CI: Hodges-Lehmann on log times; p: Mann-Whitney U; ~: no difference "
                "shown "
                "(p > 0.05 or the CI within ±2 %); docs/statistics.md\n"));
        // sqrt(0.5 x 0.3) = 387.30 ms, sqrt(1.5 x 0.15) = 474.34 ms, sqrt(3 x 0.5) = 1.22
    }

    void diff_refuses_bad_files_with_exit_2() {
        QTemporaryDir dir;
        write(dir.filePath("a.json"), core::report_json(report({}, sfp::CacheMode::hot, 1, {1})));
        write(dir.filePath("notes.txt"), "not json");
        sfp::ExperimentReport compare = report({}, sfp::CacheMode::hot, 1, {1});
        compare.experiment.algorithm = "compare";
        write(dir.filePath("compare.json"), core::report_json(compare));
        const struct {
            QStringList args;
            QByteArray message;
        } cases[] = {
            {{"diff", "a.json", "notes.txt"}, "sfpbench: report 'notes.txt': not JSON (illegal value at byte 1)\n"},
            {{"diff", "a.json", "compare.json"},
             "sfpbench: report 'compare.json': results of compare, not wordcount\n"},
            {{"diff", "none.json", "a.json"}, "sfpbench: report 'none.json': cannot read: No such file or directory\n"},
            {{"diff", "a.json"}, "sfpbench: diff takes two report files: sfpbench diff A.json B.json\n"},
        };
        for (const auto& c : cases) {
            const Result r = run(c.args, dir.path());
            QCOMPARE(r.err, c.message);
            QCOMPARE(r.code, 2);
            QCOMPARE(r.out, QByteArray());
        }
    }

    // B's read 10 % slower than A's, mmap the same: the verdicts, and --fail-on-regression's exit
    // codes with the cells that caused it listed first.
    void fail_on_regression_exit_codes() {
        QTemporaryDir dir;
        write(dir.filePath("a.json"), core::report_json(timed(0.100, 0.050, 10)));
        write(dir.filePath("slower.json"), core::report_json(timed(0.110, 0.0501, 10)));
        write(dir.filePath("faster.json"), core::report_json(timed(0.090, 0.050, 10)));
        write(dir.filePath("few.json"), core::report_json(timed(0.120, 0.050, 3)));
        const auto diff = [&](const QStringList& args) { return run(QStringList{"diff"} + args, dir.path()); };

        Result r = diff({"a.json", "slower.json", "--fail-on-regression", "5%"});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QByteArray());
        const QList<QByteArray> lines = r.out.split('\n');
        QCOMPARE(lines[0],
                 QByteArray("regressions (B slower than A by more than 5 %, verdict slower): 1 of 2 shared cells"));
        QVERIFY2(lines[1].startsWith("  read block=4K size=1M: 1.10× slower [1.0") && lines[1].endsWith("], p<0.001"),
                 lines[1]);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QRegularExpression("\nmmap size=1M .* 10/10  ~\n")), r.out);  // 0.2 %: no difference
        QVERIFY2(out.contains(QRegularExpression("\nread block=4K size=1M .* 1.10× .* <0.001    10/10  slower\n")),
                 r.out);

        QCOMPARE(diff({"a.json", "slower.json", "--fail-on-regression", "20"}).code, 0);  // 10 % is within 20 %
        QVERIFY(diff({"a.json", "slower.json", "--fail-on-regression", "20"})
                    .out.startsWith("regressions (B slower than A by more than 20 %, verdict slower): none\n"));
        QCOMPARE(diff({"a.json", "slower.json"}).code, 0);  // no flag: a report only
        QCOMPARE(diff({"a.json", "slower.json", "--fail-on-regression", "5%", "--noise", "15%"}).code, 0);  // all ~
        QCOMPARE(diff({"a.json", "faster.json", "--fail-on-regression", "5%"}).code, 0);  // B faster is no regression
        QVERIFY(QString::fromUtf8(diff({"a.json", "faster.json"}).out)
                    .contains(QRegularExpression("\nread block=4K size=1M .* 0.90× .*  faster\n")));
        QCOMPARE(diff({"slower.json", "a.json", "--fail-on-regression", "5%"}).code, 0);  // the other way round: faster

        // 20 % slower on 3 runs a side: no verdict, so nothing fails -- and the text says why.
        r = diff({"a.json", "few.json", "--fail-on-regression", "5%"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("too few repetitions for a verdict (n=3; 6 needed)\n"), r.out);
    }

    void fail_on_regression_refuses_bad_input_with_exit_2() {
        QTemporaryDir dir;
        write(dir.filePath("a.json"), core::report_json(timed(0.100, 0.050, 10)));
        write(dir.filePath("notes.txt"), "not json");
        const struct {
            QStringList args;
            QByteArray message;
        } cases[] = {
            {{"--fail-on-regression", "abc"},
             "sfpbench: --fail-on-regression 'abc' is not a percentage from 0 or more (e.g. 5%)\n"},
            {{"--fail-on-regression", "-5%"},
             "sfpbench: --fail-on-regression '-5%' is not a percentage from 0 or more (e.g. 5%)\n"},
            {{"--noise", "100"}, "sfpbench: --noise '100' is not a percentage from 0 to below 100 (e.g. 5%)\n"},
        };
        for (const auto& c : cases) {
            const Result r = run(QStringList{"diff", "a.json", "a.json"} + c.args, dir.path());
            QCOMPARE(r.err, c.message);
            QCOMPARE(r.code, 2);
            QCOMPARE(r.out, QByteArray());
        }
        const Result bad = run({"diff", "a.json", "notes.txt", "--fail-on-regression", "5%"}, dir.path());
        QCOMPARE(bad.code, 2);
        QCOMPARE(bad.out, QByteArray());
    }

    void diff_against_a_reference_set() {  // the shipped sets are reachable from the command line
        QTemporaryDir dir;
        const Result r = run({"diff", ":/reference/cci-table1.json", ":/reference/cci-table1.json"}, dir.path());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("stream block=512 size=640000000     20.56 s     20.56 s    1.00×  "), r.out);
        QVERIFY2(r.out.contains("0/0  no runs to test (medians only)\n"), r.out);  // an article states medians only
    }

    void lesson_lists_and_refuses() {
        QTemporaryDir dir;
        const Result list = run({"lesson"}, dir.path());
        QCOMPARE(list.code, 0);
        QCOMPARE(list.out.count('\n'), qsizetype(10 + 2));
        QVERIFY(list.out.startsWith("1-block-size         Block size (about "));
        QVERIFY2(list.out.indexOf("9-early-stop") < list.out.indexOf("10-who-stops-first"), list.out);  // by number
        const Result none = run({"lesson", "nine"}, dir.path());
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.startsWith("sfpbench: no lesson 'nine' (lessons: 1-block-size, "), none.err);
        QCOMPARE(run({"lesson", "3", "--json", "x.json"}, dir.path()).code, 2);  // two experiments, one file
    }

    void lesson_runs_question_first_then_the_article() {  // lesson 2: the quickest (a few seconds)
        QTemporaryDir dir;
        const Result r = run({"lesson", "2", "--json", "mine.json"}, dir.path());
        QCOMPARE(r.code, 0);
        const qsizetype question = r.out.indexOf("Predict first: compare mmap-mt and pread-mt");
        const qsizetype table = r.out.indexOf("mmap-mt");
        const qsizetype article = r.out.indexOf("The article:   compMP");
        QVERIFY2(question == r.out.indexOf("Predict first") && question >= 0 && question < article, r.out);
        QVERIFY2(table > question && article > table, r.out);
        QVERIFY(r.out.contains("Compare:       sfpbench diff YOUR-REPORT.json :/reference/compmp-threads.json"));
        QVERIFY(QFile::exists(dir.filePath("mine.json")));  // run options reached `sfpbench run`
        // ... and the run's report diffs against the article's set (no cell in common: other sizes)
        const Result diff = run({"diff", "mine.json", ":/reference/compmp-threads.json"}, dir.path());
        QCOMPARE(diff.code, 0);
        QVERIFY2(diff.out.contains("no cell in common\n"), diff.out);
    }
};

QTEST_GUILESS_MAIN(TestCliDiff)
#include "test_cli_diff.moc"
