// `sfpbench cipher` and its digest: printed only with --digest (as "HEX  OUT", equal to the digest
// computed here from the output file), absent without it from standard output and from --json.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "support/cipher_digest_reference.hpp"
#include "support/cli_process.hpp"

namespace {

using testing::Output;
using testing::sfpbench;

QByteArray read_all(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray hex16(std::uint64_t v) { return QByteArray::number(qulonglong(v), 16).rightJustified(16, '0'); }

}  // namespace

class TestCliCipher : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString path(const QString& name) const { return dir_.path() + "/" + name; }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QByteArray in;
        for (int i = 0; i < 3 * 4096 + 77; ++i) in += char((i * 131 + i / 7) & 0xff);  // a partial last granule
        QFile f(path("in"));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(in) == in.size());
    }

    // The command's block is 256K, not larger (one_run_commands.cpp says why): the help says it,
    // and auto's note on an input of one block names it; --block overrides it.
    void defaultBlockIs256K() {
        QVERIFY(sfpbench({"cipher", "--help"}).out.contains("(default 256K)"));
        QFile f(path("one-block"));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(QByteArray(200000, 'a')) == 200000);
        f.close();
        const Output run = sfpbench({"cipher", path("one-block"), path("one-block.out"), "--shift", "1"});
        QVERIFY2(run.err.contains("is one block (256K) or less"), run.err.constData());
        const Output given =
            sfpbench({"cipher", path("one-block"), path("one-block.out"), "--shift", "1", "--block", "128K"});
        QVERIFY2(given.err.contains("is under 2M"), given.err.constData());
    }

    void digestOnlyWhenAsked_data() {
        QTest::addColumn<QString>("strategy");
        for (const char* s : {"auto", "stream", "mmap-mt", "pool", "cp"}) QTest::newRow(s) << QString(s);
    }
    void digestOnlyWhenAsked() {
        QFETCH(QString, strategy);
        const QStringList run = {"cipher", path("in"), path("out"), "--shift", "5", "--strategy", strategy};
        const Output plain = sfpbench(run);
        QVERIFY2(plain.code == 0, plain.err.constData());
        QVERIFY(plain.out.isEmpty());

        const Output asked = sfpbench(run + QStringList{"--digest"});
        QVERIFY2(asked.code == 0, asked.err.constData());
        const QByteArray expected = hex16(testing::reference_cipher_digest(read_all(path("out")).toStdString()));
        QCOMPARE(asked.out, expected + "  " + path("out").toUtf8() + "\n");

        const QJsonObject bare = QJsonDocument::fromJson(sfpbench(run + QStringList{"--json"}).out).object();
        QCOMPARE(bare.value("digest").toString(), QString());
        QVERIFY(!bare.value("outcome").toObject().contains("output_granules_xxh3"));
        QCOMPARE(bare.value("outcome").toObject().value("output_bytes").toInteger(), qint64(3 * 4096 + 77));

        const Output both = sfpbench(run + QStringList{"--json", "--digest"});
        const QJsonObject json = QJsonDocument::fromJson(both.out).object();
        QCOMPARE(json.value("outcome").toObject().value("output_granules_xxh3").toString().toUtf8(), expected);
        QCOMPARE(json.value("digest").toString().size(), 16);
    }
};

QTEST_GUILESS_MAIN(TestCliCipher)
#include "test_cli_cipher.moc"
