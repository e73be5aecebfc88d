// The workspace: generated data named by kind/size/seed and reused; `clean` removes exactly
// the files the manifest lists (and their temporary leftovers), never anything else.
#include <fcntl.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <QtTest>
#include <fstream>

#include "io/atomic_output.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"
#include "sfp/limits.hpp"
#include "sfp/workspace.hpp"
#include "workspace/manifest.hpp"

namespace {

void write_file(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

bool exists(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;
}

ino_t inode_of(const std::string& path) {
    struct stat st {};
    ::stat(path.c_str(), &st);
    return st.st_ino;
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// What a writer killed before its rename leaves beside `target`: a temporary named and tagged
// as AtomicOutput names it (io/atomic_output.hpp), holding `text`. Returns its path.
std::string leftover(const std::string& target, const std::string& text) {
    std::string made = sfp::temporary_pattern(target);
    const int fd = ::mkstemp(made.data());
    const std::string marked = sfp::mark_temporary(made, fd);
    ::close(fd);
    write_file(marked, text);
    return marked;
}

// Whether calling `f` throws sfp::Failure whose message holds `words`.
template <class F>
bool refused(F&& f, const std::string& words) {
    try {
        f();
    } catch (const sfp::Failure& e) {
        if (std::string(e.what()).find(words) != std::string::npos) return true;
        qWarning("%s", e.what());
    }
    return false;
}

}  // namespace

class TestWorkspace : public QObject {
    Q_OBJECT
private slots:
    // The rule checked on values, never by setenv: this process has Qt's watchdog thread, whose
    // first getenv (QTEST_FUNCTION_TIMEOUT) comes as the first test function starts -- a setenv
    // then races it (undefined behaviour).
    void defaultFollowsXdg() {
        QCOMPARE(sfp::default_workdir_for("/var/cache/me", "/home/someone"), std::string("/var/cache/me/sfpbench"));
        // A relative $XDG_CACHE_HOME is invalid per the XDG spec: ignored.
        QCOMPARE(sfp::default_workdir_for("relative/dir", "/home/someone"),
                 std::string("/home/someone/.cache/sfpbench"));
        QCOMPARE(sfp::default_workdir_for("", "/home/someone"), std::string("/home/someone/.cache/sfpbench"));
        QCOMPARE(sfp::default_workdir_for(nullptr, "/home/someone"), std::string("/home/someone/.cache/sfpbench"));
        // default_workdir applies it to this environment, read as it is.
        const char* xdg = std::getenv("XDG_CACHE_HOME");
        const char* home = std::getenv("HOME");
        if (home && *home) QCOMPARE(sfp::default_workdir(), sfp::default_workdir_for(xdg, home));
    }

    void namesCarryKindSizeAndSeed() {
        const auto pair = sfp::generated_paths("/w", "pair", 64 << 20, 7);
        QCOMPARE(pair.size(), std::size_t(2));
        QCOMPARE(pair[0], std::string("/w/pair-64M-seed7-a.bin"));
        QCOMPARE(pair[1], std::string("/w/pair-64M-seed7-b.bin"));
        QCOMPARE(sfp::generated_paths("/w", "random", 1000, 1).front(), std::string("/w/random-1000-seed1.bin"));
        QCOMPARE(sfp::generated_paths("/w", "text", 4096, 2).front(), std::string("/w/text-4K-seed2.txt"));
        QCOMPARE(sfp::generated_paths("/w", "tree", 1 << 30, 3).front(),
                 std::string("/w/tree-1G-seed3"));  // a directory
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::generated_paths("/w", "bogus", 1, 1));
    }

    void generatesOnceThenReuses() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString() + "/nested/ws";  // made on demand
        const auto paths = sfp::ensure_generated(dir, "pair", 10000, 3);
        QCOMPARE(paths.size(), std::size_t(2));
        const std::string a = read_all(paths[0]), b = read_all(paths[1]);
        QCOMPARE(a.size(), std::size_t(10000));
        QCOMPARE(b.size(), std::size_t(10000));
        // The pair differs exactly in the middle and the last byte.
        for (std::size_t i = 0; i < a.size(); ++i) {
            const bool differs = a[i] != b[i];
            QCOMPARE(differs, i == 5000 || i == 9999);
        }
        QCOMPARE(std::uint8_t(a[123]), sfp::random_byte_at(123, 3));

        const ino_t before = inode_of(paths[0]);
        QCOMPARE(sfp::ensure_generated(dir, "pair", 10000, 3), paths);
        QCOMPARE(inode_of(paths[0]), before);  // reused, not rewritten (a rewrite renames a new inode in)

        ::truncate(paths[1].c_str(), 10);  // damaged: regenerated
        sfp::ensure_generated(dir, "pair", 10000, 3);
        QCOMPARE(read_all(paths[1]), b);
    }

