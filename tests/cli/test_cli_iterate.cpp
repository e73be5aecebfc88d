// `sfpbench iterate` and `sfpbench generate tree` as a user runs them: the output contract,
// `--list --scope full` against `xxhsum -H3`, exit codes for bad input.
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <QtTest>

#include "support/cli_process.hpp"

namespace {

using testing::Output;
using testing::run;

Output sfpbench(const QStringList& args, const QString& cwd = {}) { return testing::sfpbench(args, {.cwd = cwd}); }

// The value of a "key value" line of the summary.
QByteArray field(const QByteArray& out, const QByteArray& key) {
    for (const QByteArray& line : out.split('\n'))
        if (line.startsWith(key + ' ')) return line.mid(key.size() + 1);
    return {};
}

}  // namespace

class TestCliIterate : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString tree_;

private slots:
    void initTestCase() {
        tree_ = dir_.path() + "/tree";
        const Output g = sfpbench({"generate", "tree", tree_, "--files", "300", "--size-mix", "small", "--seed", "5"});
        QVERIFY2(g.code == 0, g.err.constData());
        QCOMPARE(g.out.split(' ').value(0), QByteArray("300"));
    }

    void generateIsReproducibleAndRefusesAFullDirectory() {
        const QString again = dir_.path() + "/again";
        QCOMPARE(sfpbench({"generate", "tree", again, "--files", "300", "--seed", "5"}).code, 0);
        // The paths are part of the digest: hash both from inside, as "./...".
        const QByteArray a = field(sfpbench({"iterate", ".", "--scope", "full"}, tree_).out, "digest");
        const QByteArray b = field(sfpbench({"iterate", ".", "--scope", "full"}, again).out, "digest");
        QVERIFY(!a.isEmpty());
        QCOMPARE(a, b);                                                        // same names, same bytes
        QVERIFY(field(sfpbench({"iterate", "."}, tree_).out, "digest") != a);  // 64K of files up to 400K
        const Output refused = sfpbench({"generate", "tree", again, "--files", "3"});
        QCOMPARE(refused.code, 2);
        QVERIFY(refused.err.contains("not an empty directory"));
        QCOMPARE(sfpbench({"generate", "tree", dir_.path() + "/x", "--size-mix", "huge"}).code, 2);
    }

    void outputContract() {
        const Output o = sfpbench({"iterate", tree_});
        QVERIFY2(o.code == 0, o.err.constData());
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 4);
        QCOMPARE(field(o.out, "files"), QByteArray("300"));
        QCOMPARE(field(o.out, "skipped"), QByteArray("0"));
        QCOMPARE(field(o.out, "digest").size(), 16);
        QVERIFY(o.err.contains("listing ") && o.err.contains("processing "));
        // The default is auto; 300 files are too few to time its candidates on.
        QVERIFY2(o.err.contains("auto chose parallel: too little data to time a probe"), o.err.constData());
        // Every strategy, the same four lines.
        for (const char* s : {"fs", "alpha", "inode", "cluster", "random", "parallel", "prefetch"}) {
            const Output other = sfpbench({"iterate", tree_, "--strategy", s, "--threads", "2"});
            QVERIFY2(other.code == 0, other.err.constData());
            QCOMPARE(other.out, o.out);
        }
    }

    void listFullMatchesXxhsum() {
        if (run("sh", {"-c", "command -v xxhsum"}).code != 0) QSKIP("xxhsum is not installed (package xxhash)");
        const Output o = sfpbench({"iterate", tree_, "--scope", "full", "--list", "--strategy", "alpha"});
        QVERIFY2(o.code == 0, o.err.constData());
        QStringList files;
        QList<QByteArray> ours;
        for (const QByteArray& line : o.out.split('\n'))
            if (line.size() > 18 && line.mid(16, 2) == "  ") {
                ours.append(line);
                files.append(QString::fromUtf8(line.mid(18)));
            }
        QCOMPARE(files.size(), 300);
        const Output x = run("xxhsum", QStringList{"-H3", "--"} + files);
        QCOMPARE(x.code, 0);
        QList<QByteArray> theirs;  // "XXH3 (path) = hex" (0.8.1) in our format
        for (const QByteArray& line : x.out.trimmed().split('\n')) {
            const qsizetype eq = line.lastIndexOf(") = ");
            theirs.append(line.mid(eq + 4) + "  " + line.mid(6, eq - 6));
        }
        QCOMPARE(theirs, ours);
    }

    // An unreadable folder and an unreadable file are skipped and named, never fatal. Root
    // reads anything, so as root the case runs as the unprivileged user 'nobody'.
    void unreadableEntriesAreSkippedAndNamed() {
        const QString locked = dir_.path() + "/locked";
        QVERIFY(QDir().mkpath(locked + "/inner"));
        for (const QString& name : {locked + "/ok", locked + "/secret", locked + "/inner/x"}) {
            QFile f(name);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("data");
        }
        ::chmod(QFile::encodeName(locked + "/secret").constData(), 0);
        ::chmod(QFile::encodeName(locked + "/inner").constData(), 0);
        const QStringList args{"iterate", locked};
        Output o;
        if (::geteuid() == 0) {
            ::chmod(QFile::encodeName(dir_.path()).constData(), 0755);  // nobody may look inside
            o = run("setpriv", QStringList{"--reuid=65534", "--regid=65534", "--clear-groups", SFPBENCH} + args);
        } else {
            o = sfpbench(args);
        }
        ::chmod(QFile::encodeName(locked + "/inner").constData(), 0755);  // so the temporary dir can go
        QVERIFY2(o.code == 0, o.err.constData());
        QCOMPARE(field(o.out, "files"), QByteArray("1"));
        QCOMPARE(field(o.out, "skipped"), QByteArray("2"));
        QVERIFY2(o.err.contains("skipped " + QFile::encodeName(locked) + "/inner: Permission denied"),
                 o.err.constData());
        QVERIFY2(o.err.contains("skipped " + QFile::encodeName(locked) + "/secret: Permission denied"),
                 o.err.constData());
    }

    // `sfpbench evict` (bench/iterate.sh's cold cache for `find | xargs cat`): every file of the
    // tree, the runner's method, and nothing left cached where the kernel can drop it.
    void evictEmptiesTheCacheOfATree() {
        QCOMPARE(sfpbench({"iterate", tree_, "--scope", "full"}).code, 0);  // cached now
        const Output o = sfpbench({"evict", tree_});
        QVERIFY2(o.code == 0, o.err.constData());
        const QRegularExpressionMatch m =
            QRegularExpression(
                "^evicted 300 files: posix_fadvise\\(DONTNEED\\)[^;]*; still cached: (unknown|([0-9.]+)%)\n$")
                .match(QString::fromUtf8(o.out));
        QVERIFY2(m.hasMatch(), o.out.constData());
        struct statfs fs {};
        const bool tmpfs = ::statfs(QFile::encodeName(tree_).constData(), &fs) == 0 && fs.f_type == 0x01021994;
        if (!tmpfs && m.captured(1) != "unknown") QVERIFY2(m.captured(2).toDouble() < 10, o.out.constData());
        const Output missing = sfpbench({"evict", tree_, dir_.path() + "/missing"});
        QCOMPARE(missing.code, 2);
        QVERIFY2(missing.err.contains("missing") && missing.err.contains("No such file"), missing.err.constData());
        QVERIFY(missing.out.isEmpty());
        QCOMPARE(sfpbench({"evict"}).code, 2);
        // A special file named on its own has no cached pages: refused, not "evicted 1 files".
        const QString fifo = dir_.path() + "/evict-fifo";
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const QString& special : {fifo, QString("/dev/null")}) {
            const Output refused = sfpbench({"evict", special});
            QCOMPARE(refused.code, 2);
            QVERIFY2(refused.err.contains(QFile::encodeName(special)) &&
                         refused.err.contains(special == fifo ? "a FIFO" : "a character device"),
                     refused.err.constData());
            QVERIFY(refused.out.isEmpty());
        }
    }

    void badInputExits2() {
        Output o = sfpbench({"iterate", dir_.path() + "/missing"});
        QCOMPARE(o.code, 2);
        QVERIFY(o.err.contains("missing") && o.err.contains("No such file"));
        QVERIFY(o.out.isEmpty());
        QFile f(dir_.path() + "/plain");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        o = sfpbench({"iterate", f.fileName()});
        QCOMPARE(o.code, 2);
        QVERIFY(o.err.contains("not a directory"));
        QCOMPARE(sfpbench({"iterate"}).code, 2);
        QCOMPARE(sfpbench({"iterate", tree_, "--scope", "lots"}).code, 2);
        QCOMPARE(sfpbench({"iterate", tree_, "--strategy", "nope"}).code, 2);
        o = sfpbench({"iterate", tree_, "--strategy", "xxhsum"});  // 64K: xxhsum hashes whole files only
        QCOMPARE(o.code, 2);
        QVERIFY(o.err.contains("scope full"));
    }
};

QTEST_GUILESS_MAIN(TestCliIterate)
#include "test_cli_iterate.moc"
