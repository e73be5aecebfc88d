// wordcount's kernel (Tally) on its own, byte buffers in, against the reference counter: every
// vector path forced in turn (AVX-512BW and AVX2 where the CPU has them, SSE2, portable), counting alone and with
// the histogram, every byte value at every position of a 128-byte window, texts cut into blocks
// and into segments joined in file order (a word across each cut), extra separator sets.
#include <QtTest>
#include <optional>

#include "algorithms/wordcount/tally.hpp"
#include "algorithms/wordcount/vector_path.hpp"
#include "support/temp_files.hpp"
#include "support/wordcount_reference.hpp"

using sfp::wordcount::Separators;
using sfp::wordcount::Tally;
using sfp::wordcount::VectorPath;
using testing::Bytes;

Q_DECLARE_METATYPE(VectorPath)

namespace {

QString describe(const sfp::WordCounts& c) {
    QString h;
    for (std::size_t len = 1; len < c.histogram.size(); ++len) h += QString(" %1").arg(c.histogram[len]);
    return QString("lines %1 words %2 bytes %3 histogram%4").arg(c.lines).arg(c.words).arg(c.bytes).arg(h);
}

// `text` cut into segments at `cuts` (each counted alone, then joined in order, as stripes are),
// each segment fed in blocks of `block` bytes (as reads deliver them), by the vector kernel.
sfp::WordCounts kernel_count(const Bytes& text, const Separators& seps, bool histogram, std::vector<std::size_t> cuts,
                             std::size_t block) {
    cuts.insert(cuts.begin(), 0);
    cuts.push_back(text.size());
    Tally whole = Tally::at_file_start(histogram);
    for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
        Tally segment = Tally::at_segment_start(histogram);
        for (std::size_t at = cuts[s]; at < cuts[s + 1]; at += block)
            segment.feed_simd(text.data() + at, std::min(block, cuts[s + 1] - at), seps);
        whole.append(segment);
    }
    return whole.finish();
}

// Words of 1..80 bytes (letters, punctuation, control, high bytes and NULs) and runs of separators.
Bytes mixed(std::size_t size, std::uint32_t seed) {
    return testing::words_text(size, seed, 80, [](std::uint8_t r) {
        return r % 11 == 0 ? std::uint8_t(r % 32) : r % 7 == 0 ? r : std::uint8_t('!' + r % 94);
    });
}

// Printable words of 1..40 bytes: every chunk with a separator goes to the histogram's batches
// (mixed() sends most chunks to the per-word path, for their control and high bytes).
Bytes plain(std::size_t size, std::uint32_t seed) {
    return testing::words_text(size, seed, 40, [](std::uint8_t r) { return std::uint8_t('!' + r % 94); });
}

}  // namespace

class TestWordcountKernel : public QObject {
    Q_OBJECT

    // Every path this CPU can run, each counting alone and with lengths.
    static void paths_data() {
        QTest::addColumn<VectorPath>("path");
        QTest::addColumn<bool>("histogram");
        for (VectorPath p : sfp::wordcount::kVectorPaths)
            if (sfp::wordcount::supported(p))
                for (bool histogram : {false, true})
                    QTest::addRow("%s %s", sfp::wordcount::to_string(p), histogram ? "histogram" : "count")
                        << p << histogram;
    }

    // The current row's path forced; whether it asks for the histogram.
    static bool row_with_path_forced() {
        QFETCH(VectorPath, path);
        QFETCH(bool, histogram);
        sfp::wordcount::force_vector_path(path);
        return histogram;
    }

    // The reference's counts, without the histogram when it was not asked for.
    static sfp::WordCounts want(const Bytes& text, const std::string& extra, bool histogram) {
        return testing::wordcount_reference(text, extra, histogram);
    }

private slots:
    void cleanup() { sfp::wordcount::force_vector_path(std::nullopt); }

