// write_atomically: the file appears whole or not at all; a failure names the path and the
// reason, leaves the old content alone and no temporary file behind.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/mount.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>

#include "atomic_write.hpp"

namespace {

QByteArray content_of(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void expect_failure(const QString& path, const QString& reason) {
    try {
        core::write_atomically(path, "new content");
        QFAIL("write succeeded");
    } catch (const core::ExportError& e) {
        const QString what = e.what();
        QVERIFY2(what.startsWith("cannot write '" + path + "': "), e.what());
        QVERIFY2(what.contains(reason, Qt::CaseInsensitive), e.what());
    }
}

}  // namespace

class TestAtomicWrite : public QObject {
    Q_OBJECT
private slots:
    void writesAndReplaces() {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.csv");
        core::write_atomically(path, "first");
        core::write_atomically(path, "second, longer");
        QCOMPARE(content_of(path), QByteArray("second, longer"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"out.csv"});
    }

    void missingDirectory() {
        QTemporaryDir dir;
        expect_failure(dir.filePath("no/such/dir/out.csv"), "No such file or directory");
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{});
    }

    void targetIsADirectory() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("taken"));
        expect_failure(dir.filePath("taken"), "directory");
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{"taken"});
    }

    // Root writes into any directory whatever its mode, so as root the directory is a
    // filesystem mounted read-only instead.
    void readOnlyDirectoryKeepsTheOldFile() {
        QTemporaryDir dir;
        const QString sub = dir.filePath("ro");
        QVERIFY(QDir().mkdir(sub));
        const QByteArray mnt = sub.toLocal8Bit();
        const bool root = geteuid() == 0;
        if (root && ::mount("tmpfs", mnt.constData(), "tmpfs", 0, "size=64k") != 0)
            QSKIP("as root, a read-only directory needs a mount, which is not permitted here");
        const QString path = sub + "/out.csv";
        core::write_atomically(path, "old");
        if (root)
            QCOMPARE(::mount(nullptr, mnt.constData(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr), 0);
        else
            QVERIFY(QFile::setPermissions(sub, QFile::ReadOwner | QFile::ExeOwner));
        expect_failure(path, root ? "Read-only file system" : "Permission denied");
        QCOMPARE(content_of(path), QByteArray("old"));
        QCOMPARE(QDir(sub).entryList(QDir::Files | QDir::Hidden), QStringList{"out.csv"});
        if (root)
            QCOMPARE(::umount(mnt.constData()), 0);
        else
            QVERIFY(QFile::setPermissions(sub, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    }

    void failedWriteLeavesNoTemporary() {
        // A write that fails halfway, even for root: the file size limit (EFBIG, not SIGXFSZ).
        QTemporaryDir dir;
        const QString path = dir.filePath("out.csv");
        core::write_atomically(path, "old");
        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = saved;
        small.rlim_cur = 4096;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        bool threw = false;
        try {
            core::write_atomically(path, QByteArray(1 << 20, 'x'));
        } catch (const core::ExportError& e) {
            threw = QString(e.what()).startsWith("cannot write '" + path + "': ");
        }
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, old_handler);
        QVERIFY(threw);
        QCOMPARE(content_of(path), QByteArray("old"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"out.csv"});
    }
};

QTEST_APPLESS_MAIN(TestAtomicWrite)
#include "test_atomic_write.moc"
