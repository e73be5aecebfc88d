// `sfpbench compare` prints exactly what `cmp -l A B | head -8` prints, for every strategy,
// block size and thread count; bad input always ends in one clear line and exit 2.
#include <sys/stat.h>
#include <unistd.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QtTest>

#include "support/cli_process.hpp"
#include "support/temp_files.hpp"

using testing::Bytes;

namespace {

using testing::Output;
using testing::run;
using testing::sfpbench;

QByteArray cmp_head(const QString& a, const QString& b, int n = 8) {
    return run("sh", {"-c", QString("cmp -l -- \"$0\" \"$1\" | head -%1").arg(n), a, b}).out;
}

}  // namespace

class TestCliCompare : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.path() + "/" + name; }

    bool have_cmp_ = false;  // only the cases that compare with the system cmp need it

private slots:
    void initTestCase() { have_cmp_ = run("sh", {"-c", "command -v cmp"}).code == 0; }

    void printsExactlyWhatCmpPrints_data() {
        QTest::addColumn<qulonglong>("size_a");
        QTest::addColumn<qulonglong>("size_b");
        QTest::addColumn<QList<qulonglong>>("flips");
        QTest::newRow("identical") << 70000ull << 70000ull << QList<qulonglong>{};
        QTest::newRow("few") << 70000ull << 70000ull << QList<qulonglong>{0, 4095, 4096, 69999};
        QTest::newRow("many") << 100000ull << 100000ull
                              << QList<qulonglong>{1, 9, 99, 999, 4097, 8191, 9999, 12345, 65536, 99999};
        QTest::newRow("b shorter") << 5000ull << 4000ull << QList<qulonglong>{7};
        QTest::newRow("a empty") << 0ull << 10ull << QList<qulonglong>{};
        QTest::newRow("tiny") << 1ull << 1ull << QList<qulonglong>{0};
    }
    void printsExactlyWhatCmpPrints() {
        QFETCH(qulonglong, size_a);
        QFETCH(qulonglong, size_b);
        QFETCH(QList<qulonglong>, flips);
        const Bytes base = testing::pattern(std::max(size_a, size_b));
        Bytes a(base.begin(), base.begin() + qsizetype(size_a)), b(base.begin(), base.begin() + qsizetype(size_b));
        for (auto f : flips) b[f] = std::uint8_t(~b[f]);
        testing::write_file(path("a").toStdString(), a);
        testing::write_file(path("b").toStdString(), b);
        if (!have_cmp_) QSKIP("cmp is not installed: nothing to compare the output with");
        const QByteArray expected = cmp_head(path("a"), path("b"));
        const int expected_code = (a == b) ? 0 : 1;
        for (const QString strategy : {"read", "pread-mt", "mmap", "mmap-mt", "adaptive", "cmp"}) {
            for (const QString block : {"1", "7", "4K", "64K"}) {
                for (const QString threads : {"1", "3"}) {
                    const Output o = sfpbench({"compare", path("a"), path("b"), "--strategy", strategy, "--block",
                                               block, "--threads", threads});
                    const QString where = QString("%1 block %2 threads %3: %4").arg(strategy, block, threads, o.err);
                    QVERIFY2(o.out == expected, qPrintable(where + "\nstdout:\n" + o.out + "\nexpected:\n" + expected));
                    QVERIFY2(o.code == expected_code, qPrintable(where));
                    QVERIFY2(o.err.contains("real "), qPrintable(where));
                    if (size_a != size_b) QVERIFY2(o.err.contains("EOF on "), qPrintable(where));
                }
            }
        }
    }

    // Large enough for threads, under the 256 MiB from which the default (adaptive) looks at the
    // folios or probes: mmap-mt at once in 2M stripes dealt round-robin. Mismatches at the
    // stripes' edges and in the rest, as cmp prints them.
    void defaultUnder256MiBPrintsWhatCmpPrints() {
        const std::size_t size = (8u << 20) + 123, stripe = 2u << 20;
        const Bytes a = testing::pattern(size);
        Bytes b = a;
        for (std::size_t f : {std::size_t(5), stripe - 1, stripe, 2 * stripe - 1, 2 * stripe, size / 2, size - 1})
            b[f] = std::uint8_t(~b[f]);
        testing::write_file(path("pa").toStdString(), a);
        testing::write_file(path("pb").toStdString(), b);
        const QByteArray expected = cmp_head(path("pa"), path("pb"));
        for (const QString threads : {"1", "2"}) {
            const Output o = sfpbench({"compare", path("pa"), path("pb"), "--threads", threads});
            QVERIFY2(o.out == expected, qPrintable("stdout:\n" + o.out + "\nexpected:\n" + expected));
            QCOMPARE(o.code, 1);
            QVERIFY2(o.err.contains("adaptive: the common part (8388731) is under 256M -> mmap-mt, stripes of 2M dealt "
                                    "(nothing sampled or probed)"),
                     qPrintable(o.err));
        }
    }

    void jsonPrintsTheWholeResult() {
        testing::write_file(path("j").toStdString(), testing::pattern(100));
        const Output o = sfpbench({"compare", path("j"), path("j"), "--json"});
        QCOMPARE(o.code, 0);
        QVERIFY(o.out.contains("\"status\": \"ok\""));
        QVERIFY(o.out.contains("\"digest\""));
    }

    void badInputIsOneLineAndExitTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command";
        QTest::newRow("unknown strategy") << QStringList{"compare", "@a", "@a", "--strategy", "nope"} << "nope";
        QTest::newRow("block zero") << QStringList{"compare", "@a", "@a", "--block", "0"} << "block";
        QTest::newRow("block text") << QStringList{"compare", "@a", "@a", "--block", "big"} << "big";
        QTest::newRow("threads huge") << QStringList{"compare", "@a", "@a", "--threads", "1025"} << "1025";
        QTest::newRow("one file") << QStringList{"compare", "@a"} << "two files";
        QTest::newRow("missing") << QStringList{"compare", "@a", "@missing"} << "No such file";
        QTest::newRow("directory") << QStringList{"compare", "@a", "@"} << "directory";
        QTest::newRow("fifo") << QStringList{"compare", "@a", "@fifo"} << "FIFO";
        QTest::newRow("device") << QStringList{"compare", "/dev/zero", "@a"} << "character device";
        QTest::newRow("unknown option") << QStringList{"compare", "@a", "@a", "--frob"} << "frob";
        QTest::newRow("max zero") << QStringList{"compare", "@a", "@a", "--max-mismatches", "0"} << "max-mismatches";
    }
    void badInputIsOneLineAndExitTwo() {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        testing::write_file(path("a").toStdString(), testing::pattern(10));
        ::mkfifo(path("fifo").toLocal8Bit().constData(), 0600);
        for (QString& arg : args)
            if (arg.startsWith('@')) arg = path(arg.mid(1));
        const Output o = sfpbench(args);
        QCOMPARE(o.code, 2);
        QVERIFY(o.out.isEmpty());
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY2(o.err.startsWith("sfpbench: ") && o.err.contains(mentions.toUtf8()), o.err.constData());
    }

    // Root reads any file, so as root the case runs as the unprivileged user 'nobody'.
    void unreadableFileIsExitTwo() {
        testing::write_file(path("secret").toStdString(), testing::pattern(10));
        ::chmod(path("secret").toLocal8Bit().constData(), 0);
        QStringList args{"compare", path("secret"), path("secret")};
        Output o;
        if (::geteuid() == 0) {
            ::chmod(dir_.path().toLocal8Bit().constData(), 0755);  // nobody may look inside
            o = run("setpriv", QStringList{"--reuid=65534", "--regid=65534", "--clear-groups", SFPBENCH} + args);
        } else {
            o = sfpbench(args);
        }
        QCOMPARE(o.code, 2);
        QVERIFY(o.err.contains("Permission denied"));
    }

    void helpAndVersion() {
        for (const QString cmd : {"compare", "generate", "strategies"}) {
            const Output o = sfpbench({cmd, "--help"});
            QCOMPARE(o.code, 0);
            QVERIFY2(o.out.contains("Usage:"), qPrintable(cmd));
        }
        const Output v = sfpbench({"--version"});
        QCOMPARE(v.code, 0);
        QVERIFY(v.out.startsWith("sfpbench "));
    }

    // Every strategy's default block is the stripe adaptive gives mmap-mt, so `--strategy mmap-mt`
    // alone runs what the default runs: the help says it, and a run gets it (each scan on its
    // timeline is one stripe of both files). Adaptive reads a small pair in blocks of 4K at most,
    // and its note says which.
    void defaultBlockIsAdaptivesStripe() {
        QVERIFY(sfpbench({"compare", "--help"}).out.contains("(default 256K)"));
        testing::write_file(path("mib").toStdString(), testing::pattern(1u << 20));
        testing::write_file(path("mib2").toStdString(), testing::pattern(1u << 20));  // not the same file: scanned
        const auto scan_sizes = [&](const QStringList& extra) {
            const Output o = sfpbench(
                QStringList{"compare", path("mib"), path("mib2"), "--strategy", "mmap-mt", "--timeline", "--json"} +
                extra);
            QSet<qint64> sizes;
            for (const QJsonValue t : QJsonDocument::fromJson(o.out).object().value("threads").toArray())
                for (const QJsonValue e : t.toObject().value("events").toArray())
                    sizes.insert(e.toObject().value("bytes").toInteger());
            return sizes;
        };
        QCOMPARE(scan_sizes({}), QSet<qint64>{2 * (256 << 10)});
        QCOMPARE(scan_sizes({"--block", "64K"}), QSet<qint64>{2 * (64 << 10)});
        testing::write_file(path("small").toStdString(), testing::pattern(100));
        QVERIFY2(sfpbench({"compare", path("small"), path("small")}).err.contains("block 4K"), "default");
        QVERIFY(sfpbench({"compare", path("small"), path("small"), "--block", "512"}).err.contains("block 512"));
    }

    void strategiesListsTheRegistry() {
        const Output o = sfpbench({"strategies", "compare"});
        QCOMPARE(o.code, 0);
        for (const char* name : {"read", "pread-mt", "mmap", "mmap-mt", "adaptive", "cmp"})
            QVERIFY2(o.out.contains(QByteArray(" ") + name + " "), name);
    }

    void generateThenCompareFindsTheOffsets() {
        if (!have_cmp_) QSKIP("cmp is not installed: nothing to compare the output with");
        const Output g =
            sfpbench({"generate", "pair", path("ga"), path("gb"), "--size", "1M", "--mismatch-at", "0,5000,1048575"});
        QCOMPARE(g.code, 0);
        QCOMPARE(QFileInfo(path("ga")).size(), 1 << 20);
        const Output c = sfpbench({"compare", path("ga"), path("gb")});
        QCOMPARE(c.code, 1);
        QCOMPARE(c.out, cmp_head(path("ga"), path("gb")));
        QCOMPARE(c.out.count('\n'), 3);
    }
};

QTEST_GUILESS_MAIN(TestCliCompare)
#include "test_cli_compare.moc"
