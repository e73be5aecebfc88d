// cipher: every strategy produces the reference output (a simple transform written here), for
// every transform, block size, thread count and kernel; round trips; edge sizes; options.
#include <QtTest>

#include "algorithms/cipher/output_digest.hpp"
#include "cipher_support.hpp"
#include "sfp/failure.hpp"

using namespace cipher_test;

namespace {

const std::vector<std::string> kTransforms = {"caesar", "letters", "widen"};
const std::vector<std::uint64_t> kBlocks = {1, 7, 4096, 65536};
const std::vector<unsigned> kThreads = {1, 2, 3};

// Big enough that every thread owns several stripes and the last one is partial, and never a
// multiple of the block or the page; small enough for sanitizer builds.
std::size_t size_for(std::uint64_t block, unsigned threads) {
    return std::max<std::size_t>(12293, std::size_t(block * (2 * threads + 1) + block / 2 + 3));
}

std::string flag(bool on) { return on ? "1" : "0"; }

}  // namespace

class TestCipher : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const std::string& name) const { return (dir_.path() + "/").toStdString() + name; }

    // Writes `in` (once per content), runs, and checks the output file and the outcome.
    void check(const sfp::Strategy& s, const std::string& in_path, const Bytes& in, const std::string& transform,
               int shift, std::uint64_t block, unsigned threads, const Options& extra, const std::string& what) {
        Options options = extra;
        options["transform"] = transform;
        options["shift"] = std::to_string(shift);
        const std::string out = path("out");
        const sfp::RunResult r = run(std::string(s.name), in_path, out, block, threads, options);
        const std::string where = what + " " + transform + " shift " + std::to_string(shift) + " block " +
                                  std::to_string(block) + " threads " + std::to_string(threads);
        QVERIFY2(r.status == sfp::Status::ok, (where + ": " + describe(r)).c_str());
        const Bytes expected = s.reference_floor ? in : reference(in, transform, shift);  // cp copies
        const Bytes got = read_file(out);
        QVERIFY2(got.size() == expected.size(), (where + ": output size " + std::to_string(got.size()) + ", expected " +
                                                 std::to_string(expected.size()))
                                                    .c_str());
        if (got != expected) {
            std::size_t i = 0;
            while (got[i] == expected[i]) ++i;
            QFAIL((where + ": first difference at byte " + std::to_string(i)).c_str());
        }
        const auto* o = r.outcome.get_if<sfp::CipherOutcome>();
        QVERIFY2(o != nullptr, where.c_str());
        QCOMPARE(o->output_bytes, std::uint64_t(expected.size()));
        QVERIFY2(o->output_hash.has_value(), where.c_str());
        QVERIFY2(*o->output_hash == reference_digest(got), (where + ": digest differs from the reference").c_str());
        QCOMPARE(r.bytes, std::uint64_t(in.size()));
        QVERIFY2(leftovers(dir_.path().toStdString()).empty(), where.c_str());
    }

