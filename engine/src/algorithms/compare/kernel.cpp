#include "algorithms/compare/kernel.hpp"

#include <bit>
#include <cstring>

namespace sfp::compare {

std::size_t first_difference(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept {
    if (std::memcmp(a, b, n) == 0) return n;  // the common case: equal, at vector speed
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t wa, wb;
        std::memcpy(&wa, a + i, 8);
        std::memcpy(&wb, b + i, 8);
        if (const std::uint64_t x = wa ^ wb) {
            if constexpr (std::endian::native == std::endian::little)
                return i + std::size_t(std::countr_zero(x)) / 8;
            else
                return i + std::size_t(std::countl_zero(x)) / 8;
        }
    }
    for (; i < n; ++i)
        if (a[i] != b[i]) return i;
    return n;
}

void scan_region(const std::uint8_t* a, const std::uint8_t* b, std::size_t n, std::uint64_t base,
                 MismatchTable& table) {
    std::size_t pos = 0;
    while (pos < n) {
        const std::size_t d = pos + first_difference(a + pos, b + pos, n - pos);
        if (d == n) return;
        if (table.closed_before(base + d)) return;
        table.add(Mismatch{base + d, a[d], b[d]});
        pos = d + 1;
    }
}

}  // namespace sfp::compare
