// The workspace: generated data named by kind/size/seed and reused; `clean` removes exactly
// the files the manifest lists (and their temporary leftovers), never anything else.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QtTest>
#include <fstream>

#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"
#include "sfp/workspace.hpp"

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

// Restores an environment variable when the test ends.
struct EnvGuard {
    std::string name;
    std::optional<std::string> old;
    explicit EnvGuard(std::string n) : name(std::move(n)) {
        if (const char* v = std::getenv(name.c_str())) old = v;
    }
    ~EnvGuard() {
        if (old)
            ::setenv(name.c_str(), old->c_str(), 1);
        else
            ::unsetenv(name.c_str());
    }
};

}  // namespace

class TestWorkspace : public QObject {
    Q_OBJECT
private slots:
    void defaultFollowsXdg() {
        EnvGuard xdg("XDG_CACHE_HOME"), home("HOME");
        ::setenv("HOME", "/home/someone", 1);
        ::setenv("XDG_CACHE_HOME", "/var/cache/me", 1);
        QCOMPARE(sfp::default_workdir(), std::string("/var/cache/me/sfpbench"));
        ::setenv("XDG_CACHE_HOME", "relative/dir", 1);  // invalid per the XDG spec: ignored
        QCOMPARE(sfp::default_workdir(), std::string("/home/someone/.cache/sfpbench"));
        ::unsetenv("XDG_CACHE_HOME");
        QCOMPARE(sfp::default_workdir(), std::string("/home/someone/.cache/sfpbench"));
    }

    void namesCarryKindSizeAndSeed() {
        const auto pair = sfp::generated_paths("/w", "pair", 64 << 20, 7);
        QCOMPARE(pair.size(), std::size_t(2));
        QCOMPARE(pair[0], std::string("/w/pair-64M-seed7-a.bin"));
        QCOMPARE(pair[1], std::string("/w/pair-64M-seed7-b.bin"));
        QCOMPARE(sfp::generated_paths("/w", "random", 1000, 1).front(), std::string("/w/random-1000-seed1.bin"));
        QCOMPARE(sfp::generated_paths("/w", "text", 4096, 2).front(), std::string("/w/text-4K-seed2.txt"));
        QCOMPARE(sfp::generated_paths("/w", "tree", 1 << 30, 3).front(), std::string("/w/tree-1G-seed3"));  // a directory
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
        write_file(dir + "/.pair-4K-seed1-a.bin.sfp-Ab12Cd", "leftover of a crash");
        write_file(dir + "/.notes.txt.sfp-Ab12Cd", "an export's, its writer killed: stale too");
        write_file(dir + "/.live.txt.sfp-Ab12Cd", "a live writer's");
        const int live = ::open((dir + "/.live.txt.sfp-Ab12Cd").c_str(), O_RDONLY | O_CLOEXEC);
        QCOMPARE(::flock(live, LOCK_EX), 0);  // this test is its writer, alive
        write_file(outside, "keep me too");
        // A damaged manifest must not reach outside the workspace.
        std::ofstream(sfp::manifest_path(dir), std::ios::app) << "../outside.txt\n/etc/passwd\n..\n";

        std::vector<std::string> removed = sfp::clean_workspace(dir);
        std::sort(removed.begin(), removed.end());
        std::vector<std::string> expected = {pair[0], pair[1], text[0], dir + "/.pair-4K-seed1-a.bin.sfp-Ab12Cd",
                                             dir + "/.notes.txt.sfp-Ab12Cd", sfp::manifest_path(dir)};
        std::sort(expected.begin(), expected.end());
        QCOMPARE(removed, expected);
        for (const std::string& p : expected) QVERIFY(!exists(p));
        QVERIFY(!exists(dir + "/.sfpbench.lock"));  // the workspace's lock goes too, unlisted
        QVERIFY(exists(dir + "/notes.txt"));
        QVERIFY(exists(dir + "/.live.txt.sfp-Ab12Cd"));
        QVERIFY(exists(outside));
        QVERIFY(exists("/etc/passwd"));

        QVERIFY(sfp::clean_workspace(dir).empty());                // nothing left to remove
        ::close(live);
        QVERIFY(sfp::clean_workspace(dir + "/missing").empty());  // no workspace: nothing
    }
};

QTEST_APPLESS_MAIN(TestWorkspace)
#include "test_workspace.moc"
