// HugePageBuffer: the size asked for, every byte usable, and a mapping of whole 2 MiB pages that
// the kernel marks eligible for transparent huge pages (the advice taken: read from
// /proc/self/smaps, the kernel's own account of the mapping). Whether huge pages are then free to
// back it is the kernel's to say, so the test does not ask.
#include <QtTest>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "io/huge_page_buffer.hpp"

namespace {

struct Vma {
    std::uint64_t bytes = 0;
    std::optional<bool> thp_eligible;
};

// The smaps entry of the mapping that holds `address`.
std::optional<Vma> vma_of(const void* address) {
    std::ifstream smaps("/proc/self/smaps");
    const auto at = std::uint64_t(reinterpret_cast<std::uintptr_t>(address));
    std::optional<Vma> found;
    bool inside = false;
    for (std::string line; std::getline(smaps, line);) {
        std::uint64_t begin = 0, end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> begin >> dash >> end && dash == '-') {  // a mapping's first line: begin-end perms ...
            if (found) return found;                                    // the next mapping begins
            inside = begin <= at && at < end;
            if (inside) found = Vma{.bytes = end - begin, .thp_eligible = std::nullopt};
        } else if (inside && line.rfind("THPeligible:", 0) == 0) {
            found->thp_eligible = line.find('1') != std::string::npos;
        }
    }
    return found;
}

std::string thp_mode() {
    std::string mode;
    std::getline(std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"), mode);
    return mode;
}

}  // namespace

class TestHugePageBuffer : public QObject {
    Q_OBJECT
private slots:
    void keeps_the_size_asked_in_whole_huge_pages() {
        const std::uint64_t asked = (5u << 20) + 1;
        sfp::HugePageBuffer b(asked);
        QCOMPARE(b.size(), asked);
        QVERIFY(b.data());
        b.data()[0] = 1;
        b.data()[asked - 1] = 2;  // the last byte asked for is usable
        QCOMPARE(int(b.data()[asked - 1]), 2);
        const std::optional<Vma> vma = vma_of(b.data());
        QVERIFY(vma);
        QCOMPARE(vma->bytes % (2u << 20), std::uint64_t(0));  // whole huge pages: 6 MiB, not 5 MiB + 4 KiB
        QVERIFY(vma->bytes >= (6u << 20));
    }

    void the_kernel_takes_the_huge_page_advice() {
        const std::string mode = thp_mode();
        if (mode.empty() || mode.find("[never]") != std::string::npos)
            QSKIP(qPrintable("this kernel offers no transparent huge pages: '" + QString::fromStdString(mode) + "'"));
        sfp::HugePageBuffer b(4u << 20);
        b.data()[0] = 1;
        const std::optional<Vma> vma = vma_of(b.data());
        QVERIFY(vma && vma->thp_eligible);
        QVERIFY2(*vma->thp_eligible, "THPeligible: 0 for the buffer's mapping");
    }

    void nothing_asked_maps_nothing() {
        sfp::HugePageBuffer b(0);
        QCOMPARE(b.size(), std::uint64_t(0));
        QVERIFY(!b.data());
    }
};

QTEST_APPLESS_MAIN(TestHugePageBuffer)
#include "test_huge_page_buffer.moc"
