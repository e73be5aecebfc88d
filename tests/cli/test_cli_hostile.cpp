// The hostile-input suite: inputs a careful adversary hands the CLI -- FIFOs, devices, huge and
// malformed reports, pseudo-files, escapes outside the grammar, memory limits. Each case ends
// with the right answer or exit 2 and one line naming the path, within a bound on the child,
// leaving every earlier file as it was and no temporary behind. (Files and the workspace under
// attack -- locks, stale temporaries, interrupted runs -- are in test_cli_workspace.cpp.)
#include <sys/stat.h>
#include <sys/statfs.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "fault_support.hpp"

namespace {

using namespace faults;

int lines_of(const std::string& text) { return int(std::count(text.begin(), text.end(), '\n')); }

QByteArray fixture_text(const char* name = "report_a.json") {
    QFile f(QStringLiteral(SFP_TEST_DATA "/") + name);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}
QJsonObject fixture(const char* name) { return QJsonDocument::fromJson(fixture_text(name)).object(); }

void write(const std::string& path, const QByteArray& bytes) {
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

// A file of `size` zero bytes that takes no space.
bool sparse(const std::string& path, qint64 size) {
    const int fd = ::open(path.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0644);
    const bool ok = fd >= 0 && ::ftruncate(fd, off_t(size)) == 0;
    if (fd >= 0) ::close(fd);
    return ok;
}

// report_a.json with one value changed: cells[0].strategy or statistics[0].real_s.median.
QByteArray with_strategy(const QString& strategy) {
    QJsonObject r = fixture("report_a.json");
    QJsonArray cells = r["cells"].toArray();
    QJsonObject c = cells[0].toObject();
    c["strategy"] = strategy;
    cells[0] = c;
    r["cells"] = cells;
    return QJsonDocument(r).toJson();
}
QByteArray with_median(const QByteArray& median) {
    QByteArray text = fixture_text();
    // (the limits' points have medians too, and sort before the statistics)
    const qsizetype at = text.indexOf("\"median\":", text.indexOf("\"real_s\"", text.indexOf("\"statistics\"")));
    qsizetype end = at + 9;
    while (end < text.size() && !QByteArray(",}\n").contains(text[end])) ++end;
    return text.left(at + 9) + " " + median + text.mid(end);
}

// The display columns of `s` (UTF-8): East Asian wide characters count two. Written here, not
// taken from the code under test.
int columns(const std::string& s) {
    int n = 0;
    for (const char32_t c : QString::fromStdString(s).toUcs4())
        n += (c >= 0x3000 && c <= 0x9FFF) || (c >= 0xFF00 && c <= 0xFF60) ? 2 : 1;
    return n;
}

// report_a.json with the first limit's first rate set to `rate`.
QByteArray with_limit_rate(double rate) {
    QJsonObject r = fixture("report_a.json"), limits = r["limits"].toObject();
    QJsonArray entries = limits["entries"].toArray();
    QJsonObject entry = entries[0].toObject();
    QJsonArray points = entry["points"].toArray();
    QJsonObject point = points[0].toObject();
    QJsonArray rates = point["rates"].toArray();
    rates[0] = rate;
    point["rates"] = rates;
    points[0] = point;
    entry["points"] = points;
    entries[0] = entry;
    limits["entries"] = entries;
    r["limits"] = limits;
    return QJsonDocument(r).toJson();
}

// report_a.json with every run of cell 0 timed at 0 s (a clock too coarse), statistics to match.
QByteArray with_zero_times() {
    QJsonObject r = fixture("report_a.json");
    QJsonArray runs = r["runs"].toArray();
    for (qsizetype i = 0; i < runs.size(); ++i) {
        QJsonObject run = runs[i].toObject(), result = run["result"].toObject();
        if (run["cell"].toInt() != 0) continue;
        result["real_s"] = 0;
        run["result"] = result;
        runs[i] = run;
    }
    r["runs"] = runs;
    QJsonArray statistics = r["statistics"].toArray();
    QJsonObject cell = statistics[0].toObject(), real = cell["real_s"].toObject();
    for (const char* key : {"median", "mean", "min", "max", "q1", "q3", "stddev", "cv", "ci95"}) real[key] = 0;
    cell["real_s"] = real;
    statistics[0] = cell;
    r["statistics"] = statistics;
    return QJsonDocument(r).toJson();
}

// report_a.json with `runs` ok runs of cell 0, times rising from `first` s, and statistics to match.
QByteArray with_many_runs(int runs, double first) {
    QJsonObject r = fixture("report_a.json");
    QJsonArray kept;
    QJsonObject model;
    for (const QJsonValue& v : r["runs"].toArray()) {
        if (v["cell"].toInt() != 0)
            kept.append(v);
        else if (v["status"].toString() == "ok")
            model = v.toObject();
    }
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        QJsonObject run = model, result = model["result"].toObject();
        times.push_back(first * (1 + 1e-5 * i));
        result["real_s"] = times.back();
        run["result"] = result;
        run["repetition"] = i + 1;
        kept.append(run);
    }
    r["runs"] = kept;
    QJsonArray statistics = r["statistics"].toArray();
    QJsonObject cell = statistics[0].toObject(), real = cell["real_s"].toObject();
    real["n"] = runs;
    const std::size_t half = std::size_t(runs / 2);
    real["median"] = runs % 2 ? times[half] : (times[half - 1] + times[half]) / 2;
    cell["real_s"] = real;
    statistics[0] = cell;
    r["statistics"] = statistics;
    return QJsonDocument(r).toJson(QJsonDocument::Compact);
}

}  // namespace

