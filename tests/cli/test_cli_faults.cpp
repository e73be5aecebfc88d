// The standing fault suite: what `sfpbench` promises when the world misbehaves -- a full disk,
// a file-size limit, standard output that cannot be written, signals at random moments, names
// that are not UTF-8 or hold a newline. Each case checks the exit status, the message, that a
// previous output survives and that no temporary file is left behind. The full-disk cases mount
// a tiny tmpfs in a mount namespace of the test's own: as root, or as root of a user namespace
// (unprivileged user namespaces), so they run without root too; hostile inputs are beside it in
// test_cli_hostile.cpp.
#include <sys/file.h>
#include <sys/stat.h>

#include <QRandomGenerator>
#include <QtTest>
#include <algorithm>
#include <sstream>

#include "fault_support.hpp"

namespace {

using namespace faults;

int lines_of(const std::string& text) { return int(std::count(text.begin(), text.end(), '\n')); }

// A CSV whose every row has as many fields as its header (no field here holds a comma).
bool whole_rows(const std::string& csv) {
    std::istringstream in(csv);
    std::string header, row;
    if (!std::getline(in, header)) return false;
    const auto fields = [](const std::string& s) { return std::count(s.begin(), s.end(), ','); };
    while (std::getline(in, row))
        if (fields(row) < fields(header) || row.empty()) return false;
    return csv.empty() || csv.back() == '\n';
}

}  // namespace

class TestCliFaults : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string scratch() const { return dir_.path().toStdString(); }
    std::string path(const std::string& name) const { return scratch() + "/" + name; }

    // A tiny filesystem that fills up, in this test's own mount namespace (main()).
    std::optional<std::string> full_filesystem(const std::string& name, const char* size = "64k") {
        const std::string mnt = path(name);
        ::mkdir(mnt.c_str(), 0755);
        if (!cannot_mount.empty()) return std::nullopt;
        if (::mount("tmpfs", mnt.c_str(), "tmpfs", 0, (std::string("size=") + size).c_str()) != 0) {
            cannot_mount = "mounting a tmpfs failed: " + std::string(std::strerror(errno));
            return std::nullopt;
        }
        mounted_.push_back(mnt);
        return mnt;
    }
    std::vector<std::string> mounted_;

