#include "sfp/option_values.hpp"

#include <algorithm>

#include "sfp/failure.hpp"
#include "sfp/parameter.hpp"

namespace sfp {

OptionValues OptionValues::parsed(std::span<const Parameter> table, const std::map<std::string, std::string>& texts) {
    OptionValues out;
    for (const auto& [name, text] : texts) {
        const auto it = std::ranges::find(table, std::string_view(name), &Parameter::name);
        if (it == table.end() || is_run_field(*it)) fail("unknown option '" + name + "'");
        if (const std::string error = out.set_parsed(*it, text); !error.empty()) fail("option " + name + ": " + error);
    }
    return out;
}

std::string OptionValues::set_parsed(const Parameter& p, std::string_view text) {
    if (p.type == ParameterType::text) {
        set_text(p, std::string(text));
        return {};
    }
    const ParsedValue v = parse_value(p, text);
    if (v.error.empty()) set_number(p, v.value);
    return v.error;
}

void OptionValues::set_number(const Parameter& p, std::int64_t value) {
    if (p.type == ParameterType::text) fail("internal error: option " + std::string(p.name) + " is text");
    values_[std::string(p.name)] = {.parameter = &p, .number = value, .text = {}};
}

void OptionValues::set_text(const Parameter& p, std::string text) {
    if (p.type != ParameterType::text) fail("internal error: option " + std::string(p.name) + " is no text");
    values_[std::string(p.name)] = {.parameter = &p, .text = std::move(text)};
}

std::int64_t OptionValues::number(const Parameter& p) const noexcept {
    const auto it = values_.find(p.name);
    return it == values_.end() ? p.fallback : it->second.number;
}

std::string OptionValues::text(const Parameter& p) const {
    if (p.type != ParameterType::text) return value_text(p, number(p));
    const auto it = values_.find(p.name);
    return it == values_.end() ? std::string(p.text_fallback) : it->second.text;
}

std::map<std::string, std::string> OptionValues::texts() const {
    std::map<std::string, std::string> out;
    for (const auto& [name, v] : values_) out[name] = text(*v.parameter);
    return out;
}

}  // namespace sfp
