#pragma once
// Typed access to RunSpec::options, with errors that name the option.
#include <cstdint>
#include <string>

#include "sfp/types.hpp"

namespace sfp {

std::int64_t option_int(const RunSpec& spec, const std::string& key, std::int64_t fallback,
                        std::int64_t min, std::int64_t max);
bool option_flag(const RunSpec& spec, const std::string& key);  // "1"/"true"/"yes"/"" present = true
std::string option_text(const RunSpec& spec, const std::string& key, const std::string& fallback);

}  // namespace sfp
