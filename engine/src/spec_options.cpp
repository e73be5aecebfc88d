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
    return spec.options.number(entry(table, name));
}

std::string option_text(const RunSpec& spec, std::span<const Parameter> table, std::string_view name) {
    return spec.options.text(entry(table, name));
}

}  // namespace sfp
