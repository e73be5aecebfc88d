// `sfpbench run` refuses every problem of a spec before anything runs: every bad value (the
// engine's one validator, in the same words from every front end), and options a strategy
// cannot honour (cipher's direct with a mapped strategy, with `cp`, or with a block O_DIRECT
// cannot use): exit 2, one line per problem, no data generated, no output written.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "support/cli_process.hpp"

namespace {

// What these cases read: the exit code and standard error, as text.
struct Output {
    int code = -1;
    QString err;
};

Output sfpbench(const QStringList& args) {
    const testing::Output o = testing::sfpbench(args);
    return {o.code, QString::fromUtf8(o.err)};
}

}  // namespace

class TestCliPreflight : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.filePath(name); }

    // An experiment file `name` holding `json`; its path.
    QString spec_file(const QString& name, const QString& json) const {
        QFile spec(path(name));
        if (!spec.open(QIODevice::WriteOnly) || spec.write(json.toUtf8()) != json.toUtf8().size())
            qFatal("cannot write %s", qPrintable(name));
        return spec.fileName();
    }

private slots:
    void directConflictsStopTheRunBeforeItStarts() {
        const Output r = sfpbench({"run", "--algorithm", "cipher", "--strategies", "stream,mmap,cp", "--block",
                                   "512,4096", "--sizes", "64K", "--reps", "1", "--option", "direct=1", "--workdir",
                                   path("ws"), "--csv", path("runs.csv")});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.err.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);  // one per conflict: mmap, cp, stream with 512-byte blocks
        QVERIFY2(r.err.contains("--option: option direct: mmap maps the files"), qPrintable(r.err));
        QVERIFY2(r.err.contains("--option: option direct: cp copies the files its own way"), qPrintable(r.err));
        QVERIFY2(r.err.contains("--option: option direct: stream with block size 512: not a multiple of 4096"),
                 qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(path("ws")));  // nothing generated
        QVERIFY(!QFileInfo::exists(path("runs.csv")));
    }

    // The same from an experiment file names the field; without the conflicts it runs.
    void anExperimentFileIsJudgedTheSame() {
        const QString spec = spec_file(
            "spec.json",
            QString("{\"version\": 2, \"algorithm\": \"cipher\", \"data_kind\": \"random\", \"sizes\": [\"64K\"], "
                    "\"strategies\": [\"threads\", \"mmap-mt\"], \"block_sizes\": [\"4K\"], \"repetitions\": 1, "
                    "\"options\": {\"direct\": \"true\"}, \"workdir\": \"%1\"}")
                .arg(path("ws2")));
        const Output r = sfpbench({"run", spec});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.trimmed(),
                 QStringLiteral("sfpbench: options: option direct: mmap-mt maps the files, and mapped I/O "
                                "always goes through the page cache"));
        QVERIFY(!QFileInfo::exists(path("ws2")));
    }

    // Every bad flag is named at once, one line each, and nothing runs; a flag that cannot be
    // read is not named a second time by the checks that follow.
    void everyBadFlagIsNamedAtOnce() {
        const Output r =
            sfpbench({"run", "--algorithm", "wordcount", "--threads", "-1,99999", "--block", "0", "--packing", "abc",
                      "--cache", "warm", "--sizes", "64K,x", "--workdir", path("ws3"), "--csv", path("runs3.csv")});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.err.split('\n', Qt::SkipEmptyParts);
        // each bad item of a list on its own line, in the validator's words
        const QStringList expected = {"--threads: thread count -1 is out of range (0 to 1024)",
                                      "--threads: thread count 99999 is out of range (0 to 1024)",
                                      "--cache 'warm'",
                                      "--packing: 'abc' is not a whole number (1 to 100000)",
                                      "--block: block size 0 is out of range",
                                      "--sizes: size 'x'"};
        QCOMPARE(lines.size(), expected.size());
        for (const QString& e : expected) QVERIFY2(r.err.contains(e), qPrintable(e + " missing from:\n" + r.err));
        for (const QString& line : lines) QVERIFY2(line.startsWith("sfpbench: "), qPrintable(line));
        QVERIFY(!QFileInfo::exists(path("ws3")));
        QVERIFY(!QFileInfo::exists(path("runs3.csv")));
    }

    // The same for an experiment file: each bad field and value on a line of its own, naming the file.
    void everyBadFieldOfAFileIsNamedAtOnce() {
        const QString spec = spec_file(
            "bad.json", QString("{\"version\": 2, \"algorithm\": \"wordcount\", \"sizes\": [\"64K\"], "
                                "\"block_sizes\": [0], \"threads\": [99999], \"strategies\": [\"nope\"], "
                                "\"parameters\": {\"packing\": [\"abc\", 0], \"bogus\": [1]}, \"repetitons\": 3, "
                                "\"workdir\": \"%1\"}")
                            .arg(path("ws4")));
        const Output r = sfpbench({"run", spec});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.err.split('\n', Qt::SkipEmptyParts);
        // packing's 0 is the validator's to judge once the list reads ("abc" does not)
        const QStringList fields = {"repetitons",    "block_sizes[0]",  "threads[0]", "parameters.packing[0]",
                                    "strategies[0]", "parameters.bogus"};
        QCOMPARE(lines.size(), fields.size());
        for (const QString& f : fields)
            QVERIFY2(r.err.contains("experiment '" + path("bad.json") + "': field '" + f + "'"),
                     qPrintable(f + ":\n" + r.err));
        QVERIFY(!QFileInfo::exists(path("ws4")));
    }

    // The check: four values, three of them bad (threads 0 = all online CPUs), three
    // lines, exit 2; threads 0 alone runs.
    void everyBadValueOfARunIsNamed() {
        const Output r =
            sfpbench({"run", "--algorithm", "compare", "--block", "0", "--threads", "0", "--option",
                      "max_mismatches=-3", "--option", "nonsense=1", "--sizes", "64K", "--workdir", path("ws5")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.split('\n', Qt::SkipEmptyParts),
                 (QStringList{"sfpbench: --block: block size 0 is out of range (1 to 1G)",
                              "sfpbench: --option: option max_mismatches: -3 is out of range (1 to 1000000)",
                              "sfpbench: --option: unknown compare option 'nonsense' (known: max_mismatches)"}));
        QVERIFY(!QFileInfo::exists(path("ws5")));
        const Output ok = sfpbench({"run", "--algorithm", "compare", "--strategies", "pread-mt", "--threads", "0",
                                    "--sizes", "64K", "--reps", "1", "--warmup", "0", "--workdir", path("ws5")});
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
    }

    // One validator: a bad block size, a bad option value and a value listed twice read the same
    // from `run`'s flags, a one-run command, and an experiment file; only the prefix (the flag or
    // the field) differs.
    void everyFrontEndSaysTheSame() {
        QFile a(path("a"));
        QVERIFY(a.open(QIODevice::WriteOnly) && a.write("same\n") == 5);
        a.close();
        const QString block = "block size 0 is out of range (1 to 1G)";
        const QString option = "option max_mismatches: -3 is out of range (1 to 1000000)";
        const Output run = sfpbench({"run", "--block", "0", "--option", "max_mismatches=-3", "--strategies", "read",
                                     "--input", path("a"), "--input", path("a")});
        QCOMPARE(run.err.split('\n', Qt::SkipEmptyParts),
                 (QStringList{"sfpbench: --block: " + block, "sfpbench: --option: " + option}));
        const Output one = sfpbench({"compare", path("a"), path("a"), "--block", "0", "--max-mismatches", "-3"});
        QCOMPARE(one.code, 2);
        QCOMPARE(one.err.split('\n', Qt::SkipEmptyParts),
                 (QStringList{"sfpbench: --block: " + block, "sfpbench: --max-mismatches: " + option}));
        const QString spec =
            spec_file("same.json", QString("{\"version\": 2, \"algorithm\": \"compare\", \"strategies\": [\"read\"], "
                                           "\"block_sizes\": [0], \"inputs\": [\"%1\", \"%1\"], "
                                           "\"options\": {\"max_mismatches\": \"-3\"}}")
                                       .arg(path("a")));
        const Output file = sfpbench({"run", spec});
        QCOMPARE(file.code, 2);
        const QString at = "sfpbench: experiment '" + spec + "': field ";
        QCOMPARE(file.err.split('\n', Qt::SkipEmptyParts),
                 (QStringList{at + "'block_sizes[0]': " + block, at + "'options.max_mismatches': " + option}));
        // a duplicate: refused by each, naming it
        const Output twice =
            sfpbench({"run", "--block", "4K,4096", "--strategies", "read", "--input", path("a"), "--input", path("a")});
        QCOMPARE(twice.code, 2);
        QCOMPARE(twice.err.trimmed(), QStringLiteral("sfpbench: --block: block size 4K is listed twice"));
    }
};

QTEST_GUILESS_MAIN(TestCliPreflight)
#include "test_cli_preflight.moc"
