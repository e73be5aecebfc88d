// `sfpbench diff` and `sfpbench lesson` end to end: the real executable on hand-made reports.
#include <QDateTime>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

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
    rep.cells = {{"loop", 4096, 0, 0, 1 << 20, false},
                 {"pipeline", 65536, 2, 0, 1 << 20, false, {{"packing", packing}}},
                 {"simd", 4096, 0, 0, 1 << 20, false},
                 {"strtok", 0, 0, 0, 1 << 20, false}};
    for (std::size_t i = 0; i < rep.cells.size(); ++i) {
        sfp::CellStats st;
        st.cell = i;
        st.real = i < medians.size() ? summary_of(3, medians[i]) : summary_of(0, 0);
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
        write(dir.filePath("a.json"), core::report_json(report({"h", "Test CPU", "Linux 6.1.0", "ext4", "0.1.0", 2, 8ull << 30, "/dev/sda"},
                                                              sfp::CacheMode::hot, 1000, {0.5, 0.2, 0.3})));
        write(dir.filePath("b.json"), core::report_json(report({"h", "Other CPU", "Linux 6.8.0", "ext4", "0.1.0", 4, 16ull << 30, "/dev/nvme0n1"},
                                                              sfp::CacheMode::cold, 10, {1.5, 0.1, 0.15})));
        const Result r = run({"diff", "a.json", "b.json"}, dir.path());
        QCOMPARE(r.err, QByteArray());
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QByteArray(
        "A: a.json -- Test CPU, 2 cores, 8 GiB RAM, Linux 6.1.0, 2020-01-02 (wordcount, cache hot)\n"
        "B: b.json -- Other CPU, 4 cores, 16 GiB RAM, Linux 6.8.0, 2020-01-02 (wordcount, cache cold)\n"
        "note: A ran in hot cache and B in cold cache: their times measure different things\n"
        "\n"
        "cell                     A median    B median       B/A  faster\n"
        "loop block=4K size=1M   500.00 ms      1.50 s     3.00x  A\n"
        "simd block=4K size=1M   300.00 ms   150.00 ms     0.50x  B\n"
        "strtok size=1M                n/a         n/a       n/a  -\n"
        "\n"
        "only in A (1):\n"
        "  pipeline block=64K threads=2 size=1M packing=1000  200.00 ms\n"
        "\n"
        "only in B (1):\n"
        "  pipeline block=64K threads=2 size=1M packing=10  100.00 ms\n"));
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
            {{"diff", "a.json", "compare.json"}, "sfpbench: report 'compare.json': results of compare, not wordcount\n"},
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

    void diff_against_a_reference_set() {  // the shipped sets are reachable from the command line
        QTemporaryDir dir;
        const Result r = run({"diff", ":/reference/cci-table1.json", ":/reference/cci-table1.json"}, dir.path());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("stream block=512 size=640000000     20.56 s     20.56 s     1.00x  same\n"), r.out);
    }

    void lesson_lists_and_refuses() {
        QTemporaryDir dir;
        const Result list = run({"lesson"}, dir.path());
        QCOMPARE(list.code, 0);
        QCOMPARE(list.out.count('\n'), qsizetype(7 + 2));
        QVERIFY(list.out.startsWith("1-block-size         Block size (about "));
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