private slots:
    // No shift named: Caesar's own 3, a real transform (0 would only copy); widen needs none
    // and says nothing about a shift nobody gave.
    void defaultShiftTransforms() {
        const Bytes& in = sample(10'000);
        write_file(path("ds-in"), in);
        const sfp::RunResult r = run("stream", path("ds-in"), path("ds-out"), 4096, 1, {});
        QVERIFY2(r.status == sfp::Status::ok, describe(r).c_str());
        QVERIFY(read_file(path("ds-out")) == reference(in, "caesar", 3));
        QVERIFY(read_file(path("ds-out")) != in);
        const sfp::RunResult wide = run("stream", path("ds-in"), path("ds-out"), 4096, 1, {{"transform", "widen"}});
        QVERIFY2(wide.status == sfp::Status::ok, describe(wide).c_str());
        QVERIFY(read_file(path("ds-out")) == reference(in, "widen", 0));
        QVERIFY(wide.notes.empty());
    }

    void initTestCase() { QVERIFY(dir_.isValid()); }

    void everyStrategyIsListed() {
        std::vector<std::string> names;
        for (const sfp::Strategy* s : sfp::strategies_of("cipher")) names.emplace_back(s->name);
        const std::vector<std::string> expected = {"stream",      "mmap",    "threads", "pool", "uring",     "mmap-mt",
                                                   "mmap-window", "mmap-in", "auto",    "cp",   "copy-range"};
        QCOMPARE(names, expected);
        QVERIFY(sfp::find_strategy("cipher", "cp")->reference_floor);
        QVERIFY(sfp::find_strategy("cipher", "copy-range")->reference_floor);
    }

    void matchesReference_data() { strategy_rows(); }
    void matchesReference() {
        CIPHER_STRATEGY_OR_SKIP(s);
        std::map<std::size_t, std::string> inputs;  // size -> file
        for (const std::uint64_t block : kBlocks)
            for (const unsigned threads : kThreads) {
                const std::size_t size = size_for(block, threads);
                const Bytes& in = sample(size);
                if (!inputs.count(size)) {
                    inputs[size] = path("in-" + std::to_string(size));
                    write_file(inputs[size], in);
                }
                for (const std::string& transform : kTransforms)
                    for (const bool fast : {false, true}) {
                        check(*s, inputs[size], in, transform, 29, block, threads, {{"fast", flag(fast)}},
                              fast ? "fast" : "plain");
                        if (QTest::currentTestFailed()) return;  // one clear failure, not hundreds
                    }
            }
    }

    // Shifts at the edges of each alphabet and of the byte range, both kernels.
    void everyShiftEdge() {
        const Bytes in = sample(1000) + std::string("AZaz09") + [] {
            std::string all;
            for (int c = 0; c < 256; ++c) all += char(c);
            return all;
        }();
        const std::string in_path = path("shifts");
        write_file(in_path, in);
        const sfp::Strategy& s = *sfp::find_strategy("cipher", "mmap");
        for (const int shift :
             {-255, -254, -200, -27, -26, -25, -11, -10, -9, -1, 0, 1, 9, 10, 11, 25, 26, 27, 128, 254, 255})
            for (const std::string& transform : kTransforms)
                for (const bool fast : {false, true}) {
                    check(s, in_path, in, transform, shift, 4096, 1, {{"fast", flag(fast)}}, fast ? "fast" : "plain");
                    if (QTest::currentTestFailed()) return;
                }
    }

    void roundTripRestores_data() { strategy_rows(); }
    void roundTripRestores() {
        CIPHER_STRATEGY_OR_SKIP(s);
        if (s->reference_floor) QSKIP("a reference floor (cp, copy-range) copies; there is nothing to undo");
        const Bytes& in = sample(70001, 7);
        const std::string in_path = path("plain"), enc = path("enc"), dec = path("dec");
        write_file(in_path, in);
        for (const std::string transform : {"caesar", "letters"})
            for (const int k : {3, 200, -77}) {
                const Options there = {{"transform", transform}, {"shift", std::to_string(k)}};
                const Options back = {{"transform", transform}, {"shift", std::to_string(-k)}};
                QVERIFY2(run(strategy.toStdString(), in_path, enc, 4096, 2, there).status == sfp::Status::ok,
                         transform.c_str());
                QVERIFY(read_file(enc) != in || k % 256 == 0);
                QVERIFY2(run(strategy.toStdString(), enc, dec, 4096, 2, back).status == sfp::Status::ok,
                         transform.c_str());
                QVERIFY2(read_file(dec) == in, (transform + " " + std::to_string(k)).c_str());
            }
    }

    void emptyAndOneByte_data() { strategy_rows(); }
    void emptyAndOneByte() {
        CIPHER_STRATEGY_OR_SKIP(s);
        for (const Bytes& in : {Bytes(), Bytes("q"), Bytes("\xff", 1)}) {
            const std::string in_path = path("tiny");
            write_file(in_path, in);
            for (const std::string& transform : kTransforms)
                for (const bool fast : {false, true})
                    check(*s, in_path, in, transform, -100, 4096, 2, {{"fast", flag(fast)}},
                          "size " + std::to_string(in.size()));
        }
    }

    void flushGivesTheSameOutput_data() { strategy_rows(); }
    void flushGivesTheSameOutput() {
        CIPHER_STRATEGY_OR_SKIP(s);
        const Bytes& in = sample(100003, 3);
        write_file(path("flush-in"), in);
        for (const std::string& transform : kTransforms)
            check(*s, path("flush-in"), in, transform, 5, 8192, 2, {{"flush", "1"}}, "flush");
    }

    // O_DIRECT: aligned buffers and a padded, then trimmed, tail; refused where it cannot work.
    void directIo_data() { strategy_rows(); }
    void directIo() {
        CIPHER_STRATEGY_OR_SKIP(s);
        const Bytes& in = sample(3 * 65536 + 4096 + 77, 5);
        write_file(path("direct-in"), in);
        const Options direct = {{"direct", "1"}, {"shift", "1"}};
        std::remove(path("direct-out").c_str());
        const sfp::RunResult probe =
            run(strategy.toStdString(), path("direct-in"), path("direct-out"), 4096, 2, direct);
        if (probe.status != sfp::Status::ok) {
            QVERIFY2(probe.error.find("direct") != std::string::npos, probe.error.c_str());
            QVERIFY(!exists(path("direct-out")));
            QVERIFY(leftovers(dir_.path().toStdString()).empty());
            if (probe.error.find("O_DIRECT") != std::string::npos)
                QSKIP(qPrintable("this filesystem refuses O_DIRECT: " + QString::fromStdString(probe.error)));
            return;  // a mapped strategy or cp: refused by design, with a message naming the option
        }
        for (const std::uint64_t block : {4096u, 65536u})
            for (const std::string& transform : kTransforms)
                for (const bool fast : {false, true})
                    check(*s, path("direct-in"), in, transform, 11, block, 3, {{"direct", "1"}, {"fast", flag(fast)}},
                          "direct");
        const sfp::RunResult odd = run(strategy.toStdString(), path("direct-in"), path("odd"), 7, 1, direct);
        QCOMPARE(odd.status, sfp::Status::error);
        QVERIFY2(odd.error.find("multiple of 4096") != std::string::npos, odd.error.c_str());
        QVERIFY(!exists(path("odd")));
    }

    // sysfs has no direct I/O, and its attributes report a size (4096) their content does not
    // have: refused as a pseudo-file before O_DIRECT is tried -- a clear error naming it, not a crash.
    void directRefusedByFilesystem() {
        const std::string sys = "/sys/kernel/mm/transparent_hugepage/enabled";
        if (!exists(sys)) QSKIP("no sysfs attribute to read here");
        const sfp::RunResult r = run("stream", sys, path("sys-out"), 4096, 1, {{"direct", "1"}});
        if (r.status == sfp::Status::ok) QSKIP("this kernel's sysfs accepts O_DIRECT");
        QCOMPARE(r.status, sfp::Status::error);
        QVERIFY2((r.error.find("O_DIRECT") != std::string::npos || r.error.find("pseudo-file") != std::string::npos) &&
                     r.error.find(sys) != std::string::npos,
                 r.error.c_str());
        QVERIFY(!exists(path("sys-out")));
    }

    void outputExistsOverwritesInPlace_data() { strategy_rows(); }
    void outputExistsOverwritesInPlace() {
        CIPHER_STRATEGY_OR_SKIP(s);
        const Bytes& in = sample(50001, 9);
        write_file(path("oe-in"), in);
        for (const std::size_t old_size : {std::size_t(0), std::size_t(20000), std::size_t(250000)}) {
            write_file(path("out"), Bytes(old_size, 'x'));
            struct stat before {};
            QVERIFY(stat(path("out").c_str(), &before) == 0);
            for (const std::string& transform : kTransforms)
                check(*s, path("oe-in"), in, transform, 13, 4096, 2, {{"output_exists", "1"}}, "output_exists");
            struct stat after {};
            QVERIFY(stat(path("out").c_str(), &after) == 0);
            QCOMPARE(after.st_ino, before.st_ino);  // the same file, written in place
        }
        std::remove(path("out").c_str());
        const sfp::RunResult missing =
            run(strategy.toStdString(), path("oe-in"), path("out"), 4096, 1, {{"output_exists", "1"}});
        QCOMPARE(missing.status, sfp::Status::error);
        QVERIFY2(missing.error.find("does not exist") != std::string::npos, missing.error.c_str());
        QVERIFY(!exists(path("out")));
    }

    void badOptionsNameTheOption() {
        write_file(path("opt-in"), "abc");
        // Text the table cannot read never becomes a run's option: its one parse names it.
        for (const auto& [options, name] : std::vector<std::pair<Options, std::string>>{
                 {{{"shift", "x"}}, "shift"}, {{{"transform", "rot13"}}, "transform"}, {{{"fast", "maybe"}}, "fast"}}) {
            try {
                testing::options_of("cipher", options);
                QFAIL(("parsed: " + name).c_str());
            } catch (const sfp::Failure& f) {
                QVERIFY2(std::string(f.what()).find(name) != std::string::npos, f.what());
            }
        }
        // A value out of the table's range, or options that exclude each other, are an error result.
        const auto refused = [&](const sfp::RunSpec& spec, const std::string& name) {
            sfp::Progress progress;
            const sfp::RunResult r = sfp::run_once(spec, progress);
            QCOMPARE(r.status, sfp::Status::error);
            QVERIFY2(r.error.find(name) != std::string::npos, r.error.c_str());
            QVERIFY(!exists(path("opt-out")));
        };
        for (const std::int64_t shift : {256, -256}) {
            sfp::RunSpec spec = spec_for("stream", path("opt-in"), path("opt-out"), 4096, 1, {});
            testing::set_option_number(spec, "shift", shift);
            refused(spec, "shift");
        }
        refused(
            spec_for("stream", path("opt-in"), path("opt-out"), 4096, 1, {{"in_place", "1"}, {"output_exists", "1"}}),
            "in_place");
        const sfp::RunResult two = [&] {
            sfp::RunSpec spec = spec_for("stream", path("opt-in"), path("opt-out"), 4096, 1, {});
            spec.inputs.push_back(path("opt-in"));
            sfp::Progress progress;
            return sfp::run_once(spec, progress);
        }();
        QVERIFY2(two.error.find("exactly one input") != std::string::npos, two.error.c_str());
    }

    // Sizes at the granule's and the block's edges, for every strategy, both output widths, blocks
    // that are and are not a multiple of the granule, one to three workers: the digest taken in
    // the pass equals the one computed from the output file (check()).
    void digestAtTheEdges_data() { strategy_rows(); }
    void digestAtTheEdges() {
        CIPHER_STRATEGY_OR_SKIP(s);
        constexpr std::size_t g = sfp::cipher::OutputDigest::kGranule;
        for (const std::uint64_t block : {std::uint64_t(g), std::uint64_t(3 * g), std::uint64_t(1000)})
            for (const unsigned threads : {1u, 2u, 3u}) {
                const std::size_t b = std::size_t(block);
                for (const std::size_t size : {std::size_t(0), std::size_t(1), g - 1, g, g + 1, b - 1, b, b + 1,
                                               3 * g + 5, b * (2 * threads + 1) + 7}) {
                    const Bytes& in = sample(size, 5);
                    write_file(path("edge-in"), in);
                    for (const std::string transform : {"caesar", "widen"})
                        check(*s, path("edge-in"), in, transform, 17, block, threads, {},
                              "size " + std::to_string(size));
                }
            }
    }

    // Without a digest asked for, no strategy hashes a byte: no granule is hashed in the process,
    // the outcome holds no digest and the run's digest is empty; the output is still right.
    void noDigestHashesNothing_data() { strategy_rows(); }
    void noDigestHashesNothing() {
        CIPHER_STRATEGY_OR_SKIP(s);
        const Bytes& in = sample(3 * 65536 + 11, 7);
        write_file(path("nd-in"), in);
        sfp::RunSpec spec = spec_for(std::string(s->name), path("nd-in"), path("nd-out"), 4096, 2, {{"shift", "4"}});
        spec.digest = false;
        const std::uint64_t before = sfp::cipher::OutputDigest::granules_hashed();
        sfp::Progress progress;
        const sfp::RunResult r = sfp::run_once(spec, progress);
        QVERIFY2(r.status == sfp::Status::ok, describe(r).c_str());
        QCOMPARE(sfp::cipher::OutputDigest::granules_hashed(), before);
        QVERIFY(!r.outcome.get<sfp::CipherOutcome>().output_hash.has_value());
        QVERIFY(r.digest.empty());
        QVERIFY(read_file(path("nd-out")) == (s->reference_floor ? in : reference(in, "caesar", 4)));
        spec.digest = true;  // and the seam does count: the same run with a digest hashes every granule
        QCOMPARE(sfp::run_once(spec, progress).status, sfp::Status::ok);
        QCOMPARE(sfp::cipher::OutputDigest::granules_hashed() - before, std::uint64_t((in.size() + 4095) / 4096));
    }

    // The digest itself, fed as workers would: whole granules and pieces of them, in a shuffled
    // order, equals the reference; a piece missing or given twice is an error, never a digest.
    void digestOfPiecesInAnyOrder() {
        const Bytes& out = sample(5 * 4096 + 333, 9);
        for (const std::size_t piece : {std::size_t(1), std::size_t(7), std::size_t(4096), std::size_t(5000)}) {
            std::vector<std::size_t> starts;
            for (std::size_t at = 0; at < out.size(); at += piece) starts.push_back(at);
            std::reverse(starts.begin(), starts.end());
            std::rotate(starts.begin(), starts.begin() + std::ptrdiff_t(starts.size() / 3), starts.end());
            const auto add = [&](sfp::cipher::OutputDigest& digest, std::size_t at) {
                const auto* bytes = reinterpret_cast<const std::uint8_t*>(out.data());
                digest.add(at, bytes + at, std::min(piece, out.size() - at));
            };
            sfp::cipher::OutputDigest whole(out.size(), true), twice(out.size(), true), missing(out.size(), true);
            for (const std::size_t at : starts) add(whole, at), add(twice, at);
            QCOMPARE(whole.value(), reference_digest(out));
            add(twice, starts.front());
            QVERIFY_THROWS_EXCEPTION(std::logic_error, twice.value());
            for (const std::size_t at : starts)
                if (at != starts.back()) add(missing, at);
            QVERIFY_THROWS_EXCEPTION(std::logic_error, missing.value());
        }
        QCOMPARE(sfp::cipher::OutputDigest(0, true).value(), std::uint64_t(0));
    }

    // The digest covers the output: equal outputs agree across strategies, different ones do not.
    void digestsAgreeAcrossStrategies() {
        const Bytes& in = sample(40000, 11);
        write_file(path("dg-in"), in);
        std::string first;
        for (const sfp::Strategy* s : sfp::strategies_of("cipher")) {
            if (s->reference_floor || !s->support().supported) continue;
            const sfp::RunResult r =
                run(std::string(s->name), path("dg-in"), path("dg-out"), 4096, 2, {{"shift", "9"}});
            QVERIFY2(r.status == sfp::Status::ok, describe(r).c_str());
            if (first.empty()) first = r.digest;
            QCOMPARE(r.digest, first);
        }
        const sfp::RunResult other = run("stream", path("dg-in"), path("dg-out"), 4096, 2, {{"shift", "10"}});
        QVERIFY(other.digest != first);
    }
};

QTEST_APPLESS_MAIN(TestCipher)
#include "test_cipher.moc"
