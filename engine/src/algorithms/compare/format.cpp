// cmp -l's output format, reproduced exactly (GNU diffutils 3.8).
#include <cstdio>
#include <string>

#include "sfp/compare.hpp"

namespace sfp {

std::string format_cmp_lines(const CompareOutcome& o) {
    // cmp pads the byte number to the width of the largest offset it could print.
    int width = 1;
    for (std::uint64_t m = std::min(o.size_a, o.size_b); m /= 10;) ++width;
    std::string out;
    char line[64];
    for (const Mismatch& m : o.mismatches) {
        std::snprintf(line, sizeof line, "%*llu %3o %3o\n", width, static_cast<unsigned long long>(m.offset + 1),
                      unsigned(m.a), unsigned(m.b));
        out += line;
    }
    return out;
}

std::string format_length_note(const CompareOutcome& o, const std::string& name_a, const std::string& name_b) {
    if (o.size_a == o.size_b) return "";
    const bool a_shorter = o.size_a < o.size_b;
    const std::string& shorter = a_shorter ? name_a : name_b;
    const std::uint64_t n = a_shorter ? o.size_a : o.size_b;
    if (n == 0) return "EOF on " + shorter + " which is empty";
    return "EOF on " + shorter + " after byte " + std::to_string(n);
}

}  // namespace sfp
