#include "spec_options.hpp"

#include <algorithm>

#include "sfp/failure.hpp"

namespace sfp {
namespace {

const Parameter& entry(std::span<const Parameter> table, std::string_view name) {
    const auto it = std::ranges::find(table, name, &Parameter::name);
    if (it == table.end()) fail("internal error: option " + std::string(name) + " is in no parameter table");
    return *it;
}

}  // namespace

std::int64_t option_value(const RunSpec& spec, std::span<const Parameter> table, std::string_view name) {
    const Parameter& p = entry(table, name);
    const auto it = spec.options.find(std::string(name));
    if (it == spec.options.end()) return p.fallback;
    const ParsedValue parsed = parse_value(p, it->second);
    if (!parsed.error.empty()) fail("option " + std::string(name) + ": " + parsed.error);
    return parsed.value;
}

std::string option_text(const RunSpec& spec, std::span<const Parameter> table, std::string_view name) {
    const Parameter& p = entry(table, name);
    const auto it = spec.options.find(std::string(name));
    return it == spec.options.end() ? std::string(p.text_fallback) : it->second;
}

}  // namespace sfp