    void neverOverwritesForeignFiles() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString();
        const std::string mine = sfp::generated_paths(dir, "random", 100, 1).front();
        write_file(mine, "the user's own file");
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::ensure_generated(dir, "random", 100, 1));
        QCOMPARE(read_all(mine), std::string("the user's own file"));
    }

    void cleanRemovesOnlyManifestFiles() {
        QTemporaryDir tmp;
        const std::string outside = tmp.path().toStdString() + "/outside.txt";
        const std::string dir = tmp.path().toStdString() + "/ws";
        const auto pair = sfp::ensure_generated(dir, "pair", 4096, 1);
        const auto text = sfp::ensure_generated(dir, "text", 4096, 1);
        write_file(dir + "/notes.txt", "keep me");
        const std::string crashed = leftover(dir + "/pair-4K-seed1-a.bin", "leftover of a crash");
        const std::string export_left = leftover(dir + "/notes.txt", "an export's, its writer killed: stale too");
        const std::string alive = leftover(dir + "/live.txt", "a live writer's");
        const int live = ::open(alive.c_str(), O_RDONLY | O_CLOEXEC);
        QCOMPARE(::flock(live, LOCK_EX), 0);  // this test is its writer, alive
        write_file(outside, "keep me too");
        // A damaged manifest must not reach outside the workspace.
        std::ofstream(sfp::manifest_path(dir), std::ios::app) << "../outside.txt\n/etc/passwd\n..\n";

        std::vector<std::string> removed = sfp::clean_workspace(dir);
        std::sort(removed.begin(), removed.end());
        std::vector<std::string> expected = {pair[0], pair[1], text[0], crashed, export_left, sfp::manifest_path(dir)};
        std::sort(expected.begin(), expected.end());
        QCOMPARE(removed, expected);
        for (const std::string& p : expected) QVERIFY(!exists(p));
        QVERIFY(!exists(dir + "/.sfpbench.lock"));  // the workspace's lock goes too, unlisted
        QVERIFY(exists(dir + "/notes.txt"));
        QVERIFY(exists(alive));
        QVERIFY(exists(outside));
        QVERIFY(exists("/etc/passwd"));

        QVERIFY(sfp::clean_workspace(dir).empty());  // nothing left to remove
        ::close(live);
        QVERIFY(sfp::clean_workspace(dir + "/missing").empty());  // no workspace: nothing
    }

    // A set cancel (SIGTERM, SIGINT) stops clean between files: nothing more is removed, the
    // manifest is kept for the rest, and the Failure says so.
    void cleanStopsWhenCancelled() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString() + "/ws";
        const auto text = sfp::ensure_generated(dir, "text", 4096, 1);
        const std::atomic<bool> cancel{true};
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::clean_workspace(dir, false, &cancel));
        QVERIFY(exists(text[0]));
        QVERIFY(exists(sfp::manifest_path(dir)));
        QCOMPARE(sfp::clean_workspace(dir).size(), std::size_t(2));  // the file and the manifest
    }

    // A writer killed the instant its temporary first has a name (through the seam, in a child)
    // leaves one the next write beside it, and clean, sweep: the temporary is named already
    // tagged (O_TMPFILE + linkat). Made, locked and then tagged, a kill between left an untagged
    // file no sweep takes. For an export, and for input data generated in the workspace.
    void writersKilledAtTheirFirstNameLeaveNothingUnswept() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString();
        const auto leftovers = [&] {
            QStringList names = QDir(tmp.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
            return names.filter(QStringLiteral(".sfp-"));
        };
        // The writer is this program run again (posix_spawn), not a fork of it: this process has
        // Qt's watchdog thread, and a fork's child may then make only async-signal-safe calls.
        const auto killed_while = [](const char* write, const std::string& in) {
            char self[] = "/proc/self/exe", flag[] = "--killed-writer";
            char* argv[] = {self, flag, const_cast<char*>(write), const_cast<char*>(in.c_str()), nullptr};
            pid_t pid = -1;
            if (::posix_spawn(&pid, self, nullptr, nullptr, argv, environ) != 0) return false;
            int status = 0;
            return ::waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
        };
        QVERIFY(killed_while("export", dir));
        QCOMPARE(leftovers().size(), 1);
        sfp::write_file_atomically(dir + "/other.csv", "next\n");  // sweeps beside it
        QCOMPARE(leftovers(), QStringList());
        QVERIFY(killed_while("generated", dir));
        QCOMPARE(leftovers().size(), 1);
        sfp::clean_workspace(dir);
        QCOMPARE(leftovers(), QStringList());
    }

    // A file of the user's that merely looks like a temporary (the old shape, or the new one
    // with a tag that is not its inode's) is never swept, beside any output or by clean.
    void lookAlikesOfTemporariesStay() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString();
        const std::vector<std::string> users = {dir + "/.notes.txt.sfp-Ab12Cd",
                                                dir + "/.notes.txt.sfp-Ab12Cd-0badc0de"};
        for (const std::string& p : users) write_file(p, "the user's");
        QVERIFY(::mkdir((dir + "/.old.sfp-XyZ789").c_str(), 0755) == 0);
        write_file(dir + "/.old.sfp-XyZ789/inside", "the user's too");
        const std::string stale = leftover(dir + "/out.csv", "a killed writer's");
        sfp::write_file_atomically(dir + "/out.csv", "new\n");
        for (const std::string& p : users) QCOMPARE(read_all(p), std::string("the user's"));
        QCOMPARE(read_all(dir + "/.old.sfp-XyZ789/inside"), std::string("the user's too"));
        QVERIFY(!exists(stale));  // ... while the tool's own leftover goes
        sfp::ensure_generated(dir, "random", 100, 1);
        sfp::clean_workspace(dir);
        for (const std::string& p : users) QVERIFY(exists(p));
        QVERIFY(exists(dir + "/.old.sfp-XyZ789/inside"));
    }

    // Links in a workspace are never written through: a generated input's name, the manifest
    // and limits.txt as links to a victim file leave the victim as it was.
    void linksInTheWorkspaceAreRefused() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString() + "/ws", victim = tmp.path().toStdString() + "/victim";
        write_file(victim, "the victim's");
        const std::string input = sfp::generated_paths(dir, "text", 65536, 1).front();
        sfp::ensure_generated(dir, "random", 100, 1);  // the workspace and its manifest exist
        sfp::workspace::add_to_manifest(dir, input.substr(input.rfind('/') + 1));
        QCOMPARE(::symlink(victim.c_str(), input.c_str()), 0);
        QVERIFY(refused([&] { sfp::ensure_generated(dir, "text", 65536, 1); }, "symbolic link"));
        QVERIFY(refused([&] { sfp::ensure_generated(dir, "text", 65536, 1, nullptr, true); }, "symbolic link"));
        QCOMPARE(read_all(victim), std::string("the victim's"));
        ::unlink(input.c_str());

        const std::string limits = sfp::limits_cache_path(dir);
        QCOMPARE(::symlink(victim.c_str(), limits.c_str()), 0);
        QVERIFY(refused([&] { sfp::save_limits(limits, sfp::MachineLimits{}); }, "symbolic link"));
        QVERIFY(refused([&] { sfp::load_limits(limits, sfp::Links::refuse); }, "symbolic link"));
        QCOMPARE(read_all(victim), std::string("the victim's"));
        ::unlink(limits.c_str());

        const std::string manifest = sfp::manifest_path(dir);
        ::unlink(manifest.c_str());
        QCOMPARE(::symlink(victim.c_str(), manifest.c_str()), 0);
        QVERIFY(refused([&] { sfp::workspace::add_to_manifest(dir, "x.bin"); }, "symbolic link"));
        QVERIFY(refused([&] { sfp::ensure_generated(dir, "random", 200, 1); }, "symbolic link"));
        QCOMPARE(read_all(victim), std::string("the victim's"));
    }

    // A limits.txt of the user's (not the tool's format) is left alone, never replaced.
    void aUsersLimitsFileStays() {
        QTemporaryDir tmp;
        const std::string limits = sfp::limits_cache_path(tmp.path().toStdString());
        write_file(limits, "my own notes on limits\n");
        QVERIFY(refused([&] { sfp::save_limits(limits, sfp::MachineLimits{}); }, "not an sfpbench limits file"));
        QCOMPARE(read_all(limits), std::string("my own notes on limits\n"));
        ::unlink(limits.c_str());
        sfp::save_limits(limits, sfp::MachineLimits{});  // the tool's own is replaced as before
        sfp::save_limits(limits, sfp::MachineLimits{});
        QVERIFY(sfp::load_limits(limits).has_value());
    }

    // Special files where the tool keeps its files are refused before a read: a FIFO never
    // blocks, /dev/zero is never read without end.
    void specialFilesAreRefusedBeforeARead() {
        QTemporaryDir tmp;
        const std::string dir = tmp.path().toStdString();
        QCOMPARE(::mkfifo(sfp::manifest_path(dir).c_str(), 0600), 0);
        QVERIFY(refused([&] { sfp::workspace::read_manifest(dir); }, "FIFO"));
        QCOMPARE(::mkfifo(sfp::limits_cache_path(dir).c_str(), 0600), 0);
        QVERIFY(refused([&] { sfp::load_limits(sfp::limits_cache_path(dir)); }, "FIFO"));
        QVERIFY(refused([&] { sfp::load_limits("/dev/zero"); }, "character device"));
        QVERIFY(refused([&] { sfp::load_limits(dir); }, "directory"));
        const std::string zero = dir + "/zero";
        QCOMPARE(::symlink("/dev/zero", zero.c_str()), 0);
        QVERIFY(refused([&] { sfp::load_limits(zero); }, "character device"));
        QVERIFY(refused([&] { sfp::load_limits(zero, sfp::Links::refuse); }, "symbolic link"));
    }
};

// `test_workspace --killed-writer export|generated DIR`: a writer killed (SIGKILL) the instant its
// temporary first has a name, writing an export or generating input data in DIR.
int killed_writer(const std::string& write, const std::string& dir) {
    sfp::temporary_named_seam_for_tests = [] { ::raise(SIGKILL); };
    try {
        if (write == "export") sfp::write_file_atomically(dir + "/out.csv", "new\n");
        if (write == "generated") sfp::ensure_generated(dir, "random", 4096, 1);
    } catch (...) {}
    return 0;  // not killed: the test fails
}

int main(int argc, char** argv) {
    if (argc == 4 && std::string(argv[1]) == "--killed-writer") return killed_writer(argv[2], argv[3]);
    TestWorkspace test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "test_workspace.moc"
