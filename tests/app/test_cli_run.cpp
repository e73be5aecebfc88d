// `sfpbench run` and `sfpbench clean` as a user runs them: the real executable on small
// generated data in a temporary workspace; its files, stdout, stderr and exit code.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>

#include "csv_reader.hpp"
#include "sfp/parameter.hpp"
#include "sfp/registry.hpp"
#include "support/cli_process.hpp"
#include "support/proc_field.hpp"

namespace {

using Result = testing::Output;

Result run(const QStringList& args, const QString& dir) { return testing::sfpbench(args, {.cwd = dir}); }

QByteArray content_of(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::vector<QStringList> csv_of(const QString& path) { return test::read_csv(content_of(path)); }

// The matrix of the section-5 command, shrunk: every strategy x its parameters x sizes.
const QStringList kMatrix = {"run",     "--algorithm", "compare",   "--strategies", "read,mmap-mt",
                             "--block", "4K,64K",      "--threads", "1,2",          "--sizes",
                             "1M,2M",   "--reps",      "2",         "--warmup",     "0"};

// Cells counted from what the strategies read, independently of the runner's expansion.
std::size_t expected_cells() {
    std::size_t cells = 0;
    for (const char* name : {"read", "mmap-mt"}) {
        const sfp::Strategy* s = sfp::find_strategy("compare", name);
        const int blocks = sfp::uses(*s, sfp::kBlockSizeParameter) ? 2 : 1,
                  threads = sfp::uses(*s, sfp::kThreadsParameter) ? 2 : 1;
        cells += blocks * threads * 2 /* sizes */;
    }
    return cells;
}

// Each run's identity: strategy, block, threads, size, repetition.
QSet<QString> run_keys(const std::vector<QStringList>& table) {
    QSet<QString> keys;
    for (std::size_t i = 1; i < table.size(); ++i) keys.insert(table[i].mid(1, 5).join('/'));
    return keys;
}

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

}  // namespace

class TestCliRun : public QObject {
    Q_OBJECT
private slots:
    // Every run's row names the cache mode, and the large-folio share is a share or "unknown".
    void cacheModesAreRecordedPerRun() {
        QTemporaryDir dir;
        for (const QString mode : {"hot", "hot-written", "cold"}) {
            const Result r = run({"run", "--algorithm", "compare", "--strategies", "read", "--sizes", "1M", "--reps",
                                  "2", "--warmup", "0", "--cache", mode, "--workdir", "work", "--csv", "runs.csv"},
                                 dir.path());
            QVERIFY2(r.code == 0, r.err.constData());
            const std::vector<QStringList> t = csv_of(dir.filePath("runs.csv"));
            QCOMPARE(t.size(), std::size_t(3));
            const qsizetype cache = t[0].indexOf("cache"), share = t[0].indexOf("large_folio_share");
            QVERIFY(cache >= 0 && share >= 0);
            for (std::size_t i = 1; i < t.size(); ++i) {
                QCOMPARE(t[i][cache], mode);
                bool number = false;
                const double v = t[i][share].toDouble(&number);
                QVERIFY2(t[i][share] == "unknown" || (number && v >= 0 && v <= 1), qPrintable(t[i][share]));
            }
        }
    }

