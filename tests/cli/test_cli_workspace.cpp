// The workspace and earlier results under attack: `clean` while a run uses the workspace, the
// temporaries a SIGKILL leaves, a run interrupted before its first result, a read-only or too
// small workspace, --threads 0. Every child is bounded (a hang fails in seconds); each case
// checks the exit status, the message and that no earlier file changed.
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QtTest>
#include <algorithm>

#include "fault_support.hpp"

namespace {

using namespace faults;

int lines_of(const std::string& text) { return int(std::count(text.begin(), text.end(), '\n')); }

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Whether process `pid` holds a lock on `file` (its line in /proc/locks names pid and inode).
bool holds_lock(pid_t pid, const std::string& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) return false;
    std::ifstream locks("/proc/locks");
    std::string line;
    while (std::getline(locks, line))
        if (line.find(" " + std::to_string(pid) + " ") != std::string::npos &&
            line.find(":" + std::to_string(st.st_ino) + " ") != std::string::npos)
            return true;
    return false;
}

}  // namespace

class TestCliWorkspace : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::vector<std::string> mounted_;
    std::string scratch() const { return dir_.path().toStdString(); }
    std::string path(const std::string& name) const { return scratch() + "/" + name; }

    // A small tmpfs in this test's own mount namespace (main()); read-only when asked.
    std::optional<std::string> small_filesystem(const std::string& name, const char* size, bool read_only = false) {
        const std::string mnt = path(name);
        ::mkdir(mnt.c_str(), 0755);
        if (!cannot_mount.empty()) return std::nullopt;
        if (::mount("tmpfs", mnt.c_str(), "tmpfs", read_only ? MS_RDONLY : 0, (std::string("size=") + size).c_str()) !=
            0) {
            cannot_mount = "mounting a tmpfs failed: " + std::string(std::strerror(errno));
            return std::nullopt;
        }
        mounted_.push_back(mnt);
        return mnt;
    }

