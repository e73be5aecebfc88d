// Every registered search strategy x block size x thread count against a simple reference
// (support/search_reference.hpp): matches at the first and last byte, across every block and
// stripe boundary, overlapping occurrences, patterns longer than a block, NUL and high bytes,
// empty inputs, more and exactly N matches, several inputs; first N and counting.
#include <QtTest>
#include <filesystem>
#include <string>
#include <vector>

#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "algorithms/search/finder.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/experiment.hpp"
#include "sfp/report.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_record.hpp"
#include "sfp/parameter.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/search.hpp"
#include "support/search_reference.hpp"
#include "support/temp_files.hpp"
#include "support/option_text.hpp"

using testing::Bytes;

namespace {

// Text over a two-letter alphabet: occurrences of short patterns everywhere, overlapping ones
// ("aa" in "aaa") across every boundary a block of the sizes below makes.
Bytes two_letters(std::size_t n, std::uint32_t seed) {
    Bytes b = testing::pattern(n, seed);
    for (auto& v : b) v = (v & 3) == 0 ? 'b' : 'a';
    return b;
}

Bytes with_nul_and_high(std::size_t n) {
    Bytes b = testing::pattern(n, 11);
    static constexpr std::uint8_t kBytes[] = {0x00, 0xff, 'x'};
    for (auto& v : b) v = kBytes[v % 3];
    return b;
}

// A long pattern planted at the start, across boundaries and at the very end.
Bytes planted(const std::string& p, std::size_t n, const std::vector<std::size_t>& at) {
    Bytes b(n, '.');
    for (std::size_t a : at) std::copy(p.begin(), p.end(), b.begin() + std::ptrdiff_t(a));
    return b;
}

struct Case {
    std::string name;
    std::vector<Bytes> files;
    std::string pattern;
};

std::vector<Case> cases() {
    const std::string long_pattern = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN";  // 50 bytes
    const Bytes ab = two_letters(3001, 5);
    std::vector<Case> c = {
        {"one letter", {ab}, "a"},
        {"aa overlapping", {ab}, "aa"},
        {"aba", {ab}, "aba"},
        {"abab", {ab}, "abab"},
        {"bbb", {ab}, "bbb"},
        {"longer than small blocks", {ab}, "abaabaab"},
        {"all a, aa", {Bytes(1001, 'a')}, "aa"},
        {"all a, aaa", {Bytes(1000, 'a')}, "aaa"},
        {"NUL and high", {with_nul_and_high(2003)}, std::string("\0\xff", 2)},
        {"NUL and high, 3", {with_nul_and_high(2003)}, std::string("\xff\xff\0", 3)},
        {"first and last byte", {planted("xyz", 1000, {0, 997})}, "xyz"},
        {"pattern longer than a stripe", {planted(long_pattern, 1500, {0, 61, 500, 1450})}, long_pattern},
        {"empty input", {Bytes{}}, "a"},
        {"one byte", {Bytes{'a'}}, "a"},
        {"shorter than the pattern", {Bytes{'a', 'b'}}, "abc"},
        {"several inputs", {two_letters(700, 1), Bytes{}, two_letters(9, 2), Bytes(50, 'a')}, "aa"},
        {"no match", {ab}, "c"},
    };
    return c;
}

// Whether the strategy searches for a fixed string (the regex strategy takes regular expressions only).
bool takes_fixed(const sfp::Strategy& s) {
    sfp::RunSpec spec;
    spec.algorithm = "search";
    testing::set_option(spec, "pattern", "x");
    return !s.takes || s.takes(spec).supported;
}

}  // namespace

class TestSearch : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    std::vector<std::string> write(const Case& c) {
        std::vector<std::string> paths;
        for (std::size_t i = 0; i < c.files.size(); ++i) {
            paths.push_back((dir_.path() + "/in" + QString::number(i)).toStdString());
            testing::write_file(paths.back(), c.files[i]);
        }
        return paths;
    }

    static sfp::RunResult search(const std::string& strategy, const std::vector<std::string>& inputs,
                                 const std::string& pattern, std::uint64_t block, unsigned threads, std::size_t max,
                                 bool count) {
        sfp::RunSpec spec;
        spec.algorithm = "search";
        spec.strategy = strategy;
        spec.inputs = inputs;
        spec.block_size = block;
        spec.threads = threads;
        testing::set_option(spec, "pattern", pattern);
        testing::set_option(spec, "max_matches", std::to_string(max));
        testing::set_option(spec, "count", count ? "true" : "false");
        sfp::Progress progress;
        return sfp::run_once(spec, progress);
    }

