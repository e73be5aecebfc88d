// compare's kernel (algorithms/compare/kernel.cpp) against a byte loop: the first difference of
// two buffers, equal or not, at every kind of place -- the first byte, either side of a vector
// (32), of a turn (128) and of a 4 KiB piece, the middle, the last byte -- on lengths that are
// and are not multiples of those, from unaligned addresses; both the AVX2 path (where the CPU
// has it) and the memcmp one, and the piece each reports.
#include <QtTest>

#include <random>
#include <vector>

#include "algorithms/compare/kernel.hpp"

namespace {

std::size_t reference_difference(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return i;
    return n;
}

}  // namespace

class TestCompareKernel : public QObject {
    Q_OBJECT
private slots:
    void firstDifferenceMatchesAByteLoop() {
        std::mt19937 rng(7);
        std::vector<bool> paths = {false};
        if (sfp::compare::vector_compare_supported())
            paths.push_back(true);
        else
            qWarning("no AVX2 on this CPU: only the memcmp path is checked");
        for (std::size_t n :
             {0u, 1u, 7u, 31u, 32u, 127u, 128u, 129u, 4095u, 4096u, 4097u, 8191u, 8192u, 12289u, 70001u}) {
            std::vector<std::uint8_t> storage_a(n + 3), storage_b(n + 5);
            std::uint8_t* a = storage_a.data() + 3;  // off any vector alignment
            std::uint8_t* b = storage_b.data() + 5;
            for (std::size_t i = 0; i < n; ++i) a[i] = b[i] = std::uint8_t(rng());
            std::vector<std::size_t> places = {0, 1, 31, 32, 63, 64, 127, 128, 4095, 4096, 4097, 8191, n / 2, n - 1};
            for (bool vector : paths) {
                QCOMPARE(sfp::compare::first_unequal_piece(a, b, n, vector), n);
                for (std::size_t p : places) {
                    if (p >= n) continue;
                    b[p] ^= 0x5a;
                    if (p + 9 < n) b[p + 9] ^= 0x01;  // a later one must not hide the first
                    const std::size_t want = reference_difference(a, b, n);
                    QCOMPARE(want, p);
                    QCOMPARE(sfp::compare::first_unequal_piece(a, b, n, vector), p / 4096 * 4096);
                    if (vector == paths.back()) QCOMPARE(sfp::compare::first_difference(a, b, n), want);
                    b[p] ^= 0x5a;
                    if (p + 9 < n) b[p + 9] ^= 0x01;
                }
            }
            QCOMPARE(sfp::compare::first_difference(a, b, n), n);
        }
    }
};

QTEST_GUILESS_MAIN(TestCompareKernel)
#include "test_compare_kernel.moc"