    void pathsAreForced() {
#if defined(__x86_64__)
        QVERIFY(sfp::wordcount::supported(VectorPath::sse2));  // part of the x86-64 ABI: always tested
#endif
        QVERIFY(sfp::wordcount::supported(VectorPath::portable));
        for (VectorPath p : sfp::wordcount::kVectorPaths) {
            if (!sfp::wordcount::supported(p)) continue;
            sfp::wordcount::force_vector_path(p);
            QCOMPARE(sfp::wordcount::vector_path(), p);
        }
    }

    void everyByteAtEveryPosition_data() { paths_data(); }
    // Each of the 256 byte values at each of 128 positions (every lane of two 64-byte chunks) in
    // a text of short words, fed whole and cut at that position (the byte opens a segment).
    void everyByteAtEveryPosition() {
        const bool histogram = row_with_path_forced();
        const Separators seps;
        Bytes base;
        for (std::size_t i = 0; base.size() < 200; ++i)
            base.push_back(std::uint8_t(i % 5 == 4 ? ' ' : i % 23 == 22 ? '\n' : 'a' + i % 26));
        for (int value = 0; value < 256; ++value)
            for (std::size_t pos = 0; pos < 128; ++pos) {
                Bytes text = base;
                text[pos] = std::uint8_t(value);
                const sfp::WordCounts w = want(text, {}, histogram);
                const sfp::WordCounts whole = kernel_count(text, seps, histogram, {}, text.size());
                const sfp::WordCounts cut = kernel_count(text, seps, histogram, {pos}, 64);
                if (!(whole == w) || !(cut == w))
                    QFAIL(qPrintable(QString("byte %1 at %2:\n whole %3\n cut   %4\n want  %5")
                                         .arg(value)
                                         .arg(pos)
                                         .arg(describe(whole), describe(cut), describe(w))));
            }
    }

