// Every registered wordcount strategy x block size x thread count x packing against a plain
// reference counter, on edge-case files made here; every vector path through the strategies;
// extra separators and their escapes; pipeline's bound on long lines; auto's choice; wc's
// format. Bad input, cancel and changing files: test_wordcount_failures.cpp; the swept
// `packing` through the plan and the runner: test_wordcount_sweep.cpp.
#include <QtTest>
#include <algorithm>
#include <atomic>

#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "algorithms/wordcount/vector_path.hpp"
#include "sfp/parameter.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/run_context.hpp"
#include "sfp/wordcount.hpp"
#include "support/slow_probes.hpp"
#include "support/wordcount_runs.hpp"
#include "support/option_text.hpp"

using namespace testing;  // the helpers of support/wordcount_runs.hpp

namespace {

// The reference counter (tests/support), with the histogram: the tests ask for it.
sfp::WordCounts reference(const Bytes& text, const std::string& extra = {}) {
    return testing::wordcount_reference(text, extra);
}

// Word bytes everywhere except a separator 3 before and 2 after each boundary: a 4-byte word
// straddles every boundary given.
Bytes straddling(std::size_t size, const std::vector<std::size_t>& boundaries) {
    Bytes out(size, 'w');
    for (std::size_t b : boundaries) {
        if (b >= 3 && b - 3 < size) out[b - 3] = ' ';
        if (b + 2 < size) out[b + 2] = '\n';
    }
    return out;
}

struct Case {
    std::string name;
    Bytes text;
};

// The edge files for one block size and thread count.
std::vector<Case> cases_for(std::size_t block, unsigned threads) {
    std::vector<Case> c = {
        {"empty", {}},
        {"only separators", text_of(" \t\n\v\f\r\r\n  \n")},
        {"no trailing newline", text_of("one two\nthree")},
        {"CR/LF", text_of("a b\r\nc\r\n\r\nd e f\r\n")},
        {"one letter", text_of("x")},
        {"NUL and high bytes", Bytes{0, 'a', 0, ' ', 0xff, 0x80, '\n', 0xa0, 0, 0x85, ' ', 0}},
        {"runs without a printable byte", Bytes{1, 2, ' ', 0xff, '\n', 0x80, 'a', 0x90, ' ', 0x7f, '~', '\t', 0x7f}},
        {"words longer than 31", text_of(std::string(31, 'a') + " " + std::string(32, 'b') + "\n" +
                                         std::string(100, 'c') + " " + std::string(30, 'd'))},
    };
    Bytes every_byte;  // all 256 values beside letters and each other: GNU wc's rule (the wc strategy checks it)
    for (int round = 0; round < 3; ++round)
        for (int v = 0; v < 256; ++v) {
            every_byte.push_back(std::uint8_t(v));
            if ((v + round) % 5 == 0) every_byte.push_back('x');
        }
    c.push_back({"every byte value", std::move(every_byte)});
    const std::size_t size = std::min<std::size_t>(block * threads * 3 + 1234, 300'000);
    c.push_back({"mixed", mixed_text(size, unsigned(block + threads))});
    c.push_back({"plain text", mixed_text(size, unsigned(block + threads + 1), true)});
    c.push_back({"one word", Bytes(size, 'z')});
    // Stripes of the striped strategy begin at multiples of ceil(size / threads).
    std::vector<std::size_t> boundaries;
    const std::size_t stripe = (size + threads - 1) / threads;
    for (std::size_t b = stripe; b < size; b += stripe) boundaries.push_back(b);
    if (block >= 6)  // 3 bytes before and 2 after each boundary fit between boundaries
        for (std::size_t b = block; b < size; b += block) boundaries.push_back(b);
    c.push_back({"a word across every boundary", straddling(size, boundaries)});
    if (block >= 4096) {  // a 10 MB line read a byte or 7 at a time would take minutes
        Bytes line = mixed_text(10'000'000, 3);
        std::replace(line.begin(), line.end(), std::uint8_t('\n'), std::uint8_t(' '));
        line.back() = '\n';
        c.push_back({"a single 10 MB line", std::move(line)});
    }
    return c;
}

QString describe(const sfp::WordCounts& c) {
    QString h;
    for (std::size_t len = 1; len < c.histogram.size(); ++len) h += QString(" %1").arg(c.histogram[len]);
    return QString("lines %1 words %2 bytes %3 histogram%4").arg(c.lines).arg(c.words).arg(c.bytes).arg(h);
}

// wc makes no histogram, and none is made unless asked: then only the counts are compared.
sfp::WordCounts as_seen_by(const std::string& strategy, sfp::WordCounts c, bool histogram = true) {
    if (strategy == "wc" || !histogram) c.histogram = {};
    return c;
}

}  // namespace

class TestWordcount : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const std::string& name) { return (dir_.path() + "/").toStdString() + name; }

    // Runs auto over `texts` (written as NAME0, NAME1, ...) and checks each file's counts against
    // the reference; the result for its notes.
    sfp::RunResult run_auto(const std::vector<Bytes>& texts, const std::string& name, std::uint64_t block,
                            unsigned threads) {
        std::vector<std::string> paths;
        for (std::size_t i = 0; i < texts.size(); ++i) {
            paths.push_back(path(name + std::to_string(i)));
            testing::write_file(paths.back(), texts[i]);
        }
        sfp::Progress progress;
        sfp::RunResult r = sfp::run_once(spec_of("auto", paths, block, threads, 1000), progress);
        [&] {
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            const auto& got = r.outcome.get<sfp::WordCountOutcome>();
            QCOMPARE(got.files.size(), texts.size());
            for (std::size_t i = 0; i < texts.size(); ++i)
                QVERIFY2(got.files[i] == reference(texts[i]),
                         qPrintable(describe(got.files[i]) + " vs " + describe(reference(texts[i]))));
        }();
        return r;
    }

    // run_auto over four texts, 16 MiB in all, with the probe paying from 16 MiB (not 256), every
    // candidate but `fast` made slow, and the folio share sampled seen as `share`.
    sfp::RunResult run_auto_probed(const char* fast, double share) {
        static std::atomic<double> seen{0};
        seen = share;
        testing::fast_candidate = fast;
        sfp::set_probe_hook(testing::slow_down);
        sfp::set_probe_pays_from(16u << 20);
        sfp::set_folio_share_seam([](const std::vector<std::string>&, std::uint64_t) { return seen.load(); });
        sfp::RunResult r =
            run_auto({mixed_text(100'003, 1), {}, mixed_text(16'777'217, 2), mixed_text(777, 3)}, "auto", 4096, 3);
        sfp::set_folio_share_seam(nullptr);
        sfp::set_probe_pays_from(0);
        sfp::set_probe_hook(nullptr);
        testing::fast_candidate = nullptr;
        return r;
    }

private slots:
    void matchesReference_data() {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<qulonglong>("block");
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<qulonglong>("packing");
        for (const sfp::Strategy* s : sfp::strategies_of("wordcount"))
            for (qulonglong block : {1ull, 7ull, 4096ull, 1ull << 20})
                for (unsigned threads : {1u, 2u, 3u, 8u})
                    for (qulonglong packing : {1ull, 3ull, 1000ull}) {
                        // A parameter the strategy ignores is tested once, not multiplied.
                        if (!sfp::uses(*s, sfp::kBlockSizeParameter) && block != 4096) continue;
                        if (!sfp::uses(*s, sfp::kThreadsParameter) && threads != 2) continue;
                        if (!sfp::uses(*s, *sfp::find_parameter("wordcount", "packing")) && packing != 1000) continue;
                        const QString name =
                            QString("%1 b=%2 t=%3 r=%4").arg(qtext(s->name)).arg(block).arg(threads).arg(packing);
                        QTest::newRow(qPrintable(name)) << qtext(s->name) << block << threads << packing;
                    }
    }

    // All cases in one run, one file each: every strategy also counts several files in order.
    void matchesReference() {
        QFETCH(QString, strategy);
        QFETCH(qulonglong, block);
        QFETCH(unsigned, threads);
        QFETCH(qulonglong, packing);
        const std::string name = strategy.toStdString();
        if (!sfp::find_strategy("wordcount", name)->support().supported) QSKIP("strategy unsupported on this machine");
        const std::vector<Case> cases = cases_for(block, threads);
        std::vector<std::string> paths;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            paths.push_back(path("case" + std::to_string(i)));
            testing::write_file(paths.back(), cases[i].text);
        }
        for (const bool histogram : {true, false}) {  // counting alone runs another kernel
            sfp::Progress progress;
            const sfp::RunResult r = sfp::run_once(spec_of(name, paths, block, threads, packing, histogram), progress);
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            const auto* got = r.outcome.get_if<sfp::WordCountOutcome>();
            QVERIFY(got);
            QCOMPARE(got->files.size(), cases.size());
            sfp::WordCountOutcome want;
            for (std::size_t i = 0; i < cases.size(); ++i) {
                want.files.push_back(as_seen_by(name, reference(cases[i].text), histogram));
                if (!(got->files[i] == want.files[i]))
                    QFAIL(qPrintable(QString("%1 (histogram %2):\n got  %3\n want %4")
                                         .arg(QString::fromStdString(cases[i].name), histogram ? "on" : "off",
                                              describe(got->files[i]), describe(want.files[i]))));
            }
            QCOMPARE(r.digest, sfp::digest_of(want));
        }
    }

    // The strategies that use the vector kernel, with each path it has forced in turn (the
    // kernel's own test covers the paths byte by byte; this covers them in reads and stripes).
    void everyVectorPathThroughTheStrategies_data() {
        QTest::addColumn<int>("vector_path");
        for (auto p : sfp::wordcount::kVectorPaths)
            if (sfp::wordcount::supported(p)) QTest::newRow(sfp::wordcount::to_string(p)) << int(p);
    }
    void everyVectorPathThroughTheStrategies() {
        QFETCH(int, vector_path);
        const std::vector<Case> cases = cases_for(4096, 3);
        std::vector<std::string> paths;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            paths.push_back(path("path" + std::to_string(i)));
            testing::write_file(paths.back(), cases[i].text);
        }
        sfp::wordcount::force_vector_path(sfp::wordcount::VectorPath(vector_path));
        for (const char* strategy : {"simd", "striped", "mmap", "mmap-mt", "files", "pipeline", "auto"})
            for (const bool histogram : {true, false}) {
                sfp::Progress progress;
                const sfp::RunResult r = sfp::run_once(spec_of(strategy, paths, 4096, 3, 7, histogram), progress);
                QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
                const auto& got = r.outcome.get<sfp::WordCountOutcome>();
                for (std::size_t i = 0; i < cases.size(); ++i)
                    QVERIFY2(got.files.at(i) == as_seen_by(strategy, reference(cases[i].text), histogram),
                             qPrintable(QString("%1 %2 histogram %3")
                                            .arg(strategy, QString::fromStdString(cases[i].name))
                                            .arg(histogram)));
            }
        sfp::wordcount::force_vector_path(std::nullopt);
    }

    void extraSeparators() {
        const Bytes t = mixed_text(50'000, 11);
        Bytes with_punctuation = t;
        for (std::size_t i = 0; i < t.size(); i += 7) with_punctuation[i] = i % 2 ? ',' : '.';
        testing::write_file(path("punct"), with_punctuation);
        const sfp::WordCounts want = reference(with_punctuation, ",.\t");
        QVERIFY(!(want == reference(with_punctuation)));  // the extra set matters on this text
        for (const sfp::Strategy* s : sfp::strategies_of("wordcount")) {
            if (!s->support().supported) continue;
            sfp::RunSpec spec = spec_of(std::string(s->name), {path("punct")}, 4096, 3, 7);
            testing::set_option(spec, "separators", ",.\\t");  // escapes are decoded: \t is a tab
            sfp::Progress progress;
            const sfp::RunResult r = sfp::run_once(spec, progress);
            if (s->name == "wc") {  // cannot honour them, and says so instead of counting otherwise
                QCOMPARE(r.status, sfp::Status::error);
                QVERIFY2(r.error.find("separators") != std::string::npos, r.error.c_str());
                continue;
            }
            QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
            QVERIFY2(r.outcome.get<sfp::WordCountOutcome>().files.at(0) == want, s->name.data());
        }
    }

    // One grammar for --separators (README, wordcount --help): \t \n \v \f \r \\ and \xHH with two
    // hex digits; anything else is refused naming the offending text, never taken literally.
    void separatorEscapes_data() {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QByteArray>("means");  // the separators it stands for; empty: refused
        QTest::addColumn<QString>("refusal");   // what the message quotes
        QTest::newRow("hex comma") << "\\x2c" << QByteArray(",") << "";
        QTest::newRow("hex upper") << "\\x2C." << QByteArray(",.") << "";
        QTest::newRow("tab and CR") << "\\t\\r;" << QByteArray("\t\r;") << "";
        QTest::newRow("backslash") << "\\\\" << QByteArray("\\") << "";
        QTest::newRow("vertical tab, form feed, newline") << "\\v\\f\\n" << QByteArray("\v\f\n") << "";
        QTest::newRow("hex with one digit") << "\\x4" << QByteArray() << "'\\x4'";
        QTest::newRow("hex with one digit, then more") << "\\x4," << QByteArray() << "'\\x4,'";
        QTest::newRow("not hex") << "\\xZZ" << QByteArray() << "'\\xZZ'";
        QTest::newRow("unknown escape") << "a\\qb" << QByteArray() << "'\\q'";
        QTest::newRow("NUL as \\0") << "\\0" << QByteArray() << "'\\0'";
        QTest::newRow("NUL as \\x00") << "\\x00" << QByteArray() << "NUL";
        QTest::newRow("lone backslash") << ",\\" << QByteArray() << "'\\'";
    }
    void separatorEscapes() {
        QFETCH(QString, option);
        QFETCH(QByteArray, means);
        QFETCH(QString, refusal);
        Bytes t = mixed_text(20'000, 21, true);
        for (std::size_t i = 0; i < t.size(); i += 5) t[i] = std::uint8_t(",.;\\\x04x4"[i % 7]);
        testing::write_file(path("sep"), t);
        sfp::RunSpec spec = spec_of("simd", {path("sep")}, 4096, 1, 1);
        testing::set_option(spec, "separators", option.toStdString());
        sfp::Progress progress;
        const auto r = sfp::run_once(spec, progress);
        if (means.isEmpty()) {
            QCOMPARE(r.status, sfp::Status::error);
            QVERIFY2(r.error.find("separators") != std::string::npos &&
                         r.error.find(refusal.toStdString()) != std::string::npos,
                     r.error.c_str());
            return;
        }
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(r.outcome.get<sfp::WordCountOutcome>().files.at(0) == reference(t, means.toStdString()));
    }

    // pipeline hands lines off whole, but a line longer than its bound (16 MiB) goes on at its last
    // separator, so memory stays bounded and the counts stay exact; a single word longer than the
    // bound is refused naming the file (another strategy counts it).
    void pipelineBoundsLongLines_data() {
        QTest::addColumn<qulonglong>("packing");
        QTest::newRow("packing 1") << 1ull;
        QTest::newRow("packing 1000") << 1000ull;
    }
    void pipelineBoundsLongLines() {
        QFETCH(qulonglong, packing);
        Bytes text = mixed_text(20u << 20, 17, true);  // about 20 MiB, over the 16 MiB bound ...
        std::replace(text.begin(), text.end(), std::uint8_t('\n'), std::uint8_t(' '));  // ... in one line
        text.insert(text.end(), {'\n', 'x', ' ', 'y', '\n'});
        testing::write_file(path("long-line"), text);
        sfp::Progress progress;
        auto r = sfp::run_once(spec_of("pipeline", {path("long-line")}, 65536, 2, packing), progress);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(r.outcome.get<sfp::WordCountOutcome>().files.at(0) == reference(text));
        Bytes word((17u << 20) + 5, 'w');  // over the bound, then one more word
        word.insert(word.end(), {' ', 'v', '\n'});
        testing::write_file(path("long-word"), word);
        r = sfp::run_once(spec_of("pipeline", {path("long-word")}, 65536, 2, packing), progress);
        QCOMPARE(r.status, sfp::Status::error);
        QVERIFY2(r.error.find("'" + path("long-word") + "'") != std::string::npos &&
                     r.error.find("16 MiB") != std::string::npos,
                 r.error.c_str());
        Bytes just((16u << 20) - 64, 'w');  // just under the bound: counted, however the blocks fall
        just.insert(just.end(), {' ', 'v', '\n'});
        testing::write_file(path("long-word"), just);
        r = sfp::run_once(spec_of("pipeline", {path("long-word")}, 65536, 2, packing), progress);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(r.outcome.get<sfp::WordCountOutcome>().files.at(0) == reference(just));
    }

    // A run longer than the bound with no separator that holds no word (coreutils' sparse-file
    // case: `a `, 17 MiB of NUL, ` z`) has no word to hand off whole: pipeline counts it as
    // `LC_ALL=C wc` does (1 2 17825797), and a word ending such a run keeps its length (31 or more).
    void pipelineCountsLongWordlessRuns_data() { pipelineBoundsLongLines_data(); }
    void pipelineCountsLongWordlessRuns() {
        QFETCH(qulonglong, packing);
        Bytes sparse = text_of("a ");
        sparse.resize(sparse.size() + (17u << 20), 0);
        sparse.insert(sparse.end(), {' ', 'z', '\n'});
        testing::write_file(path("sparse"), sparse);
        sfp::Progress progress;
        auto r = sfp::run_once(spec_of("pipeline", {path("sparse")}, 65536, 2, packing), progress);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        const sfp::WordCounts counted = r.outcome.get<sfp::WordCountOutcome>().files.at(0);
        QCOMPARE(counted.lines, 1ull);
        QCOMPARE(counted.words, 2ull);
        QCOMPARE(counted.bytes, 17825797ull);
        QVERIFY(counted == reference(sparse));
        Bytes ends_in_word((17u << 20) + 40, 0x01);  // no separator until a printable byte ends the run
        ends_in_word.insert(ends_in_word.end(), {'z', ' ', 'v', '\n'});
        testing::write_file(path("sparse"), ends_in_word);
        r = sfp::run_once(spec_of("pipeline", {path("sparse")}, 65536, 2, packing), progress);
        QVERIFY2(r.status == sfp::Status::ok, r.error.c_str());
        QVERIFY(r.outcome.get<sfp::WordCountOutcome>().files.at(0) == reference(ends_in_word));
    }

    // auto (the CLI default) times mmap-mt and striped on slices at the start of the inputs
    // end to end (from 256 MiB; 16 MiB here, through the seam) and the fastest counts the rest: with the others made
    // slow through the seam it picks the one left, its note names every rate, and the counts are the reference's
    // although the slices cut words and cross from one file into the next.
    void autoPicksTheFastest_data() {
        QTest::addColumn<QString>("fast");
        for (const char* fast : {"mmap-mt", "striped"}) QTest::newRow(fast) << fast;
    }
    void autoPicksTheFastest() {
        QFETCH(QString, fast);
        const QByteArray fast_name = fast.toUtf8();
        const sfp::RunResult r = run_auto_probed(fast_name.constData(), 0.02);  // small folios: the probe decides
        QString note;
        for (const std::string& n : r.notes)
            if (n.starts_with("auto")) note = QString::fromStdString(n);
        QVERIFY2(note.endsWith("-> " + fast), qPrintable(note));
        // Slices of whole stripes (4096 x 3 threads): 16,877,997 bytes / 32 -> 42 stripes of 12K each,
        // two for each of the two candidates.
        QVERIFY2(QRegularExpression("^auto: large folios: 2 % of the cached pages sampled; mmap-mt [0-9.]+ GB/s, "
                                    "striped [0-9.]+ GB/s in wall time "
                                    "\\(best of 2 each, "
                                    "on 504K of the inputs; the first 2016K in all\\) -> ")
                     .match(note)
                     .hasMatch(),
                 qPrintable(note));
    }

    // Inputs cached mostly in large folios go to mmap-mt at once, however slow a probe would find
    // it (the hook is never asked), and the counts are the reference's across the files.
    void autoMapsAtOnceInLargeFolios() {
        const sfp::RunResult r = run_auto_probed("striped", 0.98);
        QVERIFY2(std::ranges::find(r.notes,
                                   "auto: large folios: 98 % of the cached pages sampled, where mmap-mt wins "
                                   "by far -> mmap-mt") != r.notes.end(),
                 r.notes.empty() ? "no note" : r.notes.front().c_str());
    }

    // Less than 2 MiB in all (here just under it), auto counts on the calling thread with simd,
    // where starting threads would cost more than the count: its note says so and why.
    void autoCountsSmallInputsWithSimd() {
        const std::vector<Bytes> texts = {mixed_text((2u << 20) - 1000, 4), mixed_text(999, 5)};
        const sfp::RunResult r = run_auto(texts, "small-auto", 4096, 2);
        QVERIFY2(std::ranges::find(r.notes,
                                   "auto chose simd: the inputs (2097151) are too little to start threads for "
                                   "(under 2M: one thread reading, nothing to start or map)") != r.notes.end(),
                 r.notes.empty() ? "no note" : r.notes.front().c_str());
    }

    // From 2 MiB to the probe's 256 MiB, mmap-mt counts the inputs end to end unprobed (a probe
    // would cost more than a wrong choice loses); with stripes too large to time a probe on, so
    // does it above. The counts are the reference's across files, stripes and blocks.
    void autoCountsMidSizedInputsWithMmapMt_data() {
        QTest::addColumn<qulonglong>("probe_from");
        QTest::addColumn<qulonglong>("block");
        QTest::addColumn<QString>("note");
        QTest::newRow("2 MiB") << qulonglong(0) << qulonglong(4096)
                               << "auto chose mmap-mt: 2M of the inputs, too little to pay for a probe (from 256M)";
        QTest::newRow("stripes too large to probe")
            << qulonglong(2u << 20) << qulonglong(1u << 20) << "auto chose mmap-mt: too little data to time a probe";
    }
    void autoCountsMidSizedInputsWithMmapMt() {
        QFETCH(qulonglong, probe_from);
        QFETCH(qulonglong, block);
        QFETCH(QString, note);
        const std::vector<Bytes> texts = {mixed_text((1u << 20) + 1, 6), {}, mixed_text((1u << 20) - 1, 7)};
        sfp::set_probe_pays_from(probe_from);
        const sfp::RunResult r = run_auto(texts, "mid-auto", block, 3);
        sfp::set_probe_pays_from(0);
        QVERIFY2(std::ranges::find(r.notes, note.toStdString()) != r.notes.end(),
                 r.notes.empty() ? "no note" : r.notes.front().c_str());
    }

    void wcFormatMatchesGnuWc() {
        sfp::WordCountOutcome o;
        o.files = {sfp::WordCounts{.lines = 676, .words = 5644, .bytes = 35149}, sfp::WordCounts{}};
        QCOMPARE(sfp::format_wc_lines(o, {"GPL-3", "empty"}),
                 std::string("  676  5644 35149 GPL-3\n    0     0     0 empty\n  676  5644 35149 total\n"));
        o.files.pop_back();
        o.files[0] = {};
        QCOMPARE(sfp::format_wc_lines(o, {"empty"}), std::string("0 0 0 empty\n"));
        o.files[0].words = 3;
        o.files[0].histogram[1] = 2;
        o.files[0].histogram[31] = 1;
        const std::string h = sfp::format_histogram(o);
        QVERIFY(h.starts_with("1 2\n2 0\n"));
        QVERIFY(h.ends_with("30 0\n31 1\nwords 3\n"));
    }
};

QTEST_APPLESS_MAIN(TestWordcount)
#include "test_wordcount.moc"
