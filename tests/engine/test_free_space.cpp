// The free-space precheck judges what statfs states: a filesystem that states no size (ramfs:
// f_blocks 0, yet it grows) is not "full", and a kernel pseudo-filesystem (proc, sysfs) is
// refused as no place for files, not for "no room". statfs results are made up here, so every
// kind is checked on any machine; /proc is checked for real.
#include <linux/magic.h>
#include <sys/vfs.h>

#include <QtTest>

#include "io/free_space.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/failure.hpp"

namespace {

struct statfs stated(unsigned long type, std::uint64_t blocks, std::uint64_t available) {
    struct statfs fs {};
    fs.f_type = static_cast<decltype(fs.f_type)>(type);
    fs.f_blocks = blocks;
    fs.f_bfree = available;
    fs.f_bavail = available;
    fs.f_bsize = 4096;
    fs.f_frsize = 4096;
    return fs;
}

}  // namespace

class TestFreeSpace : public QObject {
    Q_OBJECT
private slots:
    void aStatedSizeIsTheRoomLeft() {
        const sfp::StatedSpace s = sfp::stated_space(stated(EXT4_SUPER_MAGIC, 1000, 10));
        QVERIFY(s.free && *s.free == 40960);
        QVERIFY(!s.pseudo);
        const sfp::StatedSpace full = sfp::stated_space(stated(TMPFS_MAGIC, 1000, 0));
        QVERIFY(full.free && *full.free == 0);  // a full tmpfs is full
    }
    void ramfsStatesNoSize() {
        const sfp::StatedSpace s = sfp::stated_space(stated(RAMFS_MAGIC, 0, 0));
        QVERIFY(!s.free);  // unknown, not 0
        QVERIFY(!s.pseudo);
    }
    void pseudoFilesystemsAreNoPlaceForFiles() {
        for (unsigned long type : {PROC_SUPER_MAGIC, SYSFS_MAGIC, CGROUP2_SUPER_MAGIC}) {
            const sfp::StatedSpace s = sfp::stated_space(stated(type, 0, 0));
            QVERIFY(s.pseudo);
            QVERIFY(!s.free);
        }
        QCOMPARE(std::string(sfp::stated_space(stated(PROC_SUPER_MAGIC, 0, 0)).pseudo), std::string("proc"));
    }
    void procIsRefusedForWhatItIs() {
        try {
            sfp::require_free_space("/proc/sfpbench-test-data", 1);
            QFAIL("a write to /proc passed the free-space check");
        } catch (const sfp::Failure& f) {
            const std::string what = f.what();
            QVERIFY2(what.find("'/proc/sfpbench-test-data'") != std::string::npos, f.what());
            QVERIFY2(what.find("kernel pseudo-filesystem") != std::string::npos, f.what());
            QVERIFY2(what.find("free") == std::string::npos, f.what());  // not "only 0 bytes are free"
        }
    }
};

QTEST_GUILESS_MAIN(TestFreeSpace)
#include "test_free_space.moc"
