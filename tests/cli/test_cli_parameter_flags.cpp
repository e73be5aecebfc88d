// The one-run commands' flags come from the parameter tables: `sfpbench ALG --help` lists every
// entry of ALG's table with its limits, and a bad value is one line naming the flag, the value
// and the limits, exit 2, before anything runs (nothing is read, OUT is never created).
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "sfp/parameter.hpp"
#include "sfp/registry.hpp"
#include "support/cli_process.hpp"

namespace {

using testing::Output;
using testing::sfpbench;

QString flag_of(const sfp::Parameter& p) {
    return p.name == "block_size"
               ? QStringLiteral("--block")
               : "--" + QString::fromLatin1(p.name.data(), qsizetype(p.name.size())).replace('_', '-');
}

}  // namespace

class TestCliParameterFlags : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    // A small input file named `name` in the scratch directory.
    bool write_input(const QString& name) const {
        QFile f(path(name));
        return f.open(QIODevice::WriteOnly) && f.write("hello\n") == 6;
    }

private slots:
    // ... every entry some strategy reads; iterate has no strategy that reads blocks, so no --block.
    void helpListsEveryTableEntry_data() {
        QTest::addColumn<QString>("algorithm");
        for (const char* a : {"compare", "cipher", "wordcount", "iterate"}) QTest::newRow(a) << QString(a);
    }
    void helpListsEveryTableEntry() {
        QFETCH(QString, algorithm);
        const Output o = sfpbench({algorithm, "--help"});
        QCOMPARE(o.code, 0);
        const std::span<const sfp::Parameter> table = sfp::parameters_of(algorithm.toStdString());
        QVERIFY(table.size() >= 3);  // block size, threads and at least one of its own
        for (const sfp::Parameter& p : table) {
            const qsizetype at = o.out.indexOf("\n  " + flag_of(p).toUtf8());
            bool read = false;  // by some strategy of the algorithm: else giving it would change nothing
            for (const sfp::Strategy* s : sfp::strategies_of(algorithm.toStdString())) read = read || sfp::uses(*s, p);
            if (!read) {
                QVERIFY2(at < 0, qPrintable(flag_of(p) + " offered though no strategy reads it:\n" + o.out));
                continue;
            }
            QVERIFY2(at >= 0, qPrintable(flag_of(p) + " missing:\n" + o.out));
            const QByteArray line = o.out.mid(at + 1);
            // the table's limits on the flag's own line(s), up to the next flag
            const QByteArray own = line.left(line.indexOf("\n  -", 1));
            if (p.type != sfp::ParameterType::flag && p.type != sfp::ParameterType::text)
                QVERIFY2(QString(own).simplified().contains(QString::fromStdString(sfp::limits_text(p))),
                         qPrintable(own));
        }
    }

    // A bad value: exit 2, one line naming the flag, the value and the limits (the engine's
    // validator's words, as `run` prints them); no output file.
    void badValueNamedWithLimits_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("compare block 0") << QStringList{"compare", "@a", "@a", "--block", "0"}
                                         << "--block: block size 0 is out of range (1 to 1G)";
        QTest::newRow("compare threads") << QStringList{"compare", "@a", "@a", "--threads", "1025"}
                                         << "--threads: thread count 1025 is out of range (0 to 1024)";
        QTest::newRow("compare threads -1") << QStringList{"compare", "@a", "@a", "--threads", "-1"}
                                            << "--threads: thread count -1 is out of range (0 to 1024)";
        QTest::newRow("compare block text") << QStringList{"compare", "@a", "@a", "--block", "y"}
                                            << "--block: 'y' is not a size like 4K or 64M (1 to 1G)";
        QTest::newRow("compare max")
            << QStringList{"compare", "@a", "@a", "--max-mismatches", "x"}
            << "--max-mismatches: option max_mismatches: 'x' is not a whole number (1 to 1000000)";
        QTest::newRow("cipher shift") << QStringList{"cipher", "@a", "@out", "--shift", "300"}
                                      << "--shift: option shift: 300 is out of range (-255 to 255)";
        QTest::newRow("cipher transform")
            << QStringList{"cipher", "@a", "@out", "--shift", "1", "--transform", "rot13"}
            << "--transform: option transform: 'rot13' is not one of caesar, letters or widen";
        QTest::newRow("wordcount packing") << QStringList{"wordcount", "@a", "--packing", "0"}
                                           << "--packing: option packing: 0 is out of range (1 to 100000)";
        QTest::newRow("iterate seed") << QStringList{"iterate", "@", "--seed", "-1"}
                                      << "--seed: option seed: -1 is out of range (0 to";
    }
    void badValueNamedWithLimits() {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        QVERIFY(write_input("a"));
        for (QString& arg : args) arg.replace(QRegularExpression("^@"), dir_.path() + "/");
        const Output o = sfpbench(args);
        QCOMPARE(o.code, 2);
        QVERIFY2(o.out.isEmpty(), o.out.constData());
        QVERIFY2(o.err.startsWith("sfpbench: ") && o.err.count('\n') == 1, o.err.constData());
        QVERIFY2(o.err.contains(says.toUtf8()), o.err.constData());
        QVERIFY(!QFile::exists(path("out")));
    }

    // One bad block size or thread count reads the same from the one-run command and from `run`
    // (the experiment's lists): one wording, the engine's.
    void aBadValueReadsTheSameInRun_data() {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("value");
        QTest::newRow("block text") << "--block"
                                    << "y";
        QTest::newRow("block 0") << "--block"
                                 << "0";
        QTest::newRow("block too large") << "--block"
                                         << "2G";
        QTest::newRow("threads text") << "--threads"
                                      << "x";
        QTest::newRow("threads negative") << "--threads"
                                          << "-1";
        QTest::newRow("threads too many") << "--threads"
                                          << "1025";
        QTest::newRow("threads 20 digits") << "--threads"
                                           << "99999999999999999999";
    }
    void aBadValueReadsTheSameInRun() {
        QFETCH(QString, flag);
        QFETCH(QString, value);
        QVERIFY(write_input("a"));
        const Output one = sfpbench({"compare", path("a"), path("a"), flag, value});
        const Output run =
            sfpbench({"run", "--algorithm", "compare", "--sizes", "1M", "--workdir", path("ws"), flag, value});
        QCOMPARE(one.code, 2);
        QCOMPARE(run.code, 2);
        QVERIFY2(one.err.startsWith("sfpbench: " + flag.toUtf8() + ": ") && one.err.count('\n') == 1,
                 one.err.constData());
        QCOMPARE(run.err, one.err);
        QVERIFY(!QFile::exists(path("ws")));
    }

    // A range's ends are judged before it is expanded: 1..4000000000 threads is one line, not
    // four billion values (it was std::bad_alloc).
    void aRangeEndOutOfLimitsIsNamedBeforeExpanding() {
        const Output o = sfpbench({"run", "--algorithm", "compare", "--sizes", "1M", "--workdir", path("ws"),
                                   "--threads", "1..4000000000,2..1", "--block", "512..2G"});
        QCOMPARE(o.code, 2);
        QCOMPARE(QString(o.err).split('\n', Qt::SkipEmptyParts),
                 (QStringList{"sfpbench: --block: block size 2G is out of range (1 to 1G)",
                              "sfpbench: --threads: thread count 4000000000 is out of range (0 to 1024)",
                              "sfpbench: --threads '2..1': the smaller count comes first (1..4)"}));
    }

    // Values the table accepts still reach the run: a choice by name, a flag, a count.
    void goodValuesReachTheRun() {
        QFile a(path("in"));
        QVERIFY(a.open(QIODevice::WriteOnly) && a.write("Hal 9000\n") == 9);
        a.close();
        const Output c = sfpbench({"cipher", path("in"), path("shifted"), "--shift", "1", "--transform", "letters",
                                   "--strategy", "stream", "--block", "3", "--plain"});
        QCOMPARE(c.code, 0);
        QFile out(path("shifted"));
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCOMPARE(out.readAll(), QByteArray("Ibm 0111\n"));
        // threads 0 is the table's "online CPUs", as in `sfpbench run --threads 0`
        QCOMPARE(sfpbench({"compare", path("in"), path("in"), "--threads", "0", "--strategy", "pread-mt"}).code, 0);
        const Output w =
            sfpbench({"wordcount", path("in"), "--strategy", "pipeline", "--packing", "1", "--threads", "2"});
        QCOMPARE(w.code, 0);
        QVERIFY2(w.out.simplified().startsWith("1 2 9 "), w.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliParameterFlags)
#include "test_cli_parameter_flags.moc"
