// Outcome digests: XXH64 over a canonical little text, so equal outcomes hash equally.
#include <xxhash.h>

#include <cstdio>
#include <string>

#include "sfp/outcome.hpp"

namespace sfp {
namespace {

std::string canonical(const std::monostate&) { return "none"; }

std::string canonical(const CompareOutcome& o) {
    std::string s = "compare " + std::to_string(o.size_a) + " " + std::to_string(o.size_b);
    for (const Mismatch& m : o.mismatches)
        s += " " + std::to_string(m.offset) + ":" + std::to_string(m.a) + ":" + std::to_string(m.b);
    return s;
}

std::string canonical(const CipherOutcome& o) {
    return "cipher " + std::to_string(o.output_bytes) + " " + std::to_string(o.output_hash);
}

// Every file's counts and histogram, so strategies are checked on both.
std::string canonical(const WordCountOutcome& o) {
    std::string s = "wordcount";
    for (const WordCounts& f : o.files) {
        s += " " + std::to_string(f.lines) + ":" + std::to_string(f.words) + ":" + std::to_string(f.bytes);
        for (std::size_t len = 1; len < f.histogram.size(); ++len) s += "," + std::to_string(f.histogram[len]);
    }
    return s;
}

std::string canonical(const IterateOutcome& o) {
    return "iterate " + std::to_string(o.file_count) + " " + std::to_string(o.bytes) + " " +
           std::to_string(o.skipped.size()) + " " + std::to_string(o.digest);
}

}  // namespace

std::string digest_of(const Outcome& outcome) {
    const std::string text = std::visit([](const auto& o) { return canonical(o); }, outcome);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx",
                  static_cast<unsigned long long>(XXH64(text.data(), text.size(), 0)));
    return hex;
}

}  // namespace sfp
