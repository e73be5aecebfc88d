// `sfpbench limits` as a user runs it: --quick --json measures every limit once and prints its
// shape (a positive median for each, or why it cannot be measured here), keeps them in the
// workspace and reuses them; bad flags exit 2; Ctrl-C exits 130 keeping nothing and leaving no
// scratch file. (It measures for real: the only tests that do.)
#include <algorithm>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>
#include <thread>

#include "support/cli_process.hpp"

namespace {

const QStringList kKeys = {"memory-read",       "two-stream-read",  "page-cache-read", "mapped-scan-large",
                           "mapped-scan-small", "page-cache-write", "device-read-qd1", "device-read-qd32",
                           "small-files-cold",  "small-files-hot"};

QStringList scratch_dirs(const QString& workdir) {
    return QDir(workdir).entryList({".sfp-limits*"}, QDir::Dirs | QDir::Hidden);
}

// The kept limits made certain by hand, as a quiet machine measures them (at least 5 undisturbed
// passes a point): a kept uncertain limit is measured again by every lookup that may measure
// (test_limits a_kept_uncertain_limit_is_measured_again), which would make reuse here depend on
// how busy the machine running the tests is.
void make_certain(const QString& limits_txt) {
    QFile f(limits_txt);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
    f.close();
    for (QString& line : lines) {
        QStringList fields = line.split('\t');
        if (fields.size() < 5 || fields[0] != "passes") continue;
        const int kept = std::max(fields[3].toInt(), 5);
        fields[3] = QString::number(kept);
        fields[2] = QString::number(std::max(fields[2].toInt(), kept));
        line = fields.join('\t');
    }
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(lines.join('\n').toUtf8());
}

// Whether a listing's entry has a point measured with few undisturbed passes.
bool uncertain(const QJsonObject& entry) {
    for (const QJsonValue& p : entry["points"].toArray())
        if (p.toObject()["uncertain"].toBool()) return true;
    return false;
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
                if (o["passes_taken"].isNull()) {  // a device or cold limit: the quick budget's repetitions
                    QCOMPARE(o["rates"].toArray().size(), 3);
                } else {  // a CPU-bound limit: the rates of its undisturbed passes (the fastest alone when none was)
                    const int kept = o["passes_kept"].toInt();
                    QVERIFY(kept <= o["passes_taken"].toInt());
                    QCOMPARE(o["rates"].toArray().size(), std::max(kept, 1));
                }
                QVERIFY(o["median"].toDouble() > 0);
                QVERIFY(o["min"].toDouble() <= o["median"].toDouble() && o["median"].toDouble() <= o["max"].toDouble());
            }
        }
        QCOMPARE(keys, kKeys);
        QVERIFY(QFile::exists(ws + "/limits.txt"));
        QVERIFY(scratch_dirs(ws).isEmpty());

        make_certain(ws + "/limits.txt");
        const testing::Output again = testing::sfpbench({"limits", "--quick", "--workdir", ws});  // kept: reused
        QVERIFY2(again.code == 0, again.err.constData());
        QVERIFY2(again.out.contains("two-stream memory read") && again.out.contains("cached in"),
                 again.out.constData());
        QVERIFY2(!again.err.contains(" limit(s) in "), again.err.constData());  // nothing measured again
        const QJsonObject base =
            QJsonDocument::fromJson(testing::sfpbench({"limits", "--quick", "--json", "--workdir", ws}).out).object();
        QCOMPARE(base["measured_now"].toArray().size(), 0);

        // --only refreshes one limit, prints it alone, and keeps the others as they were.
        const testing::Output one = testing::sfpbench(
            {"limits", "--quick", "--refresh", "--only", "two-stream-read", "--json", "--workdir", ws});
        QVERIFY2(one.code == 0, one.err.constData());
        const QJsonObject oj = QJsonDocument::fromJson(one.out).object();
        QCOMPARE(oj["measured_now"].toArray(), QJsonArray{"two-stream-read"});
        QCOMPARE(oj["entries"].toArray().size(), 1);
        QCOMPARE(oj["entries"].toArray()[0].toObject()["key"].toString(), QString("two-stream-read"));
        const QJsonObject all =
            QJsonDocument::fromJson(testing::sfpbench({"limits", "--quick", "--json", "--workdir", ws}).out).object();
        // the refreshed one measured again only when it came out uncertain (a busy machine)
        QCOMPARE(all["measured_now"].toArray().size(), uncertain(oj["entries"].toArray()[0].toObject()) ? 1 : 0);
        QCOMPARE(all["entries"].toArray().size(), kKeys.size());
        for (const QJsonValue& v : all["entries"].toArray())  // the kept ones untouched, the refreshed one new
            if (v.toObject()["key"].toString() != "two-stream-read")
                QVERIFY2(base["entries"].toArray().contains(v), qPrintable(v.toObject()["key"].toString()));
        make_certain(ws + "/limits.txt");  // below, the kept file as it is: nothing measured again

        // The load before measuring is recorded (its value is the machine's: only its shape here), and
        // the table shows it. Limits taken by undisturbed passes hold under load: a busy moment alone
        // brings no warning (only medians of an older file's repetitions, or few kept passes, do).
        QVERIFY(j["load_1min"].toDouble(-1) >= 0);
        QVERIFY(j["online_cpus"].toInt() >= 1);
        QFile kept(ws + "/limits.txt");
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(kept.readAll());
        kept.close();
        text.replace(QRegularExpression("\nload\t[^\n]*\n"), "\nload\t3\t2\n");  // a busy moment, made up
        QVERIFY(text.contains("\nload\t3\t2\n"));
        QVERIFY(kept.open(QIODevice::WriteOnly | QIODevice::Truncate));
        kept.write(text.toUtf8());
        kept.close();
        const testing::Output busy = testing::sfpbench({"limits", "--quick", "--workdir", ws});
        QVERIFY2(busy.code == 0, busy.err.constData());
        QVERIFY2(busy.out.contains("at load average 3.00 on 2 CPUs"), busy.out.constData());
        QCOMPARE(busy.err.count("`sfpbench limits --refresh` on a quiet machine"), 0);
    }

    // A one-run command's --json carries the share of its limit as run's report does: the limits
    // of SFPBENCH_LIMITS (a file written here by hand), none when no limits are kept.
    void oneRunJsonHasTheShareOfItsLimit() {
        QTemporaryDir dir;
        const QString limits = dir.filePath("limits.txt"), in = dir.filePath("in"), other = dir.filePath("other");
        QFile f(limits);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "sfpbench-limits 1\nfingerprint\tmade up\ndevice\t/dev/fake\nmeasured_at\t2026-01-01T00:00:00Z\n"
            "load\t0.5\t2\n"
            "limit\ttwo-stream-read\nquick\t0\nmethod\tmade up\nunavailable\t\nbytes_per_file\t0\n"
            "point\t1\t10000000000\npoint\t2\t20000000000\n"
            "limit\tpage-cache-read\nquick\t0\nmethod\tmade up\nunavailable\t\nbytes_per_file\t0\n"
            "point\t1\t10000000000\npoint\t2\t18000000000\n"
            "limit\tpage-cache-write\nquick\t0\nmethod\tmade up\nunavailable\t\nbytes_per_file\t0\n"
            "point\t1\t10000000000\npoint\t2\t12000000000\n");
        f.close();
        for (const QString& name : {in, other}) {  // two files: compare reads both (one file twice it does not)
            QFile data(name);
            QVERIFY(data.open(QIODevice::WriteOnly));
            data.write(QByteArray(1 << 20, 'x'));
        }
        const testing::ProcessSetup given{.env = {"SFPBENCH_LIMITS=" + limits}};
        const auto json = [](const testing::Output& o) {
            if (o.code != 0) qWarning("%s", o.err.constData());
            return QJsonDocument::fromJson(o.out).object();
        };
        // compare: two-stream read at its threads; cipher: 1 / (1/10 + 1/10) = 5 GB/s a thread,
        // with 2 threads on 2 CPUs the least of 18, 12 and 2 x 5 = 10 GB/s.
        struct Case {
            QStringList args;
            double ceiling;
            QString name;
        } cases[] = {
            {{"compare", in, other, "--strategy", "read"}, 10e9, "two-stream memory read, 1 thread"},
            {{"compare", in, other, "--strategy", "mmap-mt", "--threads", "2"},
             20e9,
             "two-stream memory read, 2 threads"},
            {{"cipher", in, dir.filePath("out"), "--shift", "1", "--strategy", "stream"},
             5e9,
             "page-cache read + page-cache write, 1 thread"},
            {{"cipher", in, dir.filePath("out"), "--shift", "1", "--strategy", "pool", "--threads", "2"},
             10e9,
             "page-cache read + page-cache write, 2 threads"},
        };
        for (const Case& c : cases) {
            const QJsonObject j = json(testing::sfpbench(c.args + QStringList{"--json"}, given));
            QCOMPARE(j["limit_bytes_per_s"].toDouble(), c.ceiling);
            QCOMPARE(j["limit_name"].toString(), c.name);
            const double pct = j["bytes"].toDouble() / j["real_s"].toDouble() / c.ceiling * 100;
            QVERIFY2(std::abs(j["limit_pct"].toDouble() - pct) < 1e-6 * pct, qPrintable(c.args.join(' ')));
            QVERIFY(j["limit_reason"].isNull());
        }
        // No limits kept in the workspace: null, and why.
        const testing::ProcessSetup none{.env = {"XDG_CACHE_HOME=" + dir.filePath("cache")},
                                         .unset = {"SFPBENCH_LIMITS"}};
        const QJsonObject j = json(testing::sfpbench({"compare", in, other, "--json"}, none));
        QVERIFY(j.contains("limit_pct") && j["limit_pct"].isNull());
        QVERIFY(j["limit_bytes_per_s"].isNull());
        QVERIFY2(j["limit_reason"].toString().contains("`sfpbench limits` measures it"),
                 qPrintable(j["limit_reason"].toString()));
        QVERIFY(!QFile::exists(dir.filePath("cache/sfpbench/limits.txt")));  // looked, never measured
    }

    void badFlagsExit2() {
        QTemporaryDir dir;
        QCOMPARE(testing::sfpbench({"limits", "--bogus"}).code, 2);
        QCOMPARE(testing::sfpbench({"limits", "extra"}).code, 2);
        const testing::Output unknown = testing::sfpbench({"limits", "--only", "two-stream-read,memory-speed"});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.contains("--only: 'memory-speed' is not a limit (one of memory-read, two-stream-read,"),
                 unknown.err.constData());
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