    void blocksAndSegments_data() { paths_data(); }
    // Mixed text in blocks of every awkward size, cut into segments at places that split words,
    // split separator runs and fall inside and on chunk edges; long runs with no separator.
    void blocksAndSegments() {
        const bool histogram = row_with_path_forced();
        const Separators seps;
        std::vector<Bytes> texts = {
            {}, {'x'}, {' '}, {0}, {'\n'}, mixed(10'007, 1), mixed(4'096, 2), Bytes(1'000, 'w'), Bytes(333, 0x80)};
        Bytes no_final_newline = mixed(999, 3);
        no_final_newline.back() = 'z';
        texts.push_back(no_final_newline);
        Bytes long_words;  // words of 1..200 bytes: every length at many alignments
        for (std::size_t len = 1; len <= 200; ++len) {
            long_words.insert(long_words.end(), len, std::uint8_t('a' + len % 26));
            long_words.push_back(len % 3 ? ' ' : '\n');
        }
        texts.push_back(long_words);
        texts.push_back(plain(70'001, 5));  // a block of 1M: many batches of chunks, then a part of one
        for (const Bytes& text : texts) {
            const sfp::WordCounts w = want(text, {}, histogram);
            for (std::size_t block : {1ul, 7ul, 63ul, 64ul, 65ul, 128ul, 4096ul, 1ul << 20})
                for (const std::vector<std::size_t>& cuts : std::vector<std::vector<std::size_t>>{
                         {}, {1}, {63}, {64}, {65}, {100, 101, 102}, {1000, 5000, 9000}}) {
                    std::vector<std::size_t> inside;  // the cuts this text is long enough for
                    for (std::size_t c : cuts)
                        if (c < text.size()) inside.push_back(c);
                    const sfp::WordCounts got = kernel_count(text, seps, histogram, inside, block);
                    if (!(got == w))
                        QFAIL(qPrintable(QString("%1 bytes, block %2, %3 cuts:\n got  %4\n want %5")
                                             .arg(text.size())
                                             .arg(block)
                                             .arg(inside.size())
                                             .arg(describe(got), describe(w))));
                }
        }
    }

    void extraSeparators_data() { paths_data(); }
    // `--separators` sets: punctuation (printable separators), a high byte, control bytes, a letter.
    void extraSeparators() {
        const bool histogram = row_with_path_forced();
        const Bytes text = mixed(20'000, 4);
        for (const std::string& extra : {std::string(",."), std::string("\xbd"), std::string("\x01\x1f\x7f"),
                                         std::string("e"), std::string("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")}) {
            const sfp::WordCounts w = want(text, extra, histogram);
            QVERIFY2(!(w == want(text, {}, histogram)), extra.c_str());  // the set matters on this text
            for (std::size_t block : {64ul, 1000ul})
                QVERIFY2(kernel_count(text, Separators(extra), histogram, {77, 12'345}, block) == w, extra.c_str());
        }
    }

    void everyLengthInEveryLane_data() {
        QTest::addColumn<VectorPath>("path");
        QTest::addColumn<bool>("histogram");
        for (VectorPath p : sfp::wordcount::kVectorPaths)
            if (sfp::wordcount::supported(p)) QTest::addRow("%s", sfp::wordcount::to_string(p)) << p << true;
    }
    // One word of each length 1..33 alone among spaces, starting in every lane of two 64-byte
    // chunks (so it also crosses the chunk edge), fed in 64-byte blocks whole, cut where the word
    // starts and cut in its middle (a stripe boundary): its bucket holds exactly 1 (31: or more),
    // every other 0. Then a chunk full of words of one length, one space apart, from every
    // offset: the bucket holds every word, counted by hand.
    void everyLengthInEveryLane() {
        row_with_path_forced();
        const Separators seps;
        for (std::size_t length = 1; length <= 33; ++length)
            for (std::size_t at = 0; at < 128; ++at) {
                Bytes text(192, ' ');
                std::fill_n(text.begin() + std::ptrdiff_t(at), length, std::uint8_t('a' + length % 26));
                std::array<std::uint64_t, sfp::kLongestCountedWord + 1> one{};
                one[std::min(length, sfp::kLongestCountedWord)] = 1;
                std::vector<std::vector<std::size_t>> cut_sets = {{}, {at + (length + 1) / 2}};
                if (at > 0) cut_sets.push_back({at});  // a stripe that starts with the word
                for (const std::vector<std::size_t>& cuts : cut_sets) {
                    const sfp::WordCounts got = kernel_count(text, seps, true, cuts, 64);
                    if (got.words != 1 || got.histogram != one)
                        QFAIL(qPrintable(QString("a word of %1 at %2, %3 cut(s): %4")
                                             .arg(length)
                                             .arg(at)
                                             .arg(cuts.size())
                                             .arg(describe(got))));
                }
            }
        for (std::size_t length = 1; length <= 31; ++length)
            for (std::size_t offset = 0; offset <= length; ++offset) {
                Bytes text(offset, ' ');
                std::uint64_t words = 0;
                while (text.size() + length <= 3 * 64) {
                    text.insert(text.end(), length, std::uint8_t('a' + length % 26));
                    text.push_back(' ');
                    ++words;
                }
                const sfp::WordCounts got = kernel_count(text, seps, true, {64, 128}, 64);
                if (got.words != words || got.histogram[length] != words)
                    QFAIL(qPrintable(QString("%1 words of %2 from offset %3: %4")
                                         .arg(words)
                                         .arg(length)
                                         .arg(offset)
                                         .arg(describe(got))));
            }
    }

    // Counting alone leaves the histogram empty; with it, its sum is the word count.
    void histogramOnlyWhenAsked() {
        const Bytes text = mixed(5'000, 5);
        const sfp::WordCounts counted = kernel_count(text, Separators(), false, {}, 4096);
        const sfp::WordCounts measured = kernel_count(text, Separators(), true, {}, 4096);
        QCOMPARE(counted.histogram, (std::array<std::uint64_t, sfp::kLongestCountedWord + 1>{}));
        std::uint64_t sum = 0;
        for (std::uint64_t n : measured.histogram) sum += n;
        QCOMPARE(sum, measured.words);
        QCOMPARE(counted.words, measured.words);
        QVERIFY(counted.words > 100);
    }
};

QTEST_APPLESS_MAIN(TestWordcountKernel)
#include "test_wordcount_kernel.moc"