public:
    static inline std::string cannot_mount;  // what mounting needs, when main() could not provide it

    void write(const std::string& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }
    // Fills a filesystem to the last block.
    void fill(const std::string& mnt) {
        std::ofstream f(mnt + "/filler", std::ios::binary);
        const std::string block(4096, 'x');
        while (f.write(block.data(), std::streamsize(block.size()))) {}
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        sfpbench({"generate", "random", path("in"), "--size", "4M"}, scratch());
        QVERIFY(QFileInfo::exists(QString::fromStdString(path("in"))));
    }
    void cleanupTestCase() {
        for (const std::string& m : mounted_) ::umount2(m.c_str(), MNT_DETACH);
    }

    // Issue 8.1: a full disk used to replace every export with an empty file and exit 0.
    void fullDiskKeepsThePreviousExports() {
        const auto mnt = full_filesystem("full-exports");
        if (!mnt) QSKIP(cannot_mount.c_str());
        for (const char* f : {"/runs.csv", "/report.json", "/summary.csv"}) write(*mnt + f, "previous\n");
        fill(*mnt);
        const Ended r = sfpbench(
            {"run", "--strategies", "read", "--sizes", "4K", "--reps", "1", "--warmup", "0", "--workdir", path("ws"),
             "--csv", *mnt + "/runs.csv", "--json", *mnt + "/report.json", "--summary-csv", *mnt + "/summary.csv"},
            scratch());
        QCOMPARE(r.code, 2);
        for (const char* f : {"/runs.csv", "/report.json", "/summary.csv"}) {
            QCOMPARE(slurp(*mnt + f), std::string("previous\n"));
            QVERIFY2(r.err.find(*mnt + f + "': No space left on device") != std::string::npos, r.err.c_str());
        }
        QCOMPARE(lines_of(r.err), 3);
        QCOMPARE(temporaries(QString::fromStdString(*mnt)), QStringList());
    }

    // cipher --output-exists onto a disk without room: exit 2, and OUT emptied as the help
    // promises (it was left at its reserved size, the old bytes then zeros).
    void outputExistsOnAFullDiskIsEmptied() {
        const auto mnt = full_filesystem("full-cipher", "1m");
        if (!mnt) QSKIP(cannot_mount.c_str());
        write(*mnt + "/out", "old");
        const Ended r = sfpbench({"cipher", path("in"), *mnt + "/out", "--shift", "1", "--output-exists"}, scratch());
        QVERIFY2(r.code == 2 && r.err.find(*mnt + "/out") != std::string::npos, r.err.c_str());
        QCOMPARE(slurp(*mnt + "/out"), std::string());
        QCOMPARE(temporaries(QString::fromStdString(*mnt)), QStringList());
    }

    // Issue 8.3: generate checks the space first and names both numbers; nothing is left.
    void generateRefusesWhatDoesNotFit() {
        const auto mnt = full_filesystem("small", "1m");
        if (!mnt) QSKIP(cannot_mount.c_str());
        const Ended r = sfpbench({"generate", "random", *mnt + "/big", "--size", "2M"}, scratch());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("cannot write 2097152 bytes") != std::string::npos &&
                     r.err.find("only 1048576 bytes are free") != std::string::npos,
                 r.err.c_str());
        QCOMPARE(QDir(QString::fromStdString(*mnt)).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList());
        const Ended huge = sfpbench({"run", "--sizes", "16384T", "--workdir", path("ws")}, scratch());
        QCOMPARE(huge.code, 2);
        QVERIFY2(huge.err.find("--sizes: generating the inputs needs") != std::string::npos, huge.err.c_str());
    }

    // ramfs states no size (statfs: 0 blocks, 0 free) and grows: its "0 free" is no size, not a
    // full disk, so generating onto it and a run with its workspace there work (issue 40).
    void ramfsIsNotFull() {
        const std::string mnt = path("ramfs");
        ::mkdir(mnt.c_str(), 0755);
        if (!cannot_mount.empty()) QSKIP(cannot_mount.c_str());
        if (::mount("ramfs", mnt.c_str(), "ramfs", 0, nullptr) != 0)
            QSKIP(("mounting a ramfs failed: " + std::string(std::strerror(errno))).c_str());
        mounted_.push_back(mnt);
        const Ended r = sfpbench({"generate", "random", mnt + "/data", "--size", "1M"}, scratch());
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(QFileInfo(QString::fromStdString(mnt + "/data")).size(), 1ll << 20);
        const Ended run = sfpbench({"run", "--algorithm", "wordcount", "--strategies", "simd", "--sizes", "64K",
                                    "--reps", "1", "--warmup", "0", "--workdir", mnt + "/ws"},
                                   scratch());
        QVERIFY2(run.code == 0, run.err.c_str());
    }

    // Issue 8.4: a file-size limit is a write error (EFBIG), never a SIGXFSZ death with leftovers.
    void fileSizeLimitIsAnError_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("target");
        QTest::newRow("generate") << QStringList{"generate", "random", "@/lim-gen", "--size", "1M"} << "lim-gen";
        QTest::newRow("cipher") << QStringList{"cipher", "@/in", "@/lim-cipher", "--shift", "1", "--strategy", "stream"}
                                << "lim-cipher";
        QTest::newRow("cipher mmap-in") << QStringList{"cipher", "@/in",       "@/lim-cipher2", "--shift",
                                                       "1",      "--strategy", "mmap-in"}
                                        << "lim-cipher2";
        QTest::newRow("run generating") << QStringList{"run",    "--sizes", "1M",        "--strategies", "read",
                                                       "--reps", "1",       "--workdir", "@/lim-ws"}
                                        << "lim-ws";
    }
    void fileSizeLimitIsAnError() {
        QFETCH(QStringList, args);
        QFETCH(QString, target);
        Launch l;
        for (QString a : args) l.args.push_back(a.replace("@", dir_.path()).toStdString());
        l.fsize_limit = 64 * 1024;
        const Ended r = run(l, scratch());
        QCOMPARE(r.signal, 0);
        QVERIFY2(r.code == 2, r.err.c_str());
        QVERIFY2((r.out + r.err).find("File too large") != std::string::npos, (r.out + r.err).c_str());
        QVERIFY(!QFileInfo(dir_.filePath(target)).isFile());
        QCOMPARE(temporaries(dir_.path()), QStringList());
        QCOMPARE(temporaries(dir_.filePath(target)), QStringList());
    }

    // Issue 8.5: what cannot reach standard output is trouble, as for cmp.
    void unwritableStandardOutputIsExitTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("compare, different") << QStringList{"compare", "@/in", "@/other"};
        QTest::newRow("cipher --json") << QStringList{"cipher", "@/in", "@/json-out", "--shift", "1", "--json"};
        QTest::newRow("run --print-spec") << QStringList{"run", "--sizes", "1K", "--print-spec"};
        QTest::newRow("run") << QStringList{"run",    "--sizes", "4K",        "--strategies", "read",
                                            "--reps", "1",       "--workdir", "@/ws"};
        QTest::newRow("strategies") << QStringList{"strategies"};
    }
    void unwritableStandardOutputIsExitTwo() {
        QFETCH(QStringList, args);
        write(path("other"), "different\n");
        Launch l;
        for (QString a : args) l.args.push_back(a.replace("@", dir_.path()).toStdString());
        l.stdout_path = "/dev/full";
        const Ended r = run(l, scratch());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("cannot write standard output: No space left on device") != std::string::npos,
                 r.err.c_str());
    }

    // Issue 8.6 and 8.14: every catchable signal, at a random (seeded) moment, of every command
    // that writes: the status says which signal (or the command finished first), a run's CSV
    // holds whole rows only, and no temporary is ever left behind.
    void signalsAtRandomMomentsLeaveNothingHalfDone_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("csv");
        QTest::newRow("cipher") << QStringList{"cipher",     "@/sig-in", "@/sig-out", "--shift", "3",
                                               "--strategy", "stream",   "--block",   "512"}
                                << "";
        QTest::newRow("generate") << QStringList{"generate", "pair", "@/sig-a", "@/sig-b", "--size", "64M"} << "";
        QTest::newRow("run") << QStringList{"run",      "--sizes", "16M", "--strategies", "read,mmap", "--block",
                                            "512,4K",   "--reps",  "3",   "--workdir",    "@/sig-ws",  "--csv",
                                            "@/sig.csv"}
                             << "sig.csv";
    }
    void signalsAtRandomMomentsLeaveNothingHalfDone() {
        QFETCH(QStringList, args);
        QFETCH(QString, csv);
        Launch l;
        for (QString a : args) l.args.push_back(a.replace("@", dir_.path()).toStdString());
        if (!QFileInfo::exists(dir_.filePath("sig-in")))
            sfpbench({"generate", "random", path("sig-in"), "--size", "64M"}, scratch());
        QRandomGenerator random(8);  // the same moments every time
        const int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2, SIGQUIT, SIGALRM};
        for (int i = 0; i < 20; ++i) {
            const int sig = kSignals[i % std::size(kSignals)];
            const pid_t pid = start(l, scratch());
            bool handled = false;
            for (int wait = 0; wait < 5000 && !(handled = catches(pid, sig)); ++wait)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            std::this_thread::sleep_for(std::chrono::milliseconds(random.bounded(0, 200)));
            ::kill(pid, sig);
            const Ended r = finish(pid, l, scratch());
            const QString what = QString("try %1, signal %2: exit %3, killed by %4, stderr: %5")
                                     .arg(i)
                                     .arg(sig)
                                     .arg(r.code)
                                     .arg(r.signal)
                                     .arg(QString::fromStdString(r.err));
            QVERIFY2(handled, qPrintable("no handler for this signal; " + what));
            QVERIFY2(r.signal == 0, qPrintable(what));                       // handled, never a death
            QVERIFY2(r.code == 0 || r.code == 128 + sig, qPrintable(what));  // finished first, or says which
            QVERIFY2(temporaries(dir_.path()).isEmpty(), qPrintable(what));
            QVERIFY2(temporaries(dir_.filePath("sig-ws")).isEmpty(), qPrintable(what));
            if (!csv.isEmpty() && QFileInfo::exists(dir_.filePath(csv)))
                QVERIFY2(whole_rows(slurp(dir_.filePath(csv).toStdString())), qPrintable(what));
        }
    }

    // Issue 8.14: a temporary a killed writer left is swept by the next run in that workspace;
    // one a live writer holds is not.
    void staleTemporariesAreSwept() {
        const std::string ws = path("sweep-ws");
        ::mkdir(ws.c_str(), 0755);
        tool_temporary(ws, ".random-4K-seed1.bin.sfp-AbC123", "left by a killed process");
        const std::string other = tool_temporary(ws, ".other.sfp-XyZ789", "");
        const int live = ::open((ws + "/" + other).c_str(), O_WRONLY, 0644);
        QVERIFY(live >= 0);
        QCOMPARE(::flock(live, LOCK_EX), 0);  // this test is its writer, alive
        const Ended r = sfpbench({"run", "--algorithm", "cipher", "--strategies", "stream", "--sizes", "4K", "--reps",
                                  "1", "--option", "shift=1", "--workdir", ws},
                                 scratch());
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(temporaries(QString::fromStdString(ws)), QStringList{QString::fromStdString(other)});
        ::close(live);
    }

    // Issue 8.7: names are bytes end to end -- not UTF-8, or with a newline.
    void oddNamesAreNamesLikeAnyOther_data() {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("not UTF-8") << QByteArray("bad\xff\xfename");
        QTest::newRow("newline") << QByteArray("two\nlines");
        QTest::newRow("lone continuation byte") << QByteArray("x\x80y");
        QTest::newRow("valid UTF-8") << QByteArray("caf\xc3\xa9");
    }
    void oddNamesAreNamesLikeAnyOther() {
        QFETCH(QByteArray, name);
        const std::string base = path(name.toStdString());
        const Ended gen =
            sfpbench({"generate", "pair", base, base + ".b", "--size", "64K", "--mismatch-at", "5"}, scratch());
        QVERIFY2(gen.code == 0, gen.err.c_str());
        struct stat st {};
        QCOMPARE(::stat(base.c_str(), &st), 0);  // exactly that name, no substitute
        const Ended cmp = sfpbench({"compare", base, base + ".b"}, scratch());
        QVERIFY2(cmp.code == 1, cmp.err.c_str());
        QCOMPARE(lines_of(cmp.out), 1);
        const Ended ci = sfpbench({"cipher", base, base + ".out", "--shift", "1"}, scratch());
        QVERIFY2(ci.code == 0, ci.err.c_str());
        QCOMPARE(::stat((base + ".out").c_str(), &st), 0);
        const Ended rn = sfpbench({"run", "--input", base, "--input", base + ".b", "--strategies", "read", "--reps",
                                   "1", "--warmup", "0", "--csv", base + ".csv"},
                                  scratch());
        QVERIFY2(rn.code == 0, rn.err.c_str());
        QCOMPARE(::stat((base + ".csv").c_str(), &st), 0);
        const Ended missing = sfpbench({"compare", base + ".nope", base}, scratch());
        QCOMPARE(missing.code, 2);
        QVERIFY2(missing.err.find(base + ".nope': No such file or directory") != std::string::npos,
                 missing.err.c_str());
        for (const char* suffix : {"", ".b", ".out", ".csv"}) ::unlink((base + suffix).c_str());  // QTemporaryDir can't
    }

    // Issue 8.8: a valid long name is written; only a name over the limit is "too long".
    void longNamesUpToTheLimitWork() {
        const std::string longest = path(std::string(255, 'n'));
        const Ended ok = sfpbench({"generate", "random", longest, "--size", "1K"}, scratch());
        QVERIFY2(ok.code == 0, ok.err.c_str());
        QVERIFY(QFileInfo::exists(QString::fromStdString(longest)));
        const Ended too = sfpbench({"generate", "random", path(std::string(256, 'n')), "--size", "1K"}, scratch());
        QCOMPARE(too.code, 2);
        QVERIFY2(too.err.find("File name too long") != std::string::npos, too.err.c_str());
        QCOMPARE(temporaries(dir_.path()), QStringList());
    }

    // Issue 8.12 and 8.13: a link to nothing is refused, a live one followed; one file is not a pair.
    void linksAndPairsAreNeverAmbiguous() {
        QCOMPARE(::symlink(path("nowhere").c_str(), path("dangling").c_str()), 0);
        const Ended d = sfpbench({"cipher", path("in"), path("dangling"), "--shift", "1"}, scratch());
        QCOMPARE(d.code, 2);
        QVERIFY2(d.err.find("symbolic link to a file that does not exist") != std::string::npos, d.err.c_str());
        struct stat st {};
        QCOMPARE(::lstat(path("dangling").c_str(), &st), 0);
        QVERIFY(S_ISLNK(st.st_mode));  // still the link
        write(path("real"), "x");
        QCOMPARE(::symlink(path("real").c_str(), path("live").c_str()), 0);
        const Ended l = sfpbench({"cipher", path("in"), path("live"), "--shift", "1"}, scratch());
        QVERIFY2(l.code == 0, l.err.c_str());
        QCOMPARE(::lstat(path("live").c_str(), &st), 0);
        QVERIFY(S_ISLNK(st.st_mode));                                                 // the link is kept ...
        QCOMPARE(QFileInfo(QString::fromStdString(path("real"))).size(), 4ll << 20);  // ... its file written
        for (const char* second : {"pp", "./pp"}) {
            const std::string cwd_relative = second;
            const Ended p =
                sfpbench({"generate", "pair", path("pp"), scratch() + "/" + cwd_relative, "--size", "1K"}, scratch());
            QCOMPARE(p.code, 2);
            QVERIFY2(p.err.find("name the same file") != std::string::npos, p.err.c_str());
        }
    }

    // Issue 8.9-8.11: misspelt options, bad inputs and impossible sizes are found before
    // anything runs, one line each, exit 2; /proc files are refused, never read as empty.
    void problemsAreFoundBeforeAnythingRuns() {
        const Ended r = sfpbench({"run", "--input", path("missing"), "--input", "/dev/zero", "--option",
                                  "max_mismatchs=3", "--csv", path("never.csv")},
                                 scratch());
        QCOMPARE(r.code, 2);
        QCOMPARE(lines_of(r.err), 3);
        QVERIFY2(r.err.find("unknown compare option 'max_mismatchs' (known: max_mismatches)") != std::string::npos,
                 r.err.c_str());
        QVERIFY2(r.err.find("missing': No such file or directory") != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find("'/dev/zero': it is a character device") != std::string::npos, r.err.c_str());
        QVERIFY(!QFileInfo::exists(QString::fromStdString(path("never.csv"))));
        write(path("spec.json"),
              "{\"version\": 1, \"algorithm\": \"cipher\", \"data_kind\": \"random\", \"sizes\": [\"4K\"], "
              "\"options\": {\"shift\": \"1\", \"nonsense\": \"1\"}, \"workdir\": \"" +
                  path("ws") + "\"}");
        const Ended spec = sfpbench({"run", path("spec.json")}, scratch());
        QCOMPARE(spec.code, 2);
        QVERIFY2(spec.err.find("unknown cipher option 'nonsense'") != std::string::npos, spec.err.c_str());
        write(path("a-file"), "x");
        const Ended wd = sfpbench({"run", "--sizes", "4K", "--workdir", path("a-file")}, scratch());
        QCOMPARE(wd.code, 2);
        QVERIFY2(wd.err.find("is not a directory") != std::string::npos, wd.err.c_str());
        const Ended proc = sfpbench({"cipher", "/proc/version", path("pv"), "--shift", "1"}, scratch());
        QCOMPARE(proc.code, 2);
        QVERIFY2(proc.err.find("size is reported as 0 but it has content") != std::string::npos, proc.err.c_str());
        QVERIFY(!QFileInfo::exists(QString::fromStdString(path("pv"))));
    }

    // The smaller promises: a flag given twice, an empty list item, the help's name.
    void flagsSayWhatTheyMean() {
        const Ended twice = sfpbench({"compare", "--block", "4K", "--block", "8K", path("in"), path("in")}, scratch());
        QCOMPARE(twice.code, 2);
        QVERIFY2(twice.err.find("--block was given more than once") != std::string::npos, twice.err.c_str());
        const Ended empty = sfpbench({"run", "--strategies", "read,,mmap", "--sizes", "1K"}, scratch());
        QCOMPARE(empty.code, 2);
        QVERIFY2(empty.err.find("empty name") != std::string::npos, empty.err.c_str());
        const Ended help = sfpbench({"cipher", "--help"}, scratch());
        QCOMPARE(help.code, 0);
        QVERIFY2(help.out.starts_with("Usage: sfpbench cipher "), help.out.c_str());
    }
};

// Its own mount namespace first, before Qt starts any thread (unshare needs a single thread).
int main(int argc, char** argv) {
    TestCliFaults::cannot_mount = enter_private_mounts();
    QCoreApplication app(argc, argv);
    TestCliFaults test;
    return QTest::qExec(&test, argc, argv);
}
#include "test_cli_faults.moc"