private slots:
    void matchesReference_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<qulonglong>("block");
        QTest::addColumn<unsigned>("threads");
        for (const sfp::Strategy* s : sfp::strategies_of("search")) {
            for (qulonglong block : {1ull, 2ull, 7ull, 64ull, 4096ull}) {
                for (unsigned threads : {1u, 2u, 3u}) {
                    if (!sfp::uses(*s, sfp::kBlockSizeParameter) && block != 64) continue;
                    if (!sfp::uses(*s, sfp::kThreadsParameter) && threads != 2) continue;
                    const QString name = QString::fromUtf8(s->name.data(), int(s->name.size()));
                    QTest::newRow(qPrintable(QString("%1 b=%2 t=%3").arg(name).arg(block).arg(threads)))
                        << name << block << threads;
                }
            }
        }
    }

    void matchesReference() {
        QFETCH(QString, strategy);
        QFETCH(qulonglong, block);
        QFETCH(unsigned, threads);
        const sfp::Strategy* s = sfp::find_strategy("search", strategy.toStdString());
        if (!s->support().supported)
            QSKIP(qPrintable("unsupported here: " + QString::fromStdString(s->support().reason)));
        for (const Case& c : cases()) {
            const std::vector<std::string> paths = write(c);
            for (std::size_t max : {1u, 3u, 8u, 100000u}) {
                for (bool count : {false, true}) {
                    const std::string what = c.name + " max " + std::to_string(max) + (count ? " counting" : "");
                    if (s->takes) {
                        sfp::RunSpec spec;
                        spec.algorithm = "search";
                        testing::set_option(spec, "pattern", c.pattern);
                        if (!s->takes(spec).supported) continue;  // grep: a NUL cannot be on its command line
                    }
                    const sfp::RunResult r =
                        search(strategy.toStdString(), paths, c.pattern, block, threads, max, count);
                    QVERIFY2(r.status == sfp::Status::ok, (what + ": " + r.error).c_str());
                    const auto* got = r.outcome.get_if<sfp::SearchOutcome>();
                    QVERIFY2(got, what.c_str());
                    const sfp::SearchOutcome want = testing::search_reference(c.files, c.pattern, max, count);
                    if (!(*got == want))
                        QFAIL(qPrintable(QString::fromStdString(what + ": got " + sfp::canonical(*got) + "\nwant " +
                                                                sfp::canonical(want))));
                    QCOMPARE(r.digest, sfp::digest_of(want));
                }
            }
        }
    }

    // The vector filter's SSE2 path (taken where a CPU has no AVX2) on the same cases, forced.
    void sse2PathMatchesReference() {
        sfp::search::use_sse2_for_tests(true);
        for (const Case& c : cases()) {
            const std::vector<std::string> paths = write(c);
            for (const char* strategy : {"simd", "mmap-mt"})
                for (std::uint64_t block : {7u, 4096u})
                    for (bool count : {false, true}) {
                        const sfp::RunResult r = search(strategy, paths, c.pattern, block, 2, 3, count);
                        QVERIFY2(r.status == sfp::Status::ok, (c.name + ": " + r.error).c_str());
                        QVERIFY2(r.outcome.get<sfp::SearchOutcome>() ==
                                     testing::search_reference(c.files, c.pattern, 3, count),
                                 (c.name + " " + strategy).c_str());
                    }
        }
        sfp::search::use_sse2_for_tests(false);
    }

    // Real text: every strategy (grep and rg among them) on /usr/share/common-licenses.
    void realFilesMatchReference() {
        std::vector<std::string> paths;
        std::vector<Bytes> files;
        for (const auto& e : std::filesystem::directory_iterator("/usr/share/common-licenses"))
            if (e.is_regular_file() && !e.is_symlink()) {
                paths.push_back(e.path().string());
                files.push_back(testing::read_file(paths.back()));
            }
        if (paths.empty()) QSKIP("no regular file in /usr/share/common-licenses (package base-files)");
        for (const sfp::Strategy* s : sfp::strategies_of("search")) {
            if (!s->support().supported || !takes_fixed(*s)) continue;
            for (const std::string pattern : {"the", "GNU", "ee", "Licen", ", "}) {
                for (bool count : {false, true}) {
                    const sfp::RunResult r = search(std::string(s->name), paths, pattern, 4096, 2, 8, count);
                    QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
                    const sfp::SearchOutcome want = testing::search_reference(files, pattern, 8, count);
                    QVERIFY2(r.outcome.get<sfp::SearchOutcome>() == want,
                             (std::string(s->name) + " " + pattern + ": " +
                              sfp::canonical(r.outcome.get<sfp::SearchOutcome>()) + " want " + sfp::canonical(want))
                                 .c_str());
                }
            }
        }
    }

    // --regex: every strategy that takes one (the regex strategy, auto, grep -P, rg -P) finds the
    // lines, or the matches, std::regex finds line by line; the fixed-string ones refuse it.
    void regexMatchesReference() {
        const Case c{"regex",
                     {testing::read_file("/usr/share/common-licenses/GPL-3"),
                      Bytes{'f', 'o', 'o', '\n', '\n', 'x', 'f', 'o', 'o', 'o', ' ', 'f', 'o'}, Bytes{}},
                     ""};
        if (c.files[0].empty()) QSKIP("no /usr/share/common-licenses/GPL-3 (package base-files)");
        const std::vector<std::string> paths = write(c);
        int taking = 0;
        for (const sfp::Strategy* s : sfp::strategies_of("search")) {
            sfp::RunSpec probe;
            probe.options = testing::options_of("search", {{"pattern", "x"}, {"regex", "true"}});
            if (!s->support().supported) continue;
            if (s->takes && !s->takes(probe).supported) {
                QVERIFY2(s->name != "regex" && s->name != "auto", std::string(s->name).c_str());
                continue;
            }
            ++taking;
            for (const std::string pattern : {"fo+", "^$", "[0-9]+", "e.e", "^G", "n$", "a|b"})
                for (bool only : {false, true})
                    for (bool count : {false, true}) {
                        sfp::RunSpec spec;
                        spec.algorithm = "search";
                        spec.strategy = std::string(s->name);
                        spec.inputs = paths;
                        spec.threads = 2;
                        spec.options = testing::options_of("search", {{"pattern", pattern},
                                                                      {"regex", "true"},
                                                                      {"count", count ? "true" : "false"},
                                                                      {"only_matching", only ? "true" : "false"},
                                                                      {"max_matches", "20"}});
                        sfp::Progress progress;
                        const sfp::RunResult r = sfp::run_once(spec, progress);
                        const std::string what = std::string(s->name) + " /" + pattern + "/" + (only ? " -o" : "") +
                                                 (count ? " counting" : "");
                        QVERIFY2(r.status == sfp::Status::ok, (what + ": " + r.error).c_str());
                        const sfp::SearchOutcome want = testing::regex_reference(c.files, pattern, only, 20, count);
                        const auto& got = r.outcome.get<sfp::SearchOutcome>();
                        QVERIFY2(got == want, (what + ": got " + sfp::canonical(got).substr(0, 300) + "\nwant " +
                                               sfp::canonical(want).substr(0, 300))
                                                  .c_str());
                    }
        }
        QVERIFY2(taking >= 3, "the regex strategy, auto and grep at least");
        sfp::RunSpec bad;
        bad.algorithm = "search";
        bad.strategy = "regex";
        bad.inputs = paths;
        bad.options = testing::options_of("search", {{"pattern", "fo(o"}, {"regex", "true"}});
        sfp::Progress progress;
        const sfp::RunResult r = sfp::run_once(bad, progress);
        QCOMPARE(r.status, sfp::Status::error);
        QVERIFY2(r.error.find("not a regular expression") != std::string::npos, r.error.c_str());
        // A pattern that backtracks without end (from an experiment file, say) meets PCRE2's match
        // limit: an error naming it, never a hang.
        const std::string evil = (dir_.path() + "/evil").toStdString();
        Bytes line(40, 'a');
        line.push_back('b');
        testing::write_file(evil, line);
        bad.inputs = {evil};
        bad.options = testing::options_of("search", {{"pattern", "^(a+)+$"}, {"regex", "true"}});
        const sfp::RunResult limited = sfp::run_once(bad, progress);
        QCOMPARE(limited.status, sfp::Status::error);
        QVERIFY2(limited.error.find("limit") != std::string::npos, limited.error.c_str());
    }

    // max_matches is swept (lesson 9) and shapes the outcome: the runs agree at each value, not
    // across values (the first 1 and the first 3 matches are both right), and a strategy that is
    // wrong at one value is still caught.
    void sweptMaxMatchesAgreeAtEachValue() {
        const Case c{"needles", {planted("sfpbench-needle", 200000, {0, 100000, 199985})}, ""};
        sfp::Experiment e;
        e.algorithm = "search";
        e.inputs = write(c);
        e.strategies = {"simd", "mmap-mt", "read"};
        e.sweeps["max_matches"] = {1, 3};
        e.repetitions = 2;
        e.warmups = 0;
        e.cache = sfp::CacheMode::hot;
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
        QCOMPARE(report.cells.size(), std::size_t(6));
        for (const sfp::RunRecord& r : report.runs)
            QVERIFY2(r.status == sfp::RunStatus::ok, (report.cells[r.cell].strategy + ": " + r.result.error).c_str());
    }

    // pattern_length (swept: the cost of short patterns) searches for the pattern's first N bytes;
    // each length agrees with itself and with the reference for that prefix; it is refused
    // longer than the pattern and with a regex.
    void patternLengthSearchesAPrefix() {
        const Case c{"two letters", {two_letters(50000, 3)}, "abaab"};  // each prefix matches elsewhere
        sfp::Experiment e;
        e.algorithm = "search";
        e.inputs = write(c);
        e.strategies = {"simd", "mmap-mt", "grep"};
        e.sweeps["pattern_length"] = {1, 3, 0};
        e.options = {{"count", "true"}, {"pattern", c.pattern}};
        e.repetitions = 1;
        e.warmups = 0;
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
        QCOMPARE(report.cells.size(), std::size_t(9));
        for (const sfp::RunRecord& r : report.runs) {
            const sfp::Cell& cell = report.cells[r.cell];
            QVERIFY2(r.status == sfp::RunStatus::ok, (cell.strategy + ": " + r.result.error).c_str());
            const std::uint64_t length = cell.value("pattern_length");
            const std::string prefix = c.pattern.substr(0, length ? length : std::string::npos);
            QVERIFY2(r.result.outcome.get<sfp::SearchOutcome>() == testing::search_reference(c.files, prefix, 8, true),
                     (cell.strategy + " length " + std::to_string(length)).c_str());
        }
        for (const auto& [options, says] : std::vector<std::pair<std::map<std::string, std::string>, std::string>>{
                 {{{"pattern", "abc"}, {"pattern_length", "4"}}, "longer than the pattern"},
                 {{{"pattern", "a+"}, {"pattern_length", "1"}, {"regex", "true"}}, "only for a fixed pattern"}}) {
            sfp::RunSpec spec;
            spec.algorithm = "search";
            spec.strategy = options.contains("regex") ? "regex" : "simd";
            spec.inputs = e.inputs;
            spec.options = testing::options_of("search", options);
            const sfp::RunResult r = sfp::run_once(spec, progress);
            QCOMPARE(r.status, sfp::Status::error);
            QVERIFY2(r.error.find(says) != std::string::npos, r.error.c_str());
        }
    }

    // The pattern is bytes: an empty one or one with a newline is refused, saying why.
    void badPatternsAreRefused() {
        const Case c = cases().front();
        const std::vector<std::string> paths = write(c);
        const std::pair<std::string, std::string> bad[] = {{"", "empty pattern"}, {"a\nb", "newline"}};
        for (const auto& [pattern, why] : bad) {
            const sfp::RunResult r = search("auto", paths, pattern, 4096, 2, 8, false);
            QCOMPARE(r.status, sfp::Status::error);
            QVERIFY2(r.error.find(why) != std::string::npos, r.error.c_str());
        }
    }

    // compMP's passive stop, and the single thread's early stop: with the first N matches near
    // the start of a large input, no strategy but the baseline reads it all (RunResult::bytes
    // counts what was read); counting reads everything. One thread: with two, how far the second
    // gets before the first has found the matches is a matter of timing.
    void stopsReadingOnceNFound() {
        Bytes text(16u << 20, '.');
        for (std::size_t at : {10u, 5000u, 70000u}) std::copy_n("needle", 6, text.begin() + std::ptrdiff_t(at));
        const std::string path = (dir_.path() + "/big").toStdString();
        testing::write_file(path, text);
        for (const sfp::Strategy* s : sfp::strategies_of("search")) {
            if (!s->support().supported || s->name == "grep" || s->name == "rg" || !takes_fixed(*s))
                continue;  // what the tools read is unknown
            const std::string name(s->name);
            const sfp::RunResult first = search(name, {path}, "needle", 64 << 10, 1, 2, false);
            QVERIFY2(first.status == sfp::Status::ok, first.error.c_str());
            QVERIFY2(first.bytes < text.size() / 2, (name + " read " + std::to_string(first.bytes)).c_str());
            const sfp::RunResult all = search(name, {path}, "needle", 64 << 10, 2, 2, true);
            QCOMPARE(all.bytes, std::uint64_t(text.size()));
            QCOMPARE(all.outcome.get<sfp::SearchOutcome>().counts, std::vector<std::uint64_t>{3});
        }
    }

    // auto's probe: slices of the start searched by each candidate in turns, the rest by the
    // one chosen, all joined in file order -- whichever is chosen (the hook makes the other dear),
    // the outcome is the reference's, with overlapping matches across every slice.
    void autoProbeJoinsItsSlices_data() {
        QTest::addColumn<QString>("dear");
        QTest::newRow("mmap-mt chosen") << "pread-mt";
        QTest::newRow("pread-mt chosen") << "mmap-mt";
    }
    void autoProbeJoinsItsSlices() {
        QFETCH(QString, dear);
        static std::string expensive;
        expensive = dear.toStdString();
        sfp::set_probe_hook([](std::string_view c) { return c == expensive ? 1.0 : 0.0; });
        sfp::set_probe_pays_from(1u << 20);
        sfp::set_folio_share_seam(
            [](const std::vector<std::string>&, std::uint64_t) { return 0.02; });  // small: the probe decides
        const Case c{"aa, probed", {two_letters(5u << 20, 9), Bytes(3, 'a')}, "aa"};
        const std::vector<std::string> paths = write(c);
        for (bool count : {false, true}) {
            const sfp::RunResult r = search("auto", paths, "aa", 4096, 2, count ? 8 : 100000, count);
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            QVERIFY(r.outcome.get<sfp::SearchOutcome>() ==
                    testing::search_reference(c.files, "aa", count ? 8 : 100000, count));
            const std::string note = r.notes.empty() ? "" : r.notes.front();
            const std::string chosen = dear == "mmap-mt" ? "-> pread-mt" : "-> mmap-mt";
            QVERIFY2(note.find(chosen) != std::string::npos, note.c_str());
            QVERIFY2(note.rfind("auto: large folios: 2 % of the cached pages sampled; mmap-mt ", 0) == 0, note.c_str());
        }
        sfp::set_folio_share_seam(nullptr);
        sfp::set_probe_hook(nullptr);
        sfp::set_probe_pays_from(0);
    }

    // Inputs cached mostly in large folios go to mmap-mt at once, however dear a probe would find
    // it (the hook is never asked); the rest of the outcome as ever. Too small to probe: not sampled.
    void autoMapsAtOnceInLargeFolios() {
        sfp::set_probe_hook([](std::string_view c) { return c == "mmap-mt" ? 1.0 : 0.0; });
        sfp::set_folio_share_seam([](const std::vector<std::string>&, std::uint64_t) { return 0.98; });
        const Case c{"aa, large folios", {two_letters(5u << 20, 9), Bytes(3, 'a')}, "aa"};
        const std::vector<std::string> paths = write(c);
        for (const std::uint64_t pays_from : {std::uint64_t(1) << 20, std::uint64_t(0)}) {  // 0: the plan's 256 MiB
            sfp::set_probe_pays_from(pays_from);
            const sfp::RunResult r = search("auto", paths, "aa", 4096, 2, 8, false);
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            QVERIFY(r.outcome.get<sfp::SearchOutcome>() == testing::search_reference(c.files, "aa", 8, false));
            const std::string note = r.notes.empty() ? "" : r.notes.front();
            const std::string want = pays_from ? "auto: large folios: 98 % of the cached pages sampled, where mmap-mt "
                                                 "wins by far -> mmap-mt"
                                               : "auto chose mmap-mt: ";
            QVERIFY2(note.rfind(want, 0) == 0, note.c_str());
        }
        sfp::set_folio_share_seam(nullptr);
        sfp::set_probe_hook(nullptr);
        sfp::set_probe_pays_from(0);
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "test_search.moc"
