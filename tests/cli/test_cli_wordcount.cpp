// `sfpbench wordcount` prints exactly what `LC_ALL=C wc` prints, with every strategy, on text files
// Debian installs (one and several at once); the histogram adds up; bad input is one line and exit 2.
#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "support/cli_process.hpp"

namespace {

using testing::licenses;
using testing::Output;
using testing::sfpbench;

Output wc(const QStringList& args) { return testing::run("wc", args, {.env = {"LC_ALL=C"}}); }

const QStringList kStrategies = {"auto",    "strtok", "loop",    "pipeline", "simd",
                                 "striped", "mmap",   "mmap-mt", "files",    "wc"};

// Every byte value three times, next to letters and to each other: GNU wc's C-locale rule (a word
// holds a printable byte; other non-space bytes neither start nor end one) on all 256.
QByteArray every_byte() {
    QByteArray all;
    for (int round = 0; round < 3; ++round)
        for (int v = 0; v < 256; ++v) {
            all += char(v);
            if ((v + round) % 5 == 0) all += 'x';
        }
    return all;
}

}  // namespace

class TestCliWordcount : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.path() + "/" + name; }

private slots:
    void initTestCase() {
        if (licenses().isEmpty()) QSKIP("/usr/share/common-licenses is empty");
    }

    void printsExactlyWhatWcPrints_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QStringList>("flags");
        for (const QString& s : kStrategies) {
            QTest::newRow(qPrintable(s)) << s << QStringList{};
            QTest::newRow(qPrintable(s + " tiny blocks"))
                << s << QStringList{"--block", "7", "--threads", "3", "--packing", "1"};
        }
    }
    void printsExactlyWhatWcPrints() {
        QFETCH(QString, strategy);
        QFETCH(QStringList, flags);
        const QStringList all = licenses();
        for (const QStringList& files : {QStringList{all.first()}, QStringList{all.last()}, all}) {
            const Output want = wc(files);
            QCOMPARE(want.code, 0);
            const Output got = sfpbench(QStringList{"wordcount"} + files + QStringList{"--strategy", strategy} + flags);
            QVERIFY2(got.code == 0, got.err.constData());
            QCOMPARE(got.out, want.out);
            // Timing on stderr only, after auto's note saying what it measured.
            const QByteArray timing = strategy == "auto" ? got.err.mid(got.err.indexOf('\n') + 1) : got.err;
            if (strategy == "auto") QVERIFY2(got.err.startsWith("sfpbench: auto"), got.err.constData());
            QVERIFY2(timing.startsWith("real "), got.err.constData());
        }
    }

    void edgeFilesAsWc() {
        struct File {
            const char* name;
            QByteArray bytes;
        };
        const QList<File> files = {{"empty", ""},
                                   {"separators", " \t\n\v\f\r\n"},
                                   {"no-newline", "one two\nthree"},
                                   {"crlf", "a b\r\nc\r\n"},
                                   {"binary", QByteArray("\0a\0 \xff\x80\n\x01\x02 x\x7f", 13)},
                                   {"long", QByteArray(100000, 'w') + "\n" + QByteArray(70, 'v')},
                                   {"every byte", every_byte()}};
        QStringList paths;
        for (const File& f : files) {
            QFile out(path(f.name));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(f.bytes);
            paths << out.fileName();
        }
        for (const QStringList& set : {QStringList{paths.first()}, paths})
            for (const QString& s : kStrategies) {
                const Output got = sfpbench(QStringList{"wordcount", "--strategy", s, "--threads", "2"} + set);
                QVERIFY2(got.code == 0, got.err.constData());
                QCOMPARE(got.out, wc(set).out);
            }
    }

    // No --strategy: auto, which says on stderr what it chose (too small a file to time a probe).
    void defaultIsAuto() {
        const QStringList file{licenses().first()};
        const Output o = sfpbench(QStringList{"wordcount"} + file);
        QVERIFY2(o.code == 0, o.err.constData());
        QCOMPARE(o.out, wc(file).out);
        QVERIFY2(o.err.startsWith("sfpbench: auto"), o.err.constData());
    }

    void histogramAddsUpToTheWordCount() {
        const QString file = licenses().first();
        const Output h = sfpbench({"wordcount", file, "--histogram"});
        QCOMPARE(h.code, 0);
        const QList<QByteArray> lines = h.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 32);
        qulonglong sum = 0;
        for (int len = 1; len <= 31; ++len) {
            const QList<QByteArray> f = lines[len - 1].split(' ');
            QCOMPARE(f.size(), 2);
            QCOMPARE(f[0].toInt(), len);
            sum += f[1].toULongLong();
        }
        QVERIFY(lines.last().startsWith("words "));
        QCOMPARE(sum, lines.last().mid(6).toULongLong());
        QCOMPARE(lines.last().mid(6).toULongLong(), wc({"-w", file}).out.trimmed().split(' ').first().toULongLong());
        // More separators: more (or as many) words, still adding up.
        const Output more = sfpbench({"wordcount", file, "--histogram", "--separators", ",.\\t"});
        QCOMPARE(more.code, 0);
        QVERIFY(more.out.trimmed().split('\n').last().mid(6).toULongLong() > sum);
        QCOMPARE(sfpbench({"wordcount", file, "--histogram", "--strategy", "wc"}).code, 2);
    }

    void badInputIsOneLineAndExit2() {
        const QString good = licenses().first();
        const QString fifo = path("fifo");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        for (const QString& bad : {path("missing"), dir_.path(), fifo}) {
            const Output o = sfpbench({"wordcount", good, bad});
            QCOMPARE(o.code, 2);
            QCOMPARE(o.out, QByteArray());  // nothing half printed
            QCOMPARE(o.err.count('\n'), 1);
            QVERIFY2(o.err.contains(bad.toUtf8()), o.err.constData());
        }
        QCOMPARE(sfpbench({"wordcount"}).code, 2);
        QCOMPARE(sfpbench({"wordcount", good, "--strategy", "nope"}).code, 2);
        QCOMPARE(sfpbench({"wordcount", good, "--packing", "0"}).code, 2);
        QCOMPARE(sfpbench({"wordcount", good, "--strategy", "pipeline", "--packing", "100001"}).code, 2);
    }

    void jsonCarriesCountsAndHistogram() {
        const Output o = sfpbench({"wordcount", licenses().first(), "--json"});
        QCOMPARE(o.code, 0);
        const QJsonObject total = QJsonDocument::fromJson(o.out).object()["outcome"].toObject()["total"].toObject();
        QCOMPARE(total["histogram"].toArray().size(), 31);
        QVERIFY(total["words"].toInteger() > 0);
    }
};

QTEST_APPLESS_MAIN(TestCliWordcount)
#include "test_cli_wordcount.moc"
