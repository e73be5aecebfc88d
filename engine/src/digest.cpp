// Outcome digests: XXH64 over the outcome's canonical text, so equal outcomes hash equally.
#include <xxhash.h>

#include <cstdio>
#include <string>

#include "sfp/outcome.hpp"

namespace sfp {

std::string hex16(std::uint64_t value) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(value));
    return hex;
}

std::string digest_of(const Outcome& outcome) {
    const std::string text = outcome.canonical_text();
    return hex16(XXH64(text.data(), text.size(), 0));
}

}  // namespace sfp
