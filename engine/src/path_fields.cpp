// Paths in descriptions: text when they are UTF-8, and their exact bytes in base64 when not.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "sfp/description.hpp"

namespace sfp {
namespace {

// Well-formed UTF-8 (RFC 3629): no overlong form, no surrogate, nothing above U+10FFFF.
bool valid_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = std::uint8_t(s[i]);
        std::size_t more = 0;
        std::uint32_t low = 0, code = 0;
        if (c < 0x80)
            more = 0, code = c;
        else if (c >= 0xC2 && c <= 0xDF)
            more = 1, code = c & 0x1F, low = 0x80;
        else if (c >= 0xE0 && c <= 0xEF)
            more = 2, code = c & 0x0F, low = 0x800;
        else if (c >= 0xF0 && c <= 0xF4)
            more = 3, code = c & 0x07, low = 0x10000;
        else
            return false;
        if (s.size() - i <= more) return false;
        for (std::size_t k = 1; k <= more; ++k) {
            const auto next = std::uint8_t(s[i + k]);
            if ((next & 0xC0) != 0x80) return false;
            code = code << 6 | (next & 0x3F);
        }
        if (more > 0 && (code < low || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))) return false;
        i += more + 1;
    }
    return true;
}

std::string base64(std::string_view bytes) {
    static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t n = bytes.size() - i < 3 ? bytes.size() - i : 3;
        std::uint32_t group = 0;
        for (std::size_t k = 0; k < 3; ++k) group = group << 8 | (k < n ? std::uint8_t(bytes[i + k]) : 0u);
        for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kDigits[(group >> (18 - 6 * k)) & 0x3F] : '=';
    }
    return out;
}

}  // namespace

void add_path_fields(Description::Object& object, const std::string& name, const std::string& path) {
    object.push_back({name, path});
    if (!valid_utf8(path)) object.push_back({name + "_base64", base64(path)});
}

void add_paths_field(Description::Object& object, const std::string& name, const std::vector<std::string>& paths) {
    object.push_back({name, Description::Array(paths.begin(), paths.end())});
    if (std::all_of(paths.begin(), paths.end(), [](const std::string& p) { return valid_utf8(p); })) return;
    Description::Array exact;
    for (const std::string& p : paths) exact.push_back(base64(p));
    object.push_back({name + "_base64", std::move(exact)});
}

}  // namespace sfp
