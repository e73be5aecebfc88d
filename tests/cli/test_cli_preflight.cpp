// `sfpbench run` refuses options a strategy cannot honour (cipher's direct with a mapped
// strategy, with `cp`, or with a block O_DIRECT cannot use) before anything runs: exit 2, one
// line per conflict naming the strategy and the option, no data generated, no output written.
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
        if (!spec.open(QIODevice::WriteOnly) || spec.write(json.toUtf8()) != json.toUtf8().size()) qFatal("cannot write %s", qPrintable(name));
        return spec.fileName();
    }

private slots:
    void directConflictsStopTheRunBeforeItStarts() {
        const Output r = sfpbench({"run", "--algorithm", "cipher", "--strategies", "stream,mmap,cp", "--block", "512,4096",
                                   "--sizes", "64K", "--reps", "1", "--option", "direct=1", "--workdir", path("ws"),
                                   "--csv", path("runs.csv")});
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
        const QString spec =
            spec_file("spec.json", QString("{\"version\": 2, \"algorithm\": \"cipher\", \"data_kind\": \"random\", \"sizes\": [\"64K\"], "
                                           "\"strategies\": [\"threads\", \"mmap-mt\"], \"block_sizes\": [\"4K\"], \"repetitions\": 1, "
                                           "\"options\": {\"direct\": \"true\"}, \"workdir\": \"%1\"}")
                                       .arg(path("ws2")));
        const Output r = sfpbench({"run", spec});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.trimmed(), QStringLiteral("sfpbench: options: option direct: mmap-mt maps the files, and mapped I/O "
                                                 "always goes through the page cache"));
        QVERIFY(!QFileInfo::exists(path("ws2")));
    }

    // Every bad flag is named at once, one line each, and nothing runs; a flag that cannot be
    // read is not named a second time by the checks that follow.
    void everyBadFlagIsNamedAtOnce() {
        const Output r = sfpbench({"run", "--algorithm", "wordcount", "--threads", "-1,99999", "--block", "0",
                                   "--packing", "abc", "--cache", "warm", "--sizes", "64K,x", "--workdir", path("ws3"),
                                   "--csv", path("runs3.csv")});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.err.split('\n', Qt::SkipEmptyParts);
        const QStringList expected = {"threads -1 is out of range", "threads 99999 is out of range", "--cache 'warm'",
                                      "--packing 'abc'", "--block: block size 0 is out of range", "--sizes: size 'x'"};
        QCOMPARE(lines.size(), expected.size());
        for (const QString& e : expected) QVERIFY2(r.err.contains(e), qPrintable(e + " missing from:\n" + r.err));
        for (const QString& line : lines) QVERIFY2(line.startsWith("sfpbench: "), qPrintable(line));
        QVERIFY(!QFileInfo::exists(path("ws3")));
        QVERIFY(!QFileInfo::exists(path("runs3.csv")));
    }

    // The same for an experiment file: each bad field and value on a line of its own, naming the file.
    void everyBadFieldOfAFileIsNamedAtOnce() {
        const QString spec =
            spec_file("bad.json", QString("{\"version\": 2, \"algorithm\": \"wordcount\", \"sizes\": [\"64K\"], "
                                          "\"block_sizes\": [0], \"threads\": [99999], \"strategies\": [\"nope\"], "
                                          "\"parameters\": {\"packing\": [\"abc\", 0], \"bogus\": [1]}, \"repetitons\": 3, "
                                          "\"workdir\": \"%1\"}")
                                      .arg(path("ws4")));
        const Output r = sfpbench({"run", spec});
        QCOMPARE(r.code, 2);
        const QStringList lines = r.err.split('\n', Qt::SkipEmptyParts);
        const QStringList fields = {"repetitons", "block_sizes[0]", "threads[0]", "parameters.packing[0]",
                                    "parameters.packing[1]", "strategies[0]", "parameters.bogus"};
        QCOMPARE(lines.size(), fields.size());
        for (const QString& f : fields)
            QVERIFY2(r.err.contains("experiment '" + path("bad.json") + "': field '" + f + "'"), qPrintable(f + ":\n" + r.err));
        QVERIFY(!QFileInfo::exists(path("ws4")));
    }
};

QTEST_GUILESS_MAIN(TestCliPreflight)
#include "test_cli_preflight.moc"
