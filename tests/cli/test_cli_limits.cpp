// `sfpbench limits` as a user runs it: --quick --json measures every limit once and prints its
// shape (a positive median for each, or why it cannot be measured here), keeps them in the
// workspace and reuses them; bad flags exit 2; Ctrl-C exits 130 keeping nothing and leaving no
// scratch file. (It measures for real: the only tests that do.)
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>
#include <thread>

#include "support/cli_process.hpp"

namespace {

const QStringList kKeys = {"memory-read",       "two-stream-read",   "page-cache-read",
                           "mapped-scan-large", "mapped-scan-small", "page-cache-write",
                           "device-read-qd1",   "device-read-qd32",  "small-files-cold"};

QStringList scratch_dirs(const QString& workdir) {
    return QDir(workdir).entryList({".sfp-limits-*"}, QDir::Dirs | QDir::Hidden);
}

}  // namespace

class TestCliLimits : public QObject {
    Q_OBJECT
private slots:
    void quickJsonMeasuresEveryLimitOnceAndKeepsThem() {
        QTemporaryDir dir(QDir::currentPath() + "/limits-XXXXXX");  // the build tree's filesystem: O_DIRECT works
        const QString ws = dir.filePath("ws");
        const testing::Output first = testing::sfpbench({"limits", "--quick", "--json", "--workdir", ws});
        QVERIFY2(first.code == 0, first.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(first.out).object();
        QVERIFY(!j["fingerprint"].toString().isEmpty());
        QCOMPARE(j["cache"].toString(), ws + "/limits.txt");
        QCOMPARE(j["measured_now"].toArray().size(), kKeys.size());
        QStringList keys;
        for (const QJsonValue& v : j["entries"].toArray()) {
            const QJsonObject e = v.toObject();
            keys << e["key"].toString();
            QVERIFY(!e["name"].toString().isEmpty());
            QVERIFY(e["quick"].toBool());
            QVERIFY2(e["unavailable"].isNull(), qPrintable(e["key"].toString() + ": " + e["unavailable"].toString()));
            QVERIFY(!e["method"].toString().isEmpty());
            const QJsonArray points = e["points"].toArray();
            QVERIFY(!points.isEmpty());
            for (const QJsonValue& p : points) {
                const QJsonObject o = p.toObject();
                QVERIFY(o["threads"].toInt() >= 1);
                QCOMPARE(o["rates"].toArray().size(), 3);  // the quick budget's repetitions
                QVERIFY(o["median"].toDouble() > 0);
                QVERIFY(o["min"].toDouble() <= o["median"].toDouble() && o["median"].toDouble() <= o["max"].toDouble());
            }
        }
        QCOMPARE(keys, kKeys);
        QVERIFY(QFile::exists(ws + "/limits.txt"));
        QVERIFY(scratch_dirs(ws).isEmpty());

        const testing::Output again = testing::sfpbench({"limits", "--quick", "--workdir", ws});  // kept: reused
        QVERIFY2(again.code == 0, again.err.constData());
        QVERIFY2(again.out.contains("two-stream memory read") && again.out.contains("cached in"), again.out.constData());
        QVERIFY(!again.err.contains("measured"));
    }

    void badFlagsExit2() {
        QTemporaryDir dir;
        QCOMPARE(testing::sfpbench({"limits", "--bogus"}).code, 2);
        QCOMPARE(testing::sfpbench({"limits", "extra"}).code, 2);
        QFile file(dir.filePath("a-file"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const testing::Output r = testing::sfpbench({"limits", "--quick", "--workdir", file.fileName()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(file.fileName().toUtf8()), r.err.constData());
        QCOMPARE(testing::sfpbench({"limits", "--help"}).code, 0);
    }

    void ctrlCKeepsNothing() {
        QTemporaryDir dir(QDir::currentPath() + "/limits-XXXXXX");
        const QString ws = dir.filePath("ws");
        QProcess p;
        p.start(QStringLiteral(SFPBENCH), {"limits", "--workdir", ws});  // the full budget: long enough to interrupt
        QVERIFY(p.waitForStarted());
        // Its scratch directory appears when the first file-based limit starts: measuring is under way.
        for (int i = 0; i < 1200 && scratch_dirs(ws).isEmpty() && p.state() == QProcess::Running; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QVERIFY2(!scratch_dirs(ws).isEmpty(), "no measurement under way");
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(p.readAllStandardError().contains("cancelled: nothing kept"));
        QVERIFY(!QFile::exists(ws + "/limits.txt"));
        QVERIFY(scratch_dirs(ws).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliLimits)
#include "test_cli_limits.moc"