    void matrixWritesOneRowPerRun() {
        QTemporaryDir dir;
        const Result r = run(kMatrix + QStringList{"--workdir", "work", "--csv", "runs.csv", "--summary-csv",
                                                   "cells.csv", "--json", "report.json"},
                             dir.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const std::vector<QStringList> runs = csv_of(dir.filePath("runs.csv"));
        const std::size_t cells = expected_cells();
        QCOMPARE(runs.size(), 1 + cells * 2);
        QCOMPARE(run_keys(runs).size(), qsizetype(cells * 2));  // every cell x repetition exactly once
        for (std::size_t i = 1; i < runs.size(); ++i) {
            QCOMPARE(runs[i].size(), runs[0].size());
            QCOMPARE(runs[i][13], QString("ok"));  // status
            if (runs[i][1] == "read" && !sfp::uses(*sfp::find_strategy("compare", "read"), sfp::kThreadsParameter))
                QCOMPARE(runs[i][3], QString("-"));
        }
        QCOMPARE(csv_of(dir.filePath("cells.csv")).size(), 1 + cells);
        const QJsonObject json = QJsonDocument::fromJson(content_of(dir.filePath("report.json"))).object();
        QCOMPARE(json["runs"].toArray().size(), qsizetype(cells * 2));
        QCOMPARE(json["machine"].toObject()["cores"].toInt() > 0, true);
        // the summary on stdout: the table and the IOBoost-style ranking
        QVERIFY2(r.out.contains("fastest: "), r.out.constData());
        QVERIFY2(r.out.contains("× slower, too few repetitions for a verdict (n=2; 6 needed)"), r.out.constData());
        // no temporary files beside the outputs
        QCOMPARE(entries(dir.path()), (QStringList{"cells.csv", "report.json", "runs.csv", "work"}));
    }

    void printedSpecReplaysTheSameCells() {
        QTemporaryDir dir;
        const Result spec = run(kMatrix + QStringList{"--workdir", "work", "--print-spec"}, dir.path());
        QVERIFY2(spec.code == 0, spec.err.constData());
        QVERIFY(entries(dir.path()).isEmpty());  // printing the spec runs nothing
        QFile file(dir.filePath("x.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(spec.out);
        file.close();

        const Result direct = run(kMatrix + QStringList{"--workdir", "work", "--csv", "a.csv"}, dir.path());
        QVERIFY2(direct.code == 0, direct.err.constData());
        const Result replay = run({"run", "x.json", "--csv", "b.csv"}, dir.path());
        QVERIFY2(replay.code == 0, replay.err.constData());
        const QSet<QString> a = run_keys(csv_of(dir.filePath("a.csv")));
        QCOMPARE(a.size(), qsizetype(expected_cells() * 2));
        QCOMPARE(run_keys(csv_of(dir.filePath("b.csv"))), a);
        // the spec printed from the file is the file
        QCOMPARE(run({"run", "x.json", "--print-spec"}, dir.path()).out, spec.out);
    }

    // Issue 39 §2: --limits-in-rounds is the experiment's field, so a printed spec replays it.
    void limitsInRoundsIsTheSpecsField() {
        QTemporaryDir dir;
        const QStringList args = {"run", "--sizes", "1M", "--workdir", "work", "--print-spec"};
        const Result plain = run(args, dir.path());
        QVERIFY2(plain.code == 0 && !plain.out.contains("limits_in_rounds"),
                 plain.out.constData());  // false: not written
        const Result rounds = run(args + QStringList{"--limits-in-rounds"}, dir.path());
        QVERIFY2(rounds.code == 0 && rounds.out.contains("\"limits_in_rounds\": true"), rounds.err.constData());
    }

    void rangesExpand() {
        QTemporaryDir dir;
        const Result r =
            run({"run", "--sizes", "1M", "--block", "512..4K,64K", "--threads", "1..3", "--print-spec"}, dir.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject spec = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(spec["block_sizes"].toArray(), (QJsonArray{"512", "1K", "2K", "4K", "64K"}));
        QCOMPARE(spec["threads"].toArray(), (QJsonArray{1, 2, 3}));
        QCOMPARE(spec["version"].toInt(), 2);
    }

    // --packing multiplies only pipeline's cells; the CSV gets a packing column after the fixed
    // ones, the JSON a field per cell, the summary a column; the printed spec replays it.
    void packingSweep() {
        QTemporaryDir dir;
        const QStringList args = {"run",    "--algorithm", "wordcount", "--strategies", "loop,pipeline", "--packing",
                                  "1..100", "--threads",   "2",         "--sizes",      "256K",          "--reps",
                                  "1",      "--warmup",    "0",         "--workdir",    "work"};
        const Result r = run(args + QStringList{"--csv", "runs.csv", "--json", "report.json"}, dir.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const std::vector<QStringList> table = csv_of(dir.filePath("runs.csv"));
        QCOMPARE(table.size(), std::size_t(1 + 1 + 3));  // loop once, pipeline at 1, 10, 100
        const qsizetype packing = table[0].indexOf("packing");
        QCOMPARE(table[0].indexOf("large_folio_share"), packing - 1);  // after the fixed columns
        QCOMPARE(table[0].last(), QString("disturbed"));               // the waiting's columns came later: they go last
        QSet<QString> packings;
        for (std::size_t i = 1; i < table.size(); ++i) {
            QCOMPARE(table[i][13], QString("ok"));  // status: every strategy and packing agrees
            packings.insert(table[i][1] + "=" + table[i][packing]);
        }
        QCOMPARE(packings, (QSet<QString>{"loop=-", "pipeline=1", "pipeline=10", "pipeline=100"}));
        QVERIFY2(r.out.contains("packing"), r.out.constData());  // the summary's column
        const QJsonArray cells =
            QJsonDocument::fromJson(content_of(dir.filePath("report.json"))).object()["cells"].toArray();
        QCOMPARE(cells.size(), 4);
        QVERIFY(cells[0].toObject()["packing"].isNull());
        QCOMPARE(cells[1].toObject()["packing"].toInt(), 1);

        const Result spec = run(args + QStringList{"--print-spec"}, dir.path());
        QVERIFY2(spec.code == 0, spec.err.constData());
        QCOMPARE(QJsonDocument::fromJson(spec.out).object()["parameters"].toObject()["packing"].toArray(),
                 (QJsonArray{1, 10, 100}));
        QFile file(dir.filePath("w.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(spec.out);
        file.close();
        QCOMPARE(run({"run", "w.json", "--print-spec"}, dir.path()).out, spec.out);
        const Result with_file = run({"run", "w.json", "--packing", "5"}, dir.path());
        QCOMPARE(with_file.code, 2);
        QCOMPARE(run({"run", "--algorithm", "compare", "--sizes", "1M", "--packing", "3"}, dir.path()).code, 2);
        QCOMPARE(run({"run", "--algorithm", "wordcount", "--sizes", "1M", "--packing", "100001"}, dir.path()).code, 2);
    }

    void badInputExitsTwoWithOneLine_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList ok = {"--sizes", "1M", "--workdir", "work"};
        QTest::newRow("bad size") << (QStringList{"--block", "4Q"} + ok) << "block";
        QTest::newRow("bad range") << (QStringList{"--block", "3..64K"} + ok) << "--block '3..64K'";
        QTest::newRow("negative threads")
            << (QStringList{"--threads", "-2"} + ok) << "--threads: thread count -2 is out of range (0 to 1024)";
        QTest::newRow("zero reps") << (QStringList{"--reps", "0"} + ok) << "--reps: repetitions must be 1 to 100000";
        QTest::newRow("cache") << (QStringList{"--cache", "warm"} + ok) << "--cache 'warm'";
        QTest::newRow("strategy") << (QStringList{"--strategies", "read,nope"} + ok)
                                  << "--strategies: unknown compare strategy 'nope'";
        QTest::newRow("no data") << QStringList{"--workdir", "work"} << "give --sizes";
        QTest::newRow("one input") << (QStringList{"--input", "in.bin"})
                                   << "--input: compare needs two files; got one: '";
        QTest::newRow("unknown flag") << (QStringList{"--frobnicate"} + ok) << "frobnicate";
        QTest::newRow("missing dir") << (QStringList{"--csv", "no/such/out.csv"} + ok) << "does not exist";
        QTest::newRow("overwrite input") << (QStringList{"--input", "in.bin", "--input", "in2.bin", "--csv", "in.bin"})
                                         << "would overwrite an input";
        QTest::newRow("spec and flags") << (QStringList{"spec.json", "--block", "4K"}) << "--block cannot be combined";
        QTest::newRow("bad spec") << (QStringList{"bad.json"}) << "field 'cache': expected hot or hot-written or cold";
        QTest::newRow("rounds, sequential") << (QStringList{"--limits-in-rounds", "--order", "sequential"} + ok)
                                            << "--limits-in-rounds: limits in rounds need the interleaved order";
        // the file's field says it (one source): edit the file
        QTest::newRow("spec and rounds") << (QStringList{"spec.json", "--limits-in-rounds"})
                                         << "--limits-in-rounds cannot be combined";
    }
    void badInputExitsTwoWithOneLine() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        for (const char* name : {"in.bin", "in2.bin"}) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("input");
        }
        QFile bad(dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"version": 1, "algorithm": "compare", "sizes": ["1M"], "cache": "warm"})");
        bad.close();
        QVERIFY(QFile::copy(dir.filePath("bad.json"), dir.filePath("spec.json")));
        const QStringList before = entries(dir.path());

        const Result r = run(QStringList{"run"} + args, dir.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith("sfpbench: ") && r.err.count('\n') == 1, r.err.constData());
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
        QCOMPARE(entries(dir.path()), before);  // nothing written, nothing overwritten
        QCOMPARE(content_of(dir.filePath("in.bin")), QByteArray("input"));
    }

    void interruptKeepsCompletedRuns() {
        QTemporaryDir dir;
        QProcess p;
        p.setWorkingDirectory(dir.path());
        // Long enough to be interrupted on any machine: a single cell, many repetitions.
        p.start(SFPBENCH, {"run", "--strategies", "read", "--sizes", "1M", "--reps", "100000", "--warmup", "0",
                           "--workdir", "work", "--csv", "runs.csv", "--json", "report.json"});
        QVERIFY(p.waitForStarted());
        // Interrupted once some runs are done, by what it has read (/proc/PID/io's rchar): about
        // 2 MiB to settle the pair, then 4 MiB a run (read right before it, then compared), so 16
        // MiB is three runs or more. A fixed wait was not: set-up alone took 1.1 s of 1.5 here.
        const auto read_so_far = [&p] {
            return testing::proc_field(QString("/proc/%1/io").arg(p.processId()), "rchar").value_or(0);
        };
        QTRY_VERIFY_WITH_TIMEOUT(read_so_far() >= (16u << 20) || p.state() != QProcess::Running, 60000);
        QCOMPARE(p.state(), QProcess::Running);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));  // a hang guard only
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 130);

        const QByteArray err = p.readAllStandardError();
        const QRegularExpressionMatch kept = QRegularExpression("cancelled: (\\d+) completed run").match(QString(err));
        QVERIFY2(kept.hasMatch(), err.constData());
        QVERIFY2(kept.captured(1).toULongLong() >= 1,
                 "interrupted before any run: the row checks below would check nothing");
        const std::vector<QStringList> runs = csv_of(dir.filePath("runs.csv"));
        QCOMPARE(runs.size(), 1 + kept.captured(1).toULongLong());
        for (std::size_t i = 1; i < runs.size(); ++i) {
            QCOMPARE(runs[i][13], QString("ok"));
            QCOMPARE(runs[i][5], QString::number(i));  // repetitions 1..N in order: one cell
        }
        QVERIFY(QJsonDocument::fromJson(content_of(dir.filePath("report.json"))).object()["cancelled"].toBool());
        QCOMPARE(entries(dir.path()), (QStringList{"report.json", "runs.csv", "work"}));  // no temporary files
    }

    void cleanRemovesOnlyGeneratedFiles() {
        QTemporaryDir dir;
        const Result r =
            run({"run", "--strategies", "read", "--sizes", "64K", "--reps", "1", "--workdir", "work"}, dir.path());
        QVERIFY2(r.code == 0, r.err.constData());
        QFile mine(dir.filePath("work/mine.txt"));
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("not the tool's");
        mine.close();
        const QStringList generated = entries(dir.filePath("work")).filter(QRegularExpression("^(?!mine\\.txt$)"));
        QCOMPARE(generated, (QStringList{".sfpbench.lock", "pair-64K-seed1-a.bin", "pair-64K-seed1-b.bin",
                                         "sfpbench-manifest.txt"}));

        const Result c = run({"clean", "--workdir", "work"}, dir.path());
        QCOMPARE(c.code, 0);
        const QStringList listed = QString(c.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(listed.size(),
                 generated.size() - 1);  // every removed path listed (the lock file is the workspace's own)
        QCOMPARE(entries(dir.filePath("work")), QStringList{"mine.txt"});
    }
};

QTEST_GUILESS_MAIN(TestCliRun)
#include "test_cli_run.moc"