public:
    static inline std::string cannot_mount;

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }
    void cleanupTestCase() {
        for (const std::string& m : mounted_) ::umount2(m.c_str(), MNT_DETACH);
    }

    // A running experiment holds its workspace: clean refuses naming the process, or with
    // --wait waits for its end; the run's inputs are never removed under it. The run is held
    // still with SIGSTOP once it holds the lock, so nothing here races it.
    void cleanRefusesWhileARunUsesTheWorkspace() {
        const std::string ws = path("busy-ws");
        Launch run;
        run.args = {"run", "--algorithm", "wordcount", "--strategies", "loop", "--block", "512",           "--sizes",
                    "8M",  "--reps",      "200",       "--workdir",    ws,     "--csv",   path("busy.csv")};
        const std::string input = ws + "/text-8M-seed1.txt";
        const pid_t pid = start(run, scratch());
        KillAtExit guard{pid};
        bool ready = false;  // holding the workspace, its input made
        for (int i = 0; i < 20000 && !(ready = holds_lock(pid, ws + "/.sfpbench.lock") &&
                                               QFileInfo::exists(QString::fromStdString(input)));
             ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QVERIFY2(ready, "the run never held its workspace with its input made");
        ::kill(pid, SIGSTOP);
        const Ended refused = sfpbench({"clean", "--workdir", ws}, scratch());
        QVERIFY2(refused.code == 2 && lines_of(refused.err) == 1, refused.err.c_str());
        QVERIFY2(refused.err.find("pid " + std::to_string(pid)) != std::string::npos &&
                     refused.err.find("sfpbench run") != std::string::npos && refused.err.find(ws) != std::string::npos,
                 refused.err.c_str());
        QVERIFY(QFileInfo::exists(QString::fromStdString(input)));  // its input is still there
        Launch waiting;
        waiting.args = {"clean", "--workdir", ws, "--wait"};
        const std::string apart = path("cleaner");  // its output files apart from the run's
        ::mkdir(apart.c_str(), 0755);
        const pid_t cleaner = start(waiting, apart);
        KillAtExit cleaner_guard{cleaner};
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        int status = 0;
        QCOMPARE(waitpid(cleaner, &status, WNOHANG), 0);  // still waiting: the run holds the workspace
        ::kill(pid, SIGCONT);
        ::kill(pid, SIGINT);
        const Ended ended = finish(pid, run, scratch());
        guard.disarm();
        QVERIFY2(ended.code == 130, ended.err.c_str());
        const Ended cleaned = finish(cleaner, waiting, apart);
        cleaner_guard.disarm();
        QVERIFY2(cleaned.code == 0 && !cleaned.hung, cleaned.err.c_str());
        QVERIFY(!QFileInfo::exists(QString::fromStdString(input)));
    }

    // SIGKILL leaves a generator's temporary behind; the next write beside it sweeps it (its
    // writer is gone: nobody holds its lock), a live writer's (locked) is kept, and clean sweeps
    // the workspace's likewise.
    void temporariesOfAKilledWriterAreSwept() {
        const std::string out = path("killed.bin");
        Launch gen;
        gen.args = {"generate", "random", out, "--size", "1G"};
        const pid_t pid = start(gen, scratch());
        // Killed the moment its temporary appears: it appears already tagged and locked (O_TMPFILE
        // + linkat), so whatever the moment, the next write beside it sweeps it.
        bool appeared = false;
        for (int i = 0; i < 20000 && !(appeared = !temporaries(dir_.path()).isEmpty()); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QVERIFY2(appeared, "generate made no temporary");
        ::kill(pid, SIGKILL);
        finish(pid, gen, scratch());
        const QStringList left = temporaries(dir_.path());
        QCOMPARE(left.size(), 1);
        const std::string other = tool_temporary(scratch(), ".other.sfp-Live12", "");
        const int live = ::open(path(other).c_str(), O_WRONLY, 0644);
        QVERIFY(live >= 0);
        QCOMPARE(::flock(live, LOCK_EX), 0);  // this test is its writer, alive
        const Ended again = sfpbench({"generate", "random", path("another.bin"), "--size", "4K"}, scratch());
        QVERIFY2(again.code == 0, again.err.c_str());
        QCOMPARE(temporaries(dir_.path()), QStringList{QString::fromStdString(other)});
        ::close(live);
        ::unlink(path(other).c_str());

        const std::string ws = path("sweep-ws");
        ::mkdir(ws.c_str(), 0755);
        const std::string stale = tool_temporary(ws, ".text-1M-seed1.txt.sfp-AbC123", "left by a killed writer");
        const Ended cleaned = sfpbench({"clean", "--workdir", ws}, scratch());
        QVERIFY2(cleaned.code == 0 && cleaned.out.find(stale) != std::string::npos, cleaned.err.c_str());
        QCOMPARE(temporaries(QString::fromStdString(ws)), QStringList());
    }

    // The second killed writer: a limits measurement killed while its scratch directory holds
    // its files (hundreds of MB) left `.sfp-limits-XXXXXX`, which only a later measurement
    // swept -- never `clean` or a run. Now a tagged, locked temporary like any other: `clean`
    // takes it once its writer is gone.
    void aKilledLimitsMeasurementsScratchIsSwept() {
        const std::string ws = path("limits-ws");
        const auto scratch_dirs =
            [&] {  // the old name and the temporary's: ".sfp-limits-XXXXXX", ".sfp-limits.sfp-..."
                return QDir(QString::fromStdString(ws)).entryList({".sfp-limits*"}, QDir::Dirs | QDir::Hidden);
            };
        Launch l;
        l.args = {"limits", "--refresh", "--only", "page-cache-read", "--workdir", ws};
        const pid_t pid = start(l, scratch());
        // Killed once the scratch carries its tag: a directory has no O_TMPFILE, so between mkdtemp
        // and the tagging rename there is an untagged instant no sweep may take (docs/limits.md).
        const QRegularExpression tagged(QStringLiteral("\\.sfp-[A-Za-z0-9]{6}-[0-9a-f]{8}$"));
        bool appeared = false;
        for (int i = 0; i < 20000 && !(appeared = !scratch_dirs().filter(tagged).isEmpty()); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        ::kill(pid, SIGKILL);
        finish(pid, l, scratch());
        QVERIFY2(appeared, "limits made no scratch directory");
        QCOMPARE(scratch_dirs().size(), 1);
        const Ended cleaned = sfpbench({"clean", "--workdir", ws}, scratch());
        QVERIFY2(cleaned.code == 0, cleaned.err.c_str());
        QCOMPARE(scratch_dirs(), QStringList());
    }

    // Interrupted before its first run completed: every earlier export stays exactly as it was,
    // and the message says so.
    void anInterruptedRunKeepsEarlierOutputs() {
        for (const char* f : {"keep.csv", "keep.json", "keep.md"}) write(path(f), std::string("earlier ") + f + "\n");
        Launch l;
        l.args = {"run",   "--sizes",        "512M",   "--strategies",    "read",       "--workdir",    path("int-ws"),
                  "--csv", path("keep.csv"), "--json", path("keep.json"), "--markdown", path("keep.md")};
        const pid_t pid = start(l, scratch());
        // Ready once it generates: the workspace's manifest lists the input first. Catching SIGINT
        // is not enough -- the lean sfpbench catches it too, then hands `run` to sfpbench-full and
        // exits 130 silently for a signal that came before (nothing written, nothing to say).
        const std::string manifest = path("int-ws") + "/sfpbench-manifest.txt";
        bool generating = false;
        for (int wait = 0; wait < 10000 && !(generating = QFileInfo::exists(QString::fromStdString(manifest))); ++wait)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QVERIFY(generating);
        ::kill(pid, SIGINT);  // while it generates its 512M inputs: no run can have completed
        const Ended r = finish(pid, l, scratch());
        QVERIFY2(r.code == 130 && !r.hung, r.err.c_str());
        QVERIFY2(r.err.find("cancelled before any run completed") != std::string::npos &&
                     r.err.find("left as they were") != std::string::npos,
                 r.err.c_str());
        for (const char* f : {"keep.csv", "keep.json", "keep.md"})
            QCOMPARE(slurp(path(f)), std::string("earlier ") + f + "\n");
        QCOMPARE(temporaries(dir_.path()), QStringList());
        QCOMPARE(temporaries(QString::fromStdString(path("int-ws"))), QStringList());
    }

    // A read-only workspace is refused before anything runs; generate tree checks the space
    // first and names the tree, never its hidden temporary directory; "1 byte" is one byte.
    void workspacesThatCannotHoldTheData() {
        const auto ro = small_filesystem("ro", "1m", true);
        if (!ro) QSKIP(cannot_mount.c_str());
        const Ended r = sfpbench(
            {"run", "--sizes", "4K", "--strategies", "read", "--workdir", *ro, "--csv", path("ro.csv")}, scratch());
        QVERIFY2(r.code == 2 && r.err.find("cannot write in '" + *ro + "'") != std::string::npos, r.err.c_str());
        QVERIFY(!QFileInfo::exists(QString::fromStdString(path("ro.csv"))));
        const auto small = small_filesystem("small", "1m");
        QVERIFY(small);
        const Ended tree = sfpbench({"generate", "tree", *small + "/t", "--size", "4M"}, scratch());
        QVERIFY2(tree.code == 2 && tree.err.find("cannot write") != std::string::npos &&
                     tree.err.find("'" + *small + "'") != std::string::npos &&
                     tree.err.find(".sfp-") == std::string::npos,
                 tree.err.c_str());
        QCOMPARE(QDir(QString::fromStdString(*small)).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList());
        Launch limited;
        limited.args = {"generate", "tree", path("limited-tree"), "--size", "4M"};
        limited.fsize_limit = 16 * 1024;  // the first file over 16K fails
        const Ended named = run(limited, scratch());
        QVERIFY2(named.code == 2 && named.err.find("'" + path("limited-tree") + "'") != std::string::npos &&
                     named.err.find(".sfp-") == std::string::npos &&
                     named.err.find("File too large") != std::string::npos,
                 named.err.c_str());
        QCOMPARE(temporaries(dir_.path()), QStringList());
        std::ofstream fill(*small + "/filler", std::ios::binary);  // full to the last block
        const std::string block(4096, 'x');
        while (fill.write(block.data(), std::streamsize(block.size()))) {}
        const Ended one = sfpbench({"generate", "random", *small + "/one", "--size", "1"}, scratch());
        QVERIFY2(one.code == 2 && one.err.find("cannot write 1 byte to") != std::string::npos, one.err.c_str());
    }

    // --threads 0 means all online CPUs in `run` as everywhere else.
    void threadsZeroIsAllOnlineCPUs() {
        const Ended r =
            sfpbench({"run", "--algorithm", "compare", "--strategies", "pread-mt", "--threads", "0", "--sizes", "4K",
                      "--reps", "1", "--warmup", "0", "--workdir", path("t0-ws"), "--csv", path("t0.csv")},
                     scratch());
        QVERIFY2(r.code == 0, r.err.c_str());
        const std::string csv = slurp(path("t0.csv"));
        const std::string row = csv.substr(csv.find('\n') + 1);
        QVERIFY2(row.starts_with("compare,pread-mt,4096," + std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) + ","),
                 csv.c_str());
    }
};

// Its own mount namespace first, before Qt starts any thread (unshare needs a single thread).
int main(int argc, char** argv) {
    TestCliWorkspace::cannot_mount = enter_private_mounts();
    QCoreApplication app(argc, argv);
    TestCliWorkspace test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_cli_workspace.moc"
