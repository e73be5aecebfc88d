#pragma once
// cipher's outcome, its digest text and description.
#include <cstdint>
#include <optional>
#include <string>

#include "sfp/outcome.hpp"

namespace sfp {

struct CipherOutcome {
    std::uint64_t output_bytes = 0;
    // The output's digest (algorithms/cipher/output_digest.hpp: XXH3 of each 4 KiB granule,
    // summed), or none when the run was not asked for one (a one-run command without --digest).
    std::optional<std::uint64_t> output_hash;
    bool operator==(const CipherOutcome&) const = default;
};
std::string canonical(const CipherOutcome& outcome);
Description describe(const CipherOutcome& outcome);

}  // namespace sfp