class TestCliHostile : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string scratch() const { return dir_.path().toStdString(); }
    std::string path(const std::string& name) const { return scratch() + "/" + name; }

    // Exit 2, one line on stderr naming `named`, no temporary left, within the bound.
    void expect_refused(const Ended& r, const std::string& named, const std::string& why = {}) {
        QVERIFY2(!r.hung, ("hung: " + r.err).c_str());
        QVERIFY2(r.code == 2 && r.signal == 0, ("exit " + std::to_string(r.code) + ": " + r.err).c_str());
        QVERIFY2(lines_of(r.err) == 1 && r.err.find(named) != std::string::npos, r.err.c_str());
        QVERIFY2(why.empty() || r.err.find(why) != std::string::npos, r.err.c_str());
        QCOMPARE(temporaries(dir_.path()), QStringList());
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        write(path("a.json"), QJsonDocument(fixture("report_a.json")).toJson());
        QCOMPARE(::mkfifo(path("fifo").c_str(), 0600), 0);
        // over the 256 MiB a report may have; sparse, so it costs nothing
        QVERIFY(sparse(path("huge.json"), qint64(300) << 20));
        write(path("nul.json"), with_strategy(QStringLiteral("re") + QChar(0) + "ad"));
        write(path("newline.json"), with_strategy("re\n# heading"));
        write(path("negative.json"), with_median("-1.5"));
        write(path("infinite.json"), with_median("1e999"));
        write(path("disagree.json"), with_median("12345.5"));  // the statistics say one thing, the runs another
    }

    // diff, report and an import read a report the same way: a FIFO never blocks the open, a
    // device or a huge file is never read, a NUL or newline in a name and a negative or
    // non-finite median are refused; the message names the file; the earlier output survives.
    void badReportsAreRefused_data() {
        QTest::addColumn<QString>("bad");
        QTest::addColumn<QString>("why");
        QTest::newRow("FIFO") << "@fifo"
                              << "it is a FIFO";
        QTest::newRow("/dev/zero") << "/dev/zero"
                                   << "character device";
        QTest::newRow("a directory") << "@"
                                     << "directory";
        QTest::newRow("300 MiB") << "@huge.json"
                                 << "over the 256 MiB";
        QTest::newRow("NUL in a strategy") << "@nul.json"
                                           << "control character";
        QTest::newRow("newline in a strategy") << "@newline.json"
                                               << "control character";
        QTest::newRow("negative median") << "@negative.json"
                                         << "negative";
        QTest::newRow("infinite median") << "@infinite.json"
                                         << "number";  // Qt's JSON reader already refuses 1e999
    }
    void badReportsAreRefused() {
        QFETCH(QString, bad);
        QFETCH(QString, why);
        const std::string file = bad.startsWith('@') ? path(bad.mid(1).toStdString()) : bad.toStdString();
        const std::string shown = file.ends_with('/') ? file.substr(0, file.size() - 1) : file;
        write(path("out.md"), "earlier output\n");
        const std::vector<std::vector<std::string>> commands = {
            {"diff", path("a.json"), shown},
            {"diff", shown, path("a.json")},
            {"report", shown, "--markdown", path("out.md")},
            {"report", path("a.json"), shown, "--markdown", path("out.md")},
        };
        for (const auto& args : commands) {
            Launch l;
            l.args = args;
            l.bound_s = 20;
            const Ended r = run(l, scratch());
            expect_refused(r, "'" + shown + "'", why.toStdString());
            QCOMPARE(slurp(path("out.md")), std::string("earlier output\n"));
        }
    }

    // diff takes medians from the statistics and the interval, p and gate from the runs: a report
    // whose two disagree (a median of 12345.5 s over runs of microseconds) is refused naming it.
    void diffRefusesStatisticsThatDisagreeWithRuns() {
        for (const auto& args :
             {std::vector<std::string>{"diff", path("a.json"), path("disagree.json")},
              std::vector<std::string>{"diff", path("disagree.json"), path("a.json"), "--fail-on-regression", "10"}})
            expect_refused(sfpbench(args, scratch()), "'" + path("disagree.json") + "'",
                           "but the median of the cell's");
    }

    // In a directory deeper than PATH_MAX (getcwd fails) `--input t` is the file t there, never
    // "/t"; an empty --input or --workdir is refused, not taken for the current directory.
    void relativeNamesBelowPathMax() {
        const int back = ::open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        QVERIFY(back >= 0);
        QCOMPARE(::chdir(scratch().c_str()), 0);
        const std::string level(200, 'd');
        for (int depth = 0; depth < 24; ++depth) {  // 24 x 201 bytes: past PATH_MAX (4096)
            ::mkdir(level.c_str(), 0755);
            QCOMPARE(::chdir(level.c_str()), 0);
        }
        std::ofstream("t") << "one two three\n";
        const Ended r = sfpbench({"run", "--algorithm", "wordcount", "--strategies", "simd", "--input", "t", "--reps",
                                  "1", "--workdir", "ws"},
                                 scratch());
        QCOMPARE(::fchdir(back), 0);
        ::close(back);
        // rm walks a tree deeper than PATH_MAX; QTemporaryDir's removal would leave it behind
        QCOMPARE(std::system(("rm -rf '" + path(level) + "'").c_str()), 0);
        QVERIFY2(r.code == 0, (r.out + r.err).c_str());
        for (const char* flag : {"--input", "--workdir"}) {
            const Ended empty = sfpbench({"run", "--algorithm", "wordcount", "--input", "x", flag, ""}, scratch());
            QVERIFY2(empty.code == 2 && empty.err.find(std::string(flag) + " '': an empty path") != std::string::npos,
                     empty.err.c_str());
        }
    }

    // Outputs with a legal name work where the directory's absolute path is longer than PATH_MAX
    // (one-letter names, from the current directory), and so does a name of 250 bytes whose
    // temporary is shortened; a path longer than PATH_MAX itself is refused saying so.
    void outputsBelowPathMax() {
        const int back = ::open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        QVERIFY(back >= 0);
        QCOMPARE(::chdir(scratch().c_str()), 0);
        const std::string level(200, 'o');
        for (int depth = 0; depth < 24; ++depth) {  // 24 x 201 bytes: past PATH_MAX (4096)
            ::mkdir(level.c_str(), 0755);
            QCOMPARE(::chdir(level.c_str()), 0);
        }
        std::ofstream("t") << "one two three\n";
        const Ended cipher = sfpbench({"cipher", "t", "o", "--shift", "1"}, scratch());
        const std::string long_name(250, 'n');
        const Ended run = sfpbench({"run", "--algorithm", "wordcount", "--strategies", "simd", "--input", "t", "--reps",
                                    "1", "--warmup", "0", "--csv", "x", "--json", long_name, "--workdir", "ws"},
                                   scratch());
        std::string too_long;
        while (too_long.size() < 4200) too_long += level + "/";
        const Ended refused = sfpbench({"cipher", "t", too_long + "o", "--shift", "1"}, scratch());
        const std::string written = slurp("o"), csv = slurp("x"), json = slurp(long_name);
        QCOMPARE(::fchdir(back), 0);
        ::close(back);
        QCOMPARE(std::system(("rm -rf '" + path(level) + "'").c_str()), 0);  // deeper than PATH_MAX: rm walks it
        QVERIFY2(cipher.code == 0 && written.size() == 14, cipher.err.c_str());
        QVERIFY2(run.code == 0 && csv.starts_with("algorithm,") && json.starts_with("{"), (run.out + run.err).c_str());
        QVERIFY2(refused.code == 2 && refused.err.find("bytes; a path may have 4095") != std::string::npos,
                 refused.err.c_str());
    }

    // Under a low descriptor limit (ulimit -n 16) every iterate strategy hashes all 2,000 files or
    // fails naming the limit: "Too many open files" is no property of a file, never a skip.
    void iterateUnderADescriptorLimit() {
        const std::string tree = path("fd-tree");
        QCOMPARE(sfpbench({"generate", "tree", tree, "--files", "2000", "--size", "2M"}, scratch()).code, 0);
        for (const char* strategy : {"fs", "alpha", "inode", "cluster", "random", "parallel", "prefetch", "uring",
                                     "direct", "xxhsum", "auto"}) {
            Launch l;
            l.args = {"iterate", tree, "--strategy", strategy, "--scope", "full"};
            l.nofile_limit = 16;
            const Ended r = run(l, scratch());
            const bool whole = r.code == 0 && r.out.find("files 2000\n") != std::string::npos &&
                               r.out.find("skipped 0\n") != std::string::npos;
            const bool refused =
                r.code == 2 && r.err.find("Too many open files") != std::string::npos && lines_of(r.err) == 1;
            QVERIFY2(!r.hung && (whole || refused), (strategy + (": " + r.out + r.err)).c_str());
        }
    }

    // wordcount over more files than the descriptor limit (100 under `ulimit -n 32`) counts them
    // all under every strategy, as `LC_ALL=C wc` does: each file is open only while counted (wc's
    // children take as many as the limit leaves room for). 3 MB in all, so auto uses threads.
    void wordcountUnderADescriptorLimit() {
        const std::string dir = path("fd-words");
        QCOMPARE(::mkdir(dir.c_str(), 0755), 0);
        std::vector<std::string> files;
        std::string command = "LC_ALL=C wc --";
        for (int i = 0; i < 100; ++i) {
            files.push_back(dir + "/f" + std::to_string(i));
            std::string text;
            for (int w = 0; text.size() < 30000; ++w)
                text += std::string(std::size_t(1 + (w + i) % 9), char('a' + w % 26)) + (w % 11 ? " " : "\n");
            write(files.back(), QByteArray::fromStdString(text));
            command += " " + files.back();
        }
        std::string expected;
        FILE* wc = ::popen(command.c_str(), "r");
        QVERIFY(wc);
        for (char buf[4096]; std::size_t n = std::fread(buf, 1, sizeof buf, wc);) expected.append(buf, n);
        QCOMPARE(::pclose(wc), 0);
        QVERIFY(expected.find(" total\n") != std::string::npos);
        for (const char* strategy :
             {"loop", "simd", "strtok", "striped", "mmap", "mmap-mt", "files", "pipeline", "auto", "wc"}) {
            Launch l;
            l.args = {"wordcount", "--strategy", strategy, "--threads", "4"};
            l.args.insert(l.args.end(), files.begin(), files.end());
            l.nofile_limit = 32;
            const Ended r = run(l, scratch());
            QVERIFY2(!r.hung && r.code == 0, (strategy + (": " + r.err)).c_str());
            QVERIFY2(r.out.starts_with(expected), (strategy + (": " + r.out.substr(0, 200))).c_str());
        }
    }

    // Several DIRs, as --help says (DIR..., one or more) and xxhsum takes several files: a
    // directory met twice, or inside another given, is listed once. Every strategy gives the one
    // directory's files and digest.
    void iterateTakesSeveralDirectories() {
        const std::string t = path("several/t"), a = t + "/a";
        QCOMPARE(::mkdir(path("several").c_str(), 0755), 0);
        QCOMPARE(::mkdir(t.c_str(), 0755), 0);
        QCOMPARE(::mkdir(a.c_str(), 0755), 0);
        write(t + "/x", "one\n");
        write(a + "/y", "two\n");
        for (const char* strategy : {"fs", "alpha", "inode", "cluster", "random", "parallel", "prefetch", "uring",
                                     "direct", "xxhsum", "auto"}) {
            const Ended one = sfpbench({"iterate", t, "--strategy", strategy, "--scope", "full"}, scratch());
            QVERIFY2(one.code == 0 && one.out.find("files 2\nbytes 8\nskipped 0\n") != std::string::npos,
                     (one.out + one.err).c_str());
            for (const auto& dirs :
                 {std::vector<std::string>{t, t}, std::vector<std::string>{t, a}, std::vector<std::string>{a, t}}) {
                const Ended r =
                    sfpbench({"iterate", dirs[0], dirs[1], "--strategy", strategy, "--scope", "full"}, scratch());
                QVERIFY2(r.code == 0 && r.out == one.out, (strategy + (": " + r.out + r.err)).c_str());
            }
        }
    }

    // report and diff follow one rule for two sets: another algorithm is refused naming the file,
    // another cache mode is said (report: a warning and the comparison's note); the shipped
    // reference sets render as reports of their cells and medians.
    void twoSetsOneRule() {
        for (const char* ref :
             {"cci-table1", "atou-mapping", "compmp-threads", "ioboost-order", "simplecount-packing"}) {
            const std::string set = std::string(":/reference/") + ref + ".json";
            const Ended r = sfpbench({"report", set, "--markdown", path("ref.md")}, scratch());
            QVERIFY2(r.code == 0, (set + ": " + r.err).c_str());
            const std::string md = slurp(path("ref.md"));
            QVERIFY2(md.find("### Input") != std::string::npos &&
                         md.find("| no runs |") == std::string::npos &&     // the notes column
                         md.find(" | 0 us | 0.0 | ") == std::string::npos,  // no spread it does not state
                     ref);
            const std::size_t spec = md.find("```json\n") + 8;  // its replay spec is a valid experiment file
            write(path("ref-spec.json"), QByteArray::fromStdString(md.substr(spec, md.find("```", spec) - spec)));
            const Ended replay = sfpbench({"run", path("ref-spec.json"), "--print-spec"}, scratch());
            QVERIFY2(replay.code == 0, (std::string(ref) + ": " + replay.err).c_str());
        }
        write(path("out.md"), "earlier output\n");
        const std::string other = ":/reference/simplecount-packing.json";  // wordcount; a.json is compare
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"report", path("a.json"), other, "--markdown", path("out.md")},
              std::vector<std::string>{"diff", path("a.json"), other}})
            expect_refused(sfpbench(args, scratch()), "'" + other + "'", "results of wordcount, not compare");
        QCOMPARE(slurp(path("out.md")), std::string("earlier output\n"));
        QJsonObject cold = fixture("report_a.json");
        QJsonObject e = cold["experiment"].toObject();
        e["cache"] = "cold";
        cold["experiment"] = e;
        write(path("cold.json"), QJsonDocument(cold).toJson());
        const Ended r =
            sfpbench({"report", path("a.json"), path("cold.json"), "--markdown", path("out.md")}, scratch());
        QVERIFY2(r.code == 0, r.err.c_str());
        const std::string md = slurp(path("out.md"));
        QVERIFY2(md.find("- this report ran in hot cache and cold in cold cache") != std::string::npos, md.c_str());
        const Ended d = sfpbench({"diff", path("a.json"), path("cold.json")}, scratch());
        QVERIFY2(d.code == 0 && d.out.find("note: A ran in hot cache and B in cold cache") != std::string::npos,
                 d.out.c_str());
    }

    // 30,000 runs a cell: the interval's 9e8 pairwise differences are selected, never stored, so
    // diff answers under a 2 GiB address-space limit (it once asked for 7.2 GB: std::bad_alloc).
    void diffOfManyRunsFitsInMemory() {
        write(path("many_a.json"), with_many_runs(30000, 0.001));
        write(path("many_b.json"), with_many_runs(30000, 0.0011));
        Launch l;
        l.args = {"diff", path("many_a.json"), path("many_b.json")};
        l.memory_limit = rlim_t(2) << 30;
        const Ended r = run(l, scratch());
        QVERIFY2(!r.hung && r.signal == 0 && r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("1.10") != std::string::npos, r.out.c_str());
    }

    // Kernel pseudo-filesystems are refused before a read: iterate once read /proc/self/pagemap
    // until killed, and evict "evicted" /proc files, which have no page cache.
    void kernelPseudoFilesystemsAreRefused() {
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"iterate", "/proc/self", "--scope", "full"},
              std::vector<std::string>{"iterate", "/sys/kernel", "--scope", "full"},
              std::vector<std::string>{"iterate", scratch(), "/proc/self/", "--scope", "full"},
              std::vector<std::string>{"evict", "/proc/self/status"}, std::vector<std::string>{"evict", "/proc/self"},
              // an output there is refused for what the place is, not for "no room" (statfs: 0 free)
              std::vector<std::string>{"generate", "text", "/proc/sfpbench-data", "--size", "1K"},
              std::vector<std::string>{"generate", "text", "/sys/kernel/sfpbench-data", "--size", "1K"}}) {
            Launch l;
            l.args = args;
            l.bound_s = 20;
            const std::string named = args[0] == "evict" ? args[1] : args[args.size() - 3];
            expect_refused(run(l, scratch()), "'" + (named.ends_with('/') ? named.substr(0, named.size() - 1) : named),
                           "kernel pseudo-filesystem");
        }
    }

    // On tmpfs a file's pages are the file: `evict` says so for that path (it once dropped the
    // whole machine's page cache instead) and `run --cache cold` is refused before anything runs,
    // for a given input and for inputs it would generate there.
    void memoryFilesystemsCannotBeCold() {
        struct statfs fs {};
        if (::statfs("/dev/shm", &fs) != 0 || fs.f_type != 0x01021994 || ::access("/dev/shm", W_OK) != 0)
            QSKIP("no writable tmpfs at /dev/shm (TMPFS_MAGIC) to test on");
        QTemporaryDir shm(QStringLiteral("/dev/shm/sfp-hostile-XXXXXX"));
        QVERIFY(shm.isValid());
        const std::string in_memory = shm.path().toStdString() + "/words.txt";
        write(in_memory, "some words\n");
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"evict", in_memory}, std::vector<std::string>{"evict", shm.path().toStdString()},
              std::vector<std::string>{"run", "--algorithm", "wordcount", "--strategies", "simd", "--input", in_memory,
                                       "--cache", "cold", "--reps", "1", "--warmup", "0"},
              std::vector<std::string>{"run", "--algorithm", "wordcount", "--strategies", "simd", "--sizes", "4K",
                                       "--workdir", shm.path().toStdString() + "/ws", "--cache", "cold", "--reps",
                                       "1"}}) {
            Launch l;
            l.args = args;
            l.bound_s = 30;
            expect_refused(run(l, scratch()), args[0] == "evict" ? "'" + args[1] + "'" : "--cache cold", "on tmpfs");
        }
    }

    // Under a thread and process limit (ulimit -u 1, as nobody: root is exempt) a threaded
    // strategy names the limit, never "internal error: Resource temporarily unavailable".
    void threadLimitsAreNamed() {
        if (::geteuid() != 0) QSKIP("a process limit binds only another user (nobody), which needs root");
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"wordcount", "/etc/services", "--strategy", "striped", "--threads", "4"},
              std::vector<std::string>{"iterate", "/etc", "--strategy", "parallel", "--threads", "4"},
              // a baseline's child process too (it read "cannot start '/usr/bin/env': Resource temporarily
              // unavailable")
              std::vector<std::string>{"wordcount", "/etc/services", "--strategy", "wc"},
              std::vector<std::string>{"compare", "/etc/services", "/etc/services", "--strategy", "cmp"}}) {
            const std::string err = path("nproc.err");
            const pid_t pid = fork();
            if (pid == 0) {
                const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
                const int n = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
                const rlimit one{1, 1};
                if (e < 0 || n < 0 || ::dup2(e, 2) < 0 || ::dup2(n, 1) < 0 || ::setrlimit(RLIMIT_NPROC, &one) != 0 ||
                    ::setgid(65534) != 0 || ::setuid(65534) != 0)
                    _exit(99);
                std::vector<char*> argv{const_cast<char*>(SFPBENCH)};
                for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
                argv.push_back(nullptr);
                ::execv(SFPBENCH, argv.data());
                _exit(127);
            }
            int status = 0;
            QCOMPARE(::waitpid(pid, &status, 0), pid);
            const std::string text = slurp(err);
            QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 2, text.c_str());
            QVERIFY2(lines_of(text) == 1 && text.find("limit on processes and threads") != std::string::npos,
                     text.c_str());
        }
    }

    // The regression gate: a negative limit rate is refused naming the file; a gate of 100 % or
    // more (twice as slow) is accepted; a cell timed at 0 s, which the gate cannot judge, is
    // refused naming the file, never passed with exit 0.
    void theRegressionGateJudgesOrRefuses() {
        write(path("negative_rate.json"), with_limit_rate(-5e9));
        expect_refused(sfpbench({"diff", path("a.json"), path("negative_rate.json")}, scratch()),
                       "'" + path("negative_rate.json") + "'", "rates[0]");
        for (const char* gate : {"100%", "250"}) {
            const Ended r = sfpbench({"diff", path("a.json"), path("a.json"), "--fail-on-regression", gate}, scratch());
            QVERIFY2(r.code == 0, r.err.c_str());
        }
        expect_refused(sfpbench({"diff", path("a.json"), path("a.json"), "--fail-on-regression", "-1"}, scratch()),
                       "--fail-on-regression");
        write(path("zero.json"), with_zero_times());
        expect_refused(sfpbench({"diff", path("zero.json"), path("a.json"), "--fail-on-regression", "5"}, scratch()),
                       "'" + path("zero.json") + "'", "cannot judge");
        expect_refused(sfpbench({"diff", path("a.json"), path("zero.json"), "--fail-on-regression", "5"}, scratch()),
                       "'" + path("zero.json") + "'", "cannot judge");
        QCOMPARE(sfpbench({"diff", path("a.json"), path("zero.json")}, scratch()).code, 0);  // no gate: shown as is
    }

    // A report that fits the bound but not the memory: a clear error, never an abort.
    void reportUnderAMemoryLimitIsAnError() {
        QVERIFY(sparse(path("big.json"), qint64(250) << 20));
        Launch l;
        l.args = {"diff", path("a.json"), path("big.json")};
        l.memory_limit = rlim_t(200) << 20;
        const Ended r = run(l, scratch());
        expect_refused(r, "'" + path("big.json") + "'", "not enough memory");
        ::unlink(path("big.json").c_str());
    }

    // report --pdf of a large report honours SIGTERM and SIGINT while it renders: it ends with
    // 128 + the signal within the bound, no PDF and no temporary.
    void longReportsHonourSignals() {
        QJsonObject r = fixture("report_a.json");  // 150,000 runs, 90 MB: seconds of reading and drawing
        QJsonArray runs = r["runs"].toArray();
        const QJsonArray round = runs;
        while (runs.size() < 150000)
            for (const QJsonValue& run : round) runs.append(run);
        r["runs"] = runs;
        write(path("large.json"), QJsonDocument(r).toJson(QJsonDocument::Compact));
        for (const int sig : {SIGTERM, SIGINT}) {
            Launch l;
            l.args = {"report", path("large.json"), "--pdf", path("large.pdf")};
            l.bound_s = 20;
            const pid_t pid = start(l, scratch());
            QVERIFY(wait_until_it_catches(pid, sig));
            std::this_thread::sleep_for(std::chrono::milliseconds(200));  // reading or rendering by now
            ::kill(pid, sig);
            const Ended e = finish(pid, l, scratch());
            QVERIFY2(!e.hung, "ignored the signal");
            QVERIFY2(e.code == 128 + sig, e.err.c_str());
            QVERIFY(!QFileInfo::exists(QString::fromStdString(path("large.pdf"))));
            QCOMPARE(temporaries(dir_.path()), QStringList());
        }
    }

    // Kernel pseudo-files are refused by every wordcount strategy, naming the file.
    void pseudoFilesAreRefused_data() {
        QTest::addColumn<QString>("strategy");
        for (const char* s : {"auto", "strtok", "loop", "pipeline", "simd", "striped", "files", "wc"})
            QTest::newRow(s) << s;
    }
    void pseudoFilesAreRefused() {
        QFETCH(QString, strategy);
        for (const std::string pseudo : {"/sys/kernel/uevent_seqnum", "/proc/self/status"})
            expect_refused(sfpbench({"wordcount", pseudo, "--strategy", strategy.toStdString()}, scratch()),
                           "'" + pseudo + "'", "pseudo-file");
    }

    // --timeline without --json has nowhere to go: refused in one line naming both, nothing run.
    void timelineWithoutJsonIsRefused() {
        write(path("ta"), "same\n");
        write(path("tb"), "same\n");
        const Ended one = sfpbench({"compare", path("ta"), path("tb"), "--timeline"}, scratch());
        QVERIFY2(one.code == 2 && lines_of(one.err) == 1 && one.err.find("--timeline") != std::string::npos &&
                     one.err.find("--json") != std::string::npos,
                 one.err.c_str());
        QVERIFY2(one.out.empty(), one.out.c_str());
        const Ended run = sfpbench({"run", "--strategies", "read", "--sizes", "4K", "--reps", "1", "--warmup", "0",
                                    "--workdir", scratch() + "/work", "--timeline"},
                                   scratch());
        QVERIFY2(run.code == 2 && lines_of(run.err) == 1 && run.err.find("--json") != std::string::npos,
                 run.err.c_str());
        QVERIFY2(run.out.empty(), run.out.c_str());
    }

    // --separators: escapes outside the grammar are refused naming the offending text.
    void separatorEscapesOutsideTheGrammarAreRefused() {
        write(path("words"), "a,b c\n");
        for (const char* bad : {"\\x4", "\\xZZ", "\\q", "\\0", "\\x00", "\\"}) {
            const Ended r = sfpbench({"wordcount", path("words"), "--separators", bad}, scratch());
            QVERIFY2(r.code == 2 && lines_of(r.err) == 1 && r.err.find("separators") != std::string::npos,
                     r.err.c_str());
            QVERIFY2(r.out.empty(), r.out.c_str());
        }
        const Ended ok = sfpbench({"wordcount", path("words"), "--separators", "\\x2c"}, scratch());
        QVERIFY2(ok.code == 0, ok.err.c_str());
        QVERIFY2(ok.out.starts_with("1 3 6 "), ok.out.c_str());
    }

    // Under a memory limit (ulimit -v 400000, as the issue found it) a 300 MB line: every
    // strategy counts it right or refuses naming the file -- never `0 0 0` and exit 0.
    void aLongLineUnderAMemoryLimit_data() { pseudoFilesAreRefused_data(); }
    void aLongLineUnderAMemoryLimit() {
        QFETCH(QString, strategy);
        const std::string file = path("line");
        constexpr std::uint64_t kWords = 100'000'000;  // "ab " each: 300 MB, then one newline
        if (!QFileInfo::exists(QString::fromStdString(file))) {
            std::ofstream out(file, std::ios::binary);
            const std::string block = [] {
                std::string b;
                for (int i = 0; i < 1'000'000; ++i) b += "ab ";
                return b;
            }();
            for (std::uint64_t i = 0; i < kWords / 1'000'000; ++i) out << block;
            out << "\n";
        }
        Launch l;
        l.args = {"wordcount", file, "--strategy", strategy.toStdString(), "--threads", "1"};
        l.memory_limit = rlim_t(400000) * 1024;
        const Ended r = run(l, scratch());
        QVERIFY2(!r.hung && r.signal == 0, r.err.c_str());
        if (r.code != 0) {
            expect_refused(r, "'" + file + "'");
            QVERIFY2(r.out.empty(), r.out.c_str());
            return;
        }
        std::istringstream counts(r.out);
        std::uint64_t lines = 0, words = 0, bytes = 0;
        counts >> lines >> words >> bytes;
        QCOMPARE(lines, std::uint64_t(1));
        QCOMPARE(words, kWords);
        QCOMPARE(bytes, 3 * kWords + 1);
    }

    // The small misleading things, each as the user meets it.
    void messagesSayWhatIsTrue() {
        write(path("text"), "one two\n");
        const Ended dash = sfpbench({"wordcount", "-dash", path("text")}, scratch());
        QVERIFY2(dash.code == 2 && dash.err.find("unknown option '-dash'") != std::string::npos, dash.err.c_str());
        const std::string digits23 = "12345678901234567890123";
        const Ended packing = sfpbench({"wordcount", path("text"), "--packing", digits23}, scratch());
        QVERIFY2(packing.code == 2 && packing.err.find("out of range") != std::string::npos &&
                     packing.err.find("not a whole number") == std::string::npos,
                 packing.err.c_str());
        const Ended run_packing =
            sfpbench({"run", "--algorithm", "wordcount", "--sizes", "1K", "--packing", digits23}, scratch());
        QVERIFY2(run_packing.code == 2 &&
                     run_packing.err == "sfpbench: --packing: '" + digits23 + "' is out of range (1 to 100000)\n",
                 run_packing.err.c_str());
        Launch closed;
        closed.args = {"strategies"};
        closed.close_stdout = true;
        const Ended c = run(closed, scratch());
        QVERIFY2(c.code == 2 && c.err.find("cannot write standard output: Bad file descriptor") != std::string::npos,
                 c.err.c_str());
        const Ended diff = sfpbench({"diff", path("a.json"), path("a.json")}, scratch());
        QVERIFY2(diff.code == 0 && diff.out.find("Linux Linux") == std::string::npos &&
                     diff.out.find(", Linux 6.") != std::string::npos,
                 diff.out.c_str());
    }

    // A wrong count of operands, said as a person says it -- what the command needs, as its usage
    // names them, and what it got -- from the one-run commands and from `run --input`.
    void operandCountsInWords() {
        const std::string one = path("one-file");
        write(one, "x");
        const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
            {{"compare", one}, "compare needs two files (A B); got one: '" + one + "'"},
            {{"compare", one, one, one},
             "compare needs two files (A B); got three: '" + one + "', '" + one + "', '" + one + "'"},
            {{"cipher", one, "--shift", "1"},
             "cipher needs an input and an output file (IN OUT); got one: '" + one + "'"},
            {{"wordcount"}, "wordcount needs one or more files (FILE...); got none"},
            {{"iterate"}, "iterate needs one or more directories (DIR...); got none"},
            {{"run", "--input", one}, "--input: compare needs two files; got one: '" + one + "'"},
            {{"run", "--algorithm", "cipher", "--input", one, "--input", one},
             "--input: cipher needs one file; got two: '" + one + "', '" + one + "'"},
        };
        for (const auto& [args, said] : cases) {
            const Ended r = sfpbench(args, scratch());
            QVERIFY2(r.code == 2 && r.err == "sfpbench: " + said + "\n", r.err.c_str());
        }
    }

    // A strategy named with a place marker of QString::arg ("x%1y") is text: diff's list of cells
    // only in one report and the Markdown report show it verbatim, never with a number put in it.
    void placeMarkersInNamesStayText() {
        write(path("marker.json"), with_strategy("x%1y"));
        const Ended d = sfpbench({"diff", path("marker.json"), path("a.json")}, scratch());
        QVERIFY2(d.code == 0, d.err.c_str());
        QVERIFY2(d.out.find("only in A (1):\n  x%1y block=4K size=1M  ") != std::string::npos, d.out.c_str());
        const Ended r = sfpbench({"report", path("marker.json"), "--markdown", path("marker.md")}, scratch());
        const std::string md = slurp(path("marker.md"));
        QVERIFY2(r.code == 0 && md.find("| x%1y |") != std::string::npos, (r.err + md).c_str());
    }

    // SFPBENCH_LIMITS naming a directory, a FIFO or a file not sfpbench's: the message says what
    // the path is and advises on the variable, not on a workspace it is no file of.
    void limitsTheVariableNames() {
        write(path("pair-a"), "same\n");
        write(path("pair-b"), "same\n");
        write(path("not-limits.txt"), "hello\n");
        QVERIFY(QDir().mkpath(QString::fromStdString(path("limits-dir"))));
        for (const auto& [given, what] :
             {std::pair{path("limits-dir"), "it is a directory"}, std::pair{path("fifo"), "it is a FIFO"},
              std::pair{path("not-limits.txt"), "not an sfpbench limits file"}}) {
            qputenv("SFPBENCH_LIMITS", QByteArray(given.c_str()));
            const Ended r = sfpbench({"run", "--algorithm", "compare", "--input", path("pair-a"), "--input",
                                      path("pair-b"), "--strategies", "read", "--reps", "1", "--warmup", "0"},
                                     scratch());
            qunsetenv("SFPBENCH_LIMITS");
            const std::string said = r.out + r.err;
            QVERIFY2(!r.hung && r.code == 0, said.c_str());
            QVERIFY2(said.find("'" + given + "'") != std::string::npos && said.find(what) != std::string::npos,
                     said.c_str());
            QVERIFY2(said.find("set SFPBENCH_LIMITS to a limits file sfpbench wrote, or to off") != std::string::npos,
                     said.c_str());
            QVERIFY2(said.find("workspace") == std::string::npos && said.find("--refresh") == std::string::npos,
                     said.c_str());
        }
    }

    // Under a decimal-comma locale (de_DE, made with localedef into the scratch directory) every
    // number is written with a '.', by the lean program and by sfpbench-full alike, and a limits
    // file's "1.5e10" still reads as a number.
    void numbersKeepTheirPointUnderEveryLocale() {
        const std::string locales = path("locales");
        QVERIFY(QDir().mkpath(QString::fromStdString(locales)));
        if (std::system(("localedef -i de_DE -f UTF-8 '" + locales + "/de_DE.UTF-8' >/dev/null 2>&1").c_str()) != 0)
            QSKIP(
                "localedef cannot make de_DE.UTF-8 here (no localedef, or the locales package's sources are missing)");
        std::string limits = slurp(SFP_TEST_DATA "/../../support/limits-fixture.txt");
        const std::string point = "point\t1\t10000000000";
        QVERIFY(limits.find(point) != std::string::npos);
        limits.replace(limits.find(point), point.size(), "point\t1\t1.5e10");
        write(path("decimal-limits.txt"), QByteArray::fromStdString(limits));
        write(path("pair-a"), "same\n");
        write(path("pair-b"), "same\n");
        qputenv("LOCPATH", QByteArray(locales.c_str()));
        qputenv("LC_ALL", QByteArray("de_DE.UTF-8"));
        qputenv("SFPBENCH_LIMITS", QByteArray(path("decimal-limits.txt").c_str()));
        const Ended full = sfpbench({"run", "--input", path("pair-a"), "--input", path("pair-b"), "--strategies",
                                     "read,mmap", "--reps", "2", "--warmup", "0"},
                                    scratch());
        const Ended lean = sfpbench({"compare", path("pair-a"), path("pair-b")}, scratch());
        qunsetenv("SFPBENCH_LIMITS");
        qunsetenv("LC_ALL");
        qunsetenv("LOCPATH");
        const QRegularExpression comma(QStringLiteral("[0-9],[0-9]"));
        for (const Ended& r : {full, lean}) {
            QVERIFY2(r.code == 0, r.err.c_str());
            const QString said = QString::fromStdString(r.out + r.err);
            QVERIFY2(!said.contains(comma), qPrintable(said));
        }
        QVERIFY2(full.out.find("against this machine's limits") != std::string::npos &&
                     full.out.find("not a number") == std::string::npos,
                 full.out.c_str());
        QVERIFY2(lean.err.find("real 0.") != std::string::npos, lean.err.c_str());
    }

    // A cell timed at 0 s (a clock too coarse) has no rate: its MB/s reads n/a in the Markdown
    // table, never 0.0, inf or a figure its time cannot give; diff prints no inf or nan either.
    void aZeroTimeHasNoRate() {
        write(path("zero-rate.json"), with_zero_times());
        const Ended md =
            sfpbench({"report", path("zero-rate.json"), "--markdown", path("zero-rate.md"), path("a.json")}, scratch());
        QVERIFY2(md.code == 0, md.err.c_str());
        const std::string text = slurp(path("zero-rate.md"));
        const std::size_t row = text.find("| read | 4K | - | 3 | 0 us |");
        QVERIFY2(row != std::string::npos, text.c_str());
        const QStringList cells = QString::fromStdString(text.substr(row, text.find('\n', row) - row)).split(" | ");
        QVERIFY2(cells.size() > 7 && cells[7] == "n/a", qPrintable(cells.join(" | ")));
        for (const auto& [a, b] :
             {std::pair{path("zero-rate.json"), path("a.json")}, std::pair{path("a.json"), path("zero-rate.json")}}) {
            const Ended d = sfpbench({"diff", a, b}, scratch());
            const QString out = QString::fromStdString(d.out + text);
            QVERIFY2(!out.contains(QRegularExpression(QStringLiteral("\\b(inf|nan)\\b"),
                                                      QRegularExpression::CaseInsensitiveOption)),
                     qPrintable(out));
        }
    }

    // iterate --list --json keeps the list: one entry per file, path and hash.
    void iterateListSurvivesJson() {
        const std::string tree = path("tree");
        QVERIFY(QDir().mkpath(QString::fromStdString(tree)));
        write(tree + "/x", "x");
        write(tree + "/y", "yy");
        const Ended r = sfpbench({"iterate", tree, "--list", "--json", "--strategy", "fs"}, scratch());
        QVERIFY2(r.code == 0, r.err.c_str());
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object()["outcome"].toObject();
        const QJsonArray list = o["list"].toArray();
        QCOMPARE(list.size(), 2);
        QStringList paths;
        for (const QJsonValue& v : list) paths << v["path"].toString();
        paths.sort();
        QCOMPARE(paths, (QStringList{QString::fromStdString(tree + "/x"), QString::fromStdString(tree + "/y")}));
        QCOMPARE(list[0]["xxh3"].toString().size(), 16);
    }

    // A name that is not UTF-8 (byte 0xFF) survives --list --json: its path_base64 holds its exact
    // bytes; a UTF-8 name has none (its path is exact already).
    void iterateListKeepsNamesThatAreNotUtf8() {
        const std::string tree = path("bytes-tree");
        QVERIFY(QDir().mkpath(QString::fromStdString(tree)));
        const std::string odd = tree +
                                "/a\xff"
                                "b",
                          plain = tree + "/\xc3\xa9t\xc3\xa9";  // "a<FF>b", "été"
        for (const std::string& name : {odd, plain}) {
            const int fd = ::open(name.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
            QVERIFY(fd >= 0);
            ::close(fd);
        }
        const std::string fifo = tree + "/f\xfe";  // skipped (not a regular file): its line keeps its bytes too
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const Ended r = sfpbench({"iterate", tree, "--list", "--json", "--strategy", "fs"}, scratch());
        QCOMPARE(std::system(("rm -rf '" + tree + "'").c_str()), 0);  // QTemporaryDir cannot remove a name not UTF-8
        QVERIFY2(r.code == 0, r.err.c_str());
        const QJsonValue outcome = QJsonDocument::fromJson(QByteArray::fromStdString(r.out))["outcome"];
        const QJsonArray skipped = outcome["skipped_base64"].toArray();
        QCOMPARE(skipped.size(), 1);
        const std::string line =
            QByteArray::fromBase64(skipped[0].toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors)
                .toStdString();
        QVERIFY2(line.rfind(fifo + ": ", 0) == 0, line.c_str());
        QCOMPARE(outcome["skipped"].toArray().size(), 1);
        const QJsonArray list = outcome["list"].toArray();
        QCOMPARE(list.size(), 2);
        std::set<std::string> names;
        for (const QJsonValue& v : list) {
            const QJsonValue bytes = v["path_base64"];
            if (bytes.isUndefined())
                names.insert(v["path"].toString().toStdString());
            else
                names.insert(
                    QByteArray::fromBase64(bytes.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors)
                        .toStdString());
        }
        QCOMPARE(names, (std::set<std::string>{odd, plain}));
    }

    // Names from a report go into Markdown as text, and diff's columns line up whatever the
    // names' widths (CJK) and however long the numbers.
    void namesStayText() {
        write(path("marks.json"), with_strategy("a*b_c[1]"));
        const Ended md = sfpbench({"report", path("marks.json"), "--markdown", path("marks.md")}, scratch());
        QVERIFY2(md.code == 0, md.err.c_str());
        QVERIFY2(slurp(path("marks.md")).find("| a\\*b_c\\[1\\] |") != std::string::npos,
                 slurp(path("marks.md")).c_str());
        QJsonObject wide = fixture("report_a.json");
        QJsonArray cells = wide["cells"].toArray(), stats = wide["statistics"].toArray();
        QJsonObject c = cells[1].toObject(), s = stats[1].toObject(), real = s["real_s"].toObject();
        c["strategy"] = QStringLiteral("読み込み");
        real["median"] = 123456789012.5;
        s["real_s"] = real;
        cells[1] = c;
        stats[1] = s;
        wide["cells"] = cells;
        wide["statistics"] = stats;
        QJsonArray runs = wide["runs"].toArray();  // the runs say what the statistics say
        for (qsizetype i = 0; i < runs.size(); ++i) {
            QJsonObject run = runs[i].toObject(), result = run["result"].toObject();
            if (run["cell"].toInt() != 1) continue;
            result["real_s"] = 123456789012.5;
            run["result"] = result;
            runs[i] = run;
        }
        wide["runs"] = runs;
        write(path("wide.json"), QJsonDocument(wide).toJson());
        const Ended d = sfpbench({"diff", path("wide.json"), path("wide.json")}, scratch());
        QVERIFY2(d.code == 0, d.err.c_str());
        std::istringstream lines(d.out);
        std::string line;
        std::vector<int> ends;  // where each table row's last column begins
        bool table = false;
        while (std::getline(lines, line)) {
            if (line.starts_with("cell ")) table = true;
            if (!table) continue;
            if (line.empty()) break;                    // the table ends; its note follows
            if (line.starts_with("geomean")) continue;  // no verdict column
            ends.push_back(columns(line.substr(0, line.rfind("  "))));
        }
        QVERIFY2(ends.size() > 2 && std::all_of(ends.begin(), ends.end(), [&](int e) { return e == ends[0]; }),
                 d.out.c_str());
        QVERIFY(d.out.find("読み込み") != std::string::npos);
    }

    // Another user (nobody) who may write to a shared workspace lists a generated input's name in
    // its manifest and links that name to a file of root's: no run, in any cache mode, writes
    // through the link; the victim keeps its bytes. Then with root's own manifest: the same.
    void aSharedWorkspaceIsNeverWrittenThroughALink() {
        if (::geteuid() != 0)
            QSKIP("acting as another user (nobody) needs root; test_workspace covers the same user's links");
        const std::string shared = path("shared"), victim = path("victim.txt");
        const std::string name = "text-64K-seed1.txt",
                          header = "# Files sfpbench created here; `sfpbench clean` removes exactly these.\n";
        write(victim, "root's own\n");
        QCOMPARE(::chmod(scratch().c_str(), 0755), 0);
        QCOMPARE(::mkdir(shared.c_str(), 0755), 0);
        QCOMPARE(::chmod(shared.c_str(), 01777), 0);
        const pid_t pid = fork();
        if (pid == 0) {  // the other user
            if (::setgid(65534) != 0 || ::setuid(65534) != 0) _exit(3);
            std::ofstream(shared + "/sfpbench-manifest.txt") << header << name << "\n";
            _exit(::symlink(victim.c_str(), (shared + "/" + name).c_str()) == 0 ? 0 : 4);
        }
        int status = 0;
        QCOMPARE(::waitpid(pid, &status, 0), pid);
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0, "could not act as nobody");
        for (int owner = 0; owner < 2; ++owner) {
            if (owner == 1) {  // root's manifest now; the link still nobody's
                ::unlink((shared + "/sfpbench-manifest.txt").c_str());
                std::ofstream(shared + "/sfpbench-manifest.txt") << header << name << "\n";
            }
            for (const char* cache : {"hot", "hot-written", "cold"}) {
                const Ended r = sfpbench({"run", "--algorithm", "wordcount", "--strategies", "simd", "--sizes", "64K",
                                          "--workdir", shared, "--cache", cache, "--reps", "1"},
                                         scratch());
                const std::string said = r.out + r.err;  // the run's error is in the summary's warnings
                QVERIFY2(r.code == 2 && said.find("'" + shared + "/") != std::string::npos &&
                             said.find(owner == 0 ? "another user" : "symbolic link") != std::string::npos,
                         (cache + (": " + said)).c_str());
                QCOMPARE(slurp(victim), std::string("root's own\n"));
            }
        }
    }

    // Text from a report reaches the terminal and the Markdown with its control characters made
    // visible: read back byte by byte, no ESC, BEL, C1 control or forged line is there.
    void reportTextNeverEscapesToTheTerminal() {
        QJsonObject r = fixture("report_a.json");
        QJsonObject m = r["machine"].toObject();
        const QString title = QString::fromUtf8("\x1b]0;owned\x07\x1b[2J");
        m["cpu_model"] = "CPU " + title + "\nforged: 9.99x faster";
        m["kernel"] = QStringLiteral("Linux ") + QChar(0x9b) + "31m" + QChar(0x1b) + "[0m\r";
        r["machine"] = m;
        write(path("escape.json"), QJsonDocument(r).toJson());
        auto clean = [](const std::string& text) {
            for (std::size_t i = 0; i < text.size(); ++i) {
                const auto c = (unsigned char)text[i];
                if ((c < 0x20 && c != '\n') || c == 0x7f)
                    return "a control byte " + std::to_string(c) + " at " + std::to_string(i);
                if (c == 0xc2 && i + 1 < text.size() && (unsigned char)text[i + 1] >= 0x80 &&
                    (unsigned char)text[i + 1] <= 0x9f)
                    return "a C1 control at " + std::to_string(i);
            }
            return std::string();
        };
        const Ended d = sfpbench({"diff", path("a.json"), path("escape.json")}, scratch());
        QVERIFY2(d.code == 0, d.err.c_str());
        QVERIFY2(clean(d.out).empty() && clean(d.err).empty(), (clean(d.out) + clean(d.err)).c_str());
        QVERIFY2(d.out.find("\\x1b]0;owned\\x07\\x1b[2J\\x0aforged") != std::string::npos, d.out.c_str());
        QVERIFY2(d.out.find("\nforged") == std::string::npos, d.out.c_str());
        const Ended md = sfpbench({"report", path("escape.json"), "--markdown", path("escape.md")}, scratch());
        QVERIFY2(md.code == 0, md.err.c_str());
        const std::string text = slurp(path("escape.md"));
        QVERIFY2(clean(text).empty(), clean(text).c_str());
        QVERIFY2(text.find("\\u009b31m") != std::string::npos, text.c_str());
    }

    // Outputs written beside a user's files whose names merely look like a temporary of the
    // tool's (".NAME.sfp-XXXXXX", with or without a tag) leave them as they were.
    void lookAlikesOfTemporariesAreTheUsers() {
        const std::string beside = path("beside");
        QCOMPARE(::mkdir(beside.c_str(), 0755), 0);
        const std::vector<std::string> users = {beside + "/.report.csv.sfp-Ab12Cd", beside + "/.x.sfp-Ab12Cd-12345678"};
        for (const std::string& p : users) write(p, "the user's");
        QCOMPARE(::mkdir((beside + "/.dir.sfp-XyZ789").c_str(), 0755), 0);
        write(beside + "/.dir.sfp-XyZ789/inside", "the user's");
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"report", path("a.json"), "--markdown", beside + "/report.md"},
              std::vector<std::string>{"generate", "random", beside + "/x.bin", "--size", "4K"}}) {
            const Ended r = sfpbench(args, scratch());
            QVERIFY2(r.code == 0, r.err.c_str());
        }
        for (const std::string& p : users) QCOMPARE(slurp(p), std::string("the user's"));
        QCOMPARE(slurp(beside + "/.dir.sfp-XyZ789/inside"), std::string("the user's"));
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "test_cli_hostile.moc"
