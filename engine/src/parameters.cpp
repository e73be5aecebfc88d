// What the parameter tables mean: lookup, parsing and text of values by type.
#include "sfp/parameter.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include "sfp/algorithm_io.hpp"
#include "sfp/cell.hpp"
#include "sfp/datagen.hpp"
#include "sfp/experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/registry.hpp"

namespace sfp {

const char* to_string(ParameterType t) noexcept {
    switch (t) {
        case ParameterType::size: return "size";
        case ParameterType::count: return "count";
        case ParameterType::choice: return "choice";
        case ParameterType::flag: return "flag";
        case ParameterType::range: return "range";
        case ParameterType::text: break;
    }
    return "text";
}

std::span<const Parameter> parameters_of(std::string_view algorithm) noexcept {
    const AlgorithmIo* io = algorithm_io(algorithm);
    return io ? io->parameters : std::span<const Parameter>{};
}

const Parameter* find_parameter(std::string_view algorithm, std::string_view name) noexcept {
    for (const Parameter& p : parameters_of(algorithm))
        if (p.name == name) return &p;
    return nullptr;
}

std::vector<const Parameter*> cell_parameters() {
    std::vector<const Parameter*> out;
    for (std::string_view algorithm : algorithms())
        for (const Parameter& p : parameters_of(algorithm))
            if (p.sweepable &&
                std::none_of(out.begin(), out.end(), [&](const Parameter* q) { return q->name == p.name; }))
                out.push_back(&p);
    return out;
}

std::vector<const Parameter*> swept_parameters() {
    std::vector<const Parameter*> out;
    for (const Parameter* p : cell_parameters())
        if (p->list_field.empty()) out.push_back(p);
    return out;
}

bool uses(const Strategy& s, const Parameter& p) noexcept {
    return !p.sweepable || std::ranges::find(s.reads, p.name) != s.reads.end();
}

std::uint64_t Cell::value(std::string_view name) const {
    const auto it = parameters.find(name);
    return it == parameters.end() ? 0 : it->second;
}

std::optional<std::int64_t> parameter_value(const Cell& cell, const Parameter& p) {
    const auto it = cell.parameters.find(p.name);
    return it == cell.parameters.end() ? std::nullopt : std::optional<std::int64_t>(std::int64_t(it->second));
}

void set_parameter_value(Cell& cell, const Parameter& p, std::int64_t v) {
    cell.parameters[std::string(p.name)] = std::uint64_t(v);
}

std::string parameter_text(const Cell& cell, const Parameter& p) {
    const std::optional<std::int64_t> v = parameter_value(cell, p);
    return v ? value_text(p, *v) : "-";
}

std::vector<std::int64_t> parameter_values(const Experiment& e, const Parameter& p) {
    std::vector<std::int64_t> out;
    if (const auto it = e.sweeps.find(std::string(p.name)); it != e.sweeps.end()) {
        for (std::uint64_t v : it->second) out.push_back(std::int64_t(v));
    } else if (const auto opt = e.options.find(std::string(p.name)); opt != e.options.end()) {
        const ParsedValue parsed = parse_value(p, opt->second);
        if (!parsed.error.empty()) fail(std::string(p.name) + ": " + parsed.error);
        out.push_back(parsed.value);
    }
    return out;
}

std::vector<std::uint64_t> swept_values(const Experiment& e, const Parameter& p) {
    std::vector<std::int64_t> values = parameter_values(e, p);
    if (values.empty()) values = {p.fallback};
    return {values.begin(), values.end()};
}

bool spans_decades(const Parameter& p) noexcept {
    const bool whole = p.type == ParameterType::count || p.type == ParameterType::range;
    return whole && p.min >= 1 && p.max / p.min >= 1000;
}

std::string limits_text(const Parameter& p) {
    switch (p.type) {
        case ParameterType::size: return format_size(std::uint64_t(p.min)) + " to " + format_size(std::uint64_t(p.max));
        case ParameterType::count:
        case ParameterType::range: return std::to_string(p.min) + " to " + std::to_string(p.max);
        case ParameterType::flag: return "true or false";
        case ParameterType::choice: {
            std::string out;
            for (std::size_t i = 0; i < p.choices.size(); ++i)
                out += (i == 0 ? "" : i + 1 == p.choices.size() ? " or " : ", ") + std::string(p.choices[i]);
            return out;
        }
        case ParameterType::text: break;
    }
    return "text";
}

std::string limit_error(const Parameter& p, std::int64_t v) {
    const bool numeric =
        p.type == ParameterType::size || p.type == ParameterType::count || p.type == ParameterType::range;
    if (numeric && (v < p.min || v > p.max)) return value_text(p, v) + " is out of range (" + limits_text(p) + ")";
    if (p.type == ParameterType::choice && (v < 0 || std::size_t(v) >= p.choices.size()))
        return "choice " + std::to_string(v) + " does not exist (" + limits_text(p) + ")";
    if (p.type == ParameterType::flag && v != 0 && v != 1) return std::to_string(v) + " is not true or false";
    return {};
}

ParsedValue parse_value(const Parameter& p, std::string_view text) {
    const auto whole = [&](std::string_view t) -> ParsedValue {
        std::int64_t v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (ec == std::errc::result_out_of_range && end == t.data() + t.size())  // digits, too many of them
            return {0, "'" + std::string(text) + "' is out of range (" + limits_text(p) + ")"};
        if (ec != std::errc() || end != t.data() + t.size() || t.empty())
            return {0, "'" + std::string(text) + "' is not a whole number (" + limits_text(p) + ")"};
        return {v, limit_error(p, v)};
    };
    switch (p.type) {
        case ParameterType::count:
        case ParameterType::range: return whole(text);
        case ParameterType::size:
            try {
                const std::uint64_t v = parse_size(std::string(text));
                if (v > std::uint64_t(INT64_MAX))  // no value of the table's type: the text names it
                    return {0, "'" + std::string(text) + "' is out of range (" + limits_text(p) + ")"};
                return {std::int64_t(v), limit_error(p, std::int64_t(v))};
            } catch (const Failure&) {
                return {0, "'" + std::string(text) + "' is not a size like 4K or 64M (" + limits_text(p) + ")"};
            }
        case ParameterType::flag:
            if (text.empty() || text == "1" || text == "true" || text == "yes") return {1, {}};
            if (text == "0" || text == "false" || text == "no") return {0, {}};
            return {0, "'" + std::string(text) + "' is not true or false"};
        case ParameterType::choice:
            for (std::size_t i = 0; i < p.choices.size(); ++i)
                if (p.choices[i] == text) return {std::int64_t(i), {}};
            return {0, "'" + std::string(text) + "' is not one of " + limits_text(p)};
        case ParameterType::text: break;
    }
    return {0, {}};  // text: the algorithm's check_options judges it
}

std::string value_text(const Parameter& p, std::int64_t v) {
    switch (p.type) {
        case ParameterType::size: return v > 0 ? format_size(std::uint64_t(v)) : std::to_string(v);
        case ParameterType::flag: return v ? "true" : "false";
        case ParameterType::choice:
            if (v >= 0 && std::size_t(v) < p.choices.size()) return std::string(p.choices[std::size_t(v)]);
            break;
        default: break;
    }
    return std::to_string(v);
}

}  // namespace sfp
