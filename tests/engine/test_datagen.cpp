// Generated data: exact sizes, reproducible from the seed, differences exactly where asked.
#include <QtTest>
#include <filesystem>

#include <xxhash.h>

#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "support/temp_files.hpp"

class TestDatagen : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const char* name) { return (dir_.path() + "/" + name).toStdString(); }

private slots:
    // Known answers, pinned: the first MiB of each kind for fixed seeds. "Same seed, same file"
    // is a promise to every cached workspace; a change to the generators must fail here, not
    // pass because the test recomputes the expectation with the code under test.
    void knownAnswers_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<qulonglong>("seed");
        QTest::addColumn<QString>("xxh64_a");
        QTest::addColumn<QString>("xxh64_b");  // the pair's second file
        QTest::newRow("random 1") << "random" << 1ull << "bedbcda089c33eb1"
                                  << "";
        QTest::newRow("random 42") << "random" << 42ull << "0d4c2844d9f084cb"
                                   << "";
        QTest::newRow("pair 1") << "pair" << 1ull << "bedbcda089c33eb1"
                                << "14b3e835b7380ba5";
        QTest::newRow("text 1") << "text" << 1ull << "62c6dd4706f385b6"
                                << "";
        QTest::newRow("text 3") << "text" << 3ull << "5362730f5529242d"
                                << "";
    }
    void knownAnswers() {
        QFETCH(QString, kind);
        QFETCH(qulonglong, seed);
        QFETCH(QString, xxh64_a);
        QFETCH(QString, xxh64_b);
        const std::uint64_t size = 1u << 20;
        const std::string a = path("known-a"), b = path("known-b");
        if (kind == "random") sfp::generate_random(a, size, seed);
        if (kind == "text") sfp::generate_text(a, size, seed);
        if (kind == "pair") sfp::generate_pair(a, b, size, {0, 12345, size - 1}, seed);
        const auto hash = [](const std::string& p) {
            const testing::Bytes bytes = testing::read_file(p);
            return QString::number(XXH64(bytes.data(), bytes.size(), 0), 16).rightJustified(16, '0');
        };
        QCOMPARE(hash(a), xxh64_a);
        if (kind == "pair") QCOMPARE(hash(b), xxh64_b);
    }

    void parsesSizes_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qulonglong>("bytes");
        QTest::newRow("plain") << "640000000" << 640000000ull;
        QTest::newRow("K") << "64K" << 65536ull;
        QTest::newRow("k") << "4k" << 4096ull;
        QTest::newRow("M") << "256M" << 268435456ull;
        QTest::newRow("G") << "1G" << 1073741824ull;
        QTest::newRow("zero") << "0" << 0ull;
    }
    void parsesSizes() {
        QFETCH(QString, text);
        QFETCH(qulonglong, bytes);
        QCOMPARE(sfp::parse_size(text.toStdString()), std::uint64_t(bytes));
    }
    void rejectsBadSizes() {
        for (const char* bad : {"", "abc", "12x", "-5", "4KiB", "1.5M", "99999999999999999999", "99999999999999G"})
            QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::parse_size(bad));
    }
    void formatsSizes() {
        QCOMPARE(sfp::format_size(4096), std::string("4K"));
        QCOMPARE(sfp::format_size(1u << 20), std::string("1M"));
        QCOMPARE(sfp::format_size(640000000), std::string("640000000"));  // not 625000K
        QCOMPARE(sfp::format_size(10240ull << 20), std::string("10G"));
        QCOMPARE(sfp::format_size(513), std::string("513"));
    }

    void randomIsReproducibleAndExact() {
        const std::uint64_t size = (3u << 20) + 5;  // crosses the generator's 1 MiB chunks
        sfp::generate_random(path("r1"), size, 42);
        sfp::generate_random(path("r2"), size, 42);
        sfp::generate_random(path("r3"), size, 43);
        const auto r1 = testing::read_file(path("r1"));
        QCOMPARE(r1.size(), size);
        QVERIFY(r1 == testing::read_file(path("r2")));
        QVERIFY(r1 != testing::read_file(path("r3")));
        for (std::uint64_t off : std::vector<std::uint64_t>{0, 1, 7, 8, 1048575, 1048576, size - 1})
            QCOMPARE(r1[off], sfp::random_byte_at(off, 42));
        // Not degenerate: every byte value appears.
        std::array<int, 256> seen{};
        for (auto v : r1) seen[v]++;
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n > 0; }));
    }

    void pairDiffersExactlyAtOffsets() {
        const std::uint64_t size = (2u << 20) + 3;
        const std::vector<std::uint64_t> at = {0, 4095, 1048576, size - 1};
        sfp::generate_pair(path("a"), path("b"), size, at, 9);
        const auto a = testing::read_file(path("a")), b = testing::read_file(path("b"));
        QCOMPARE(a.size(), size);
        QCOMPARE(b.size(), size);
        std::vector<std::uint64_t> diffs;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i] != b[i]) diffs.push_back(i);
        QCOMPARE(diffs, at);
        QCOMPARE(a[5], sfp::random_byte_at(5, 9));
    }

    void pairRejectsOffsetsBeyondTheEnd() {
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::generate_pair(path("x"), path("y"), 10, {10}, 1));
        QVERIFY(!std::filesystem::exists(path("x")));
    }

    void textLooksLikeText() {
        const std::uint64_t size = 1u << 20;
        sfp::generate_text(path("t"), size, 3);
        const auto t = testing::read_file(path("t"));
        QCOMPARE(t.size(), size);
        std::size_t spaces = 0, newlines = 0, letters = 0;
        for (auto c : t) {
            QVERIFY2(c == ' ' || c == '\n' || std::isalpha(c) || std::ispunct(c), "unexpected byte in text");
            spaces += c == ' ';
            newlines += c == '\n';
            letters += std::isalpha(c) != 0;
        }
        const double words = double(spaces + newlines);
        const double mean_word = double(letters) / words;
        QVERIFY2(mean_word > 3.5 && mean_word < 6.0, qPrintable(QString::number(mean_word)));  // English: ~4.7
        QVERIFY(newlines > size / 100 && newlines < size / 40);  // lines of roughly 60-80 characters
        sfp::generate_text(path("t2"), size, 3);
        QVERIFY(t == testing::read_file(path("t2")));
    }

    // The early pair: B differs from A in exactly eight bytes, spread over the first 4 KiB (over
    // the whole file when it is smaller), so compare's default table fills in any run's first block.
    void earlyPairDiffersEightTimesInItsFirstBlock() {
        const sfp::InputKind* kind = sfp::find_input_kind("early-pair");
        QVERIFY(kind);
        for (const std::uint64_t size : {std::uint64_t(1000), std::uint64_t(70001)}) {
            kind->generate({path("ea"), path("eb")}, {.size = size, .seed = 2}, nullptr);
            const auto a = testing::read_file(path("ea")), b = testing::read_file(path("eb"));
            QCOMPARE(a.size(), size);
            QCOMPARE(b.size(), size);
            std::vector<std::uint64_t> differ;
            for (std::size_t i = 0; i < a.size(); ++i)
                if (a[i] != b[i]) differ.push_back(i);
            const std::uint64_t span = std::min<std::uint64_t>(size, 4096);
            std::vector<std::uint64_t> want;
            for (std::uint64_t i = 0; i < 8; ++i) want.push_back(i * span / 8);
            QCOMPARE(differ, want);
        }
    }

    // The needles kind: the text as generate_text makes it, the needle over it exactly at the
    // offsets asked ("middle", "last": ending at the last byte), found nowhere else.
    void needlesArePlantedExactly() {
        const sfp::InputKind* kind = sfp::find_input_kind("needles");
        QVERIFY(kind);
        const std::uint64_t size = 100003;
        sfp::GenerateRequest r{
            .size = size, .seed = 4, .options = {{"needle", "|x|"}, {"needle_at", "0,77,middle,last"}}};
        QCOMPARE(kind->generate({path("n")}, r, nullptr), std::string("4 needles planted"));
        sfp::generate_text(path("plain"), size, 4);
        const auto n = testing::read_file(path("n")), plain = testing::read_file(path("plain"));
        QCOMPARE(n.size(), size);
        std::vector<std::uint64_t> found, changed;
        for (std::size_t i = 0; i + 3 <= n.size(); ++i)
            if (n[i] == '|' && n[i + 1] == 'x' && n[i + 2] == '|') found.push_back(i);
        QCOMPARE(found, (std::vector<std::uint64_t>{0, 77, size / 2, size - 3}));
        for (std::size_t i = 0; i < n.size(); ++i)
            if (n[i] != plain[i]) changed.push_back(i);
        for (std::uint64_t i : changed)
            QVERIFY2(std::any_of(found.begin(), found.end(), [&](std::uint64_t at) { return i >= at && i < at + 3; }),
                     qPrintable(QString::number(i)));
        r.options = {{"needle", "a\nb"}};
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, kind->generate({path("bad")}, r, nullptr));
        QVERIFY(!std::filesystem::exists(path("bad")));
    }

    void failureLeavesNoFileBehind() {
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::generate_random(path("no-such-dir/f"), 10, 1));
        QVERIFY(!std::filesystem::exists(path("no-such-dir")));
        // The directory listing holds only what the tests above wrote: no temporary files.
        for (const auto& e : std::filesystem::directory_iterator(dir_.path().toStdString()))
            QVERIFY2(e.path().filename().string().find(".sfp-") == std::string::npos, e.path().c_str());
    }
};

QTEST_APPLESS_MAIN(TestDatagen)
#include "test_datagen.moc"
