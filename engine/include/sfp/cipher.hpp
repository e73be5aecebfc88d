#pragma once
// cipher's outcome, its digest text and description.
#include <cstdint>
#include <string>

#include "sfp/outcome.hpp"

namespace sfp {

struct CipherOutcome {
    std::uint64_t output_bytes = 0;
    std::uint64_t output_hash = 0;  // XXH64 of the output file
    bool operator==(const CipherOutcome&) const = default;
};
std::string canonical(const CipherOutcome& outcome);
Description describe(const CipherOutcome& outcome);

}  // namespace sfp
