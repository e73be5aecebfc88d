#pragma once
// A run's option by its name in the algorithm's parameter table (sfp/parameter.hpp): the value
// parsed when the experiment was planned (RunSpec::options), else the table's fallback. Each
// algorithm reads its options once, into its own struct (cipher's CipherOptions, compare's
// InputPair, wordcount's Inputs, iterate's Job).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "sfp/parameter.hpp"
#include "sfp/types.hpp"

namespace sfp {

std::int64_t option_value(const RunSpec& spec, std::span<const Parameter> table, std::string_view name);
inline bool option_flag(const RunSpec& spec, std::span<const Parameter> table, std::string_view name) {
    return option_value(spec, table, name) != 0;
}
// As text: a text parameter as given, else its text_fallback (the algorithm judges what it says);
// any other its value as a file writes it ("64K", "letters").
std::string option_text(const RunSpec& spec, std::span<const Parameter> table, std::string_view name);

}  // namespace sfp
