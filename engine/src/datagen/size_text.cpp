// Sizes as people write them: 640000000, 64K, 256M, 1G (powers of two).
#include <cctype>
#include <charconv>
#include <string>

#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace sfp {

std::uint64_t parse_size(std::string_view text) {
    const std::string shown(text);
    if (text.empty()) fail("size is empty");
    unsigned shift = 0;
    switch (std::toupper(static_cast<unsigned char>(text.back()))) {
        case 'K': shift = 10; break;
        case 'M': shift = 20; break;
        case 'G': shift = 30; break;
        case 'T': shift = 40; break;
        default: break;
    }
    if (shift) text.remove_suffix(1);
    if (!text.empty() && (text.back() == 'i' || text.back() == 'I')) fail("size '" + shown + "': write 64K, not 64KiB");
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        fail("size '" + shown + "' is not a number of bytes (use digits with an optional K, M or G)");
    if (shift && value > (UINT64_MAX >> shift)) fail("size '" + shown + "' is too large");
    return value << shift;
}

std::string byte_count(std::uint64_t bytes) { return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes"); }

std::string format_size(std::uint64_t bytes) {
    static const char* const units[] = {"", "K", "M", "G", "T"};
    std::uint64_t n = bytes;
    int unit = 0;
    while (unit < 4 && n >= 1024 && n % 1024 == 0) {
        n /= 1024;
        ++unit;
    }
    // A suffix only where it reads better: 640000000, not 625000K.
    if (unit > 0 && n >= 10000) return std::to_string(bytes);
    return std::to_string(n) + units[unit];
}

}  // namespace sfp
