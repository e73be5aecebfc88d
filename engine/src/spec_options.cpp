#include "spec_options.hpp"

#include <charconv>

#include "sfp/failure.hpp"

namespace sfp {

std::int64_t option_int(const RunSpec& spec, const std::string& key, std::int64_t fallback,
                        std::int64_t min, std::int64_t max) {
    const auto it = spec.options.find(key);
    if (it == spec.options.end()) return fallback;
    const std::string& text = it->second;
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    const bool too_many_digits = ec == std::errc::result_out_of_range && end == text.data() + text.size();
    if (!too_many_digits && (ec != std::errc() || end != text.data() + text.size()))
        fail("option " + key + ": '" + text + "' is not a whole number");
    if (too_many_digits || value < min || value > max)
        fail("option " + key + ": " + text + " is out of range (" + std::to_string(min) + " to " +
             std::to_string(max) + ")");
    return value;
}

bool option_flag(const RunSpec& spec, const std::string& key) {
    const auto it = spec.options.find(key);
    if (it == spec.options.end()) return false;
    const std::string& v = it->second;
    if (v.empty() || v == "1" || v == "true" || v == "yes" || v == "on") return true;
    if (v == "0" || v == "false" || v == "no" || v == "off") return false;
    fail("option " + key + ": '" + v + "' is not a yes/no value");
}

std::string option_text(const RunSpec& spec, const std::string& key, const std::string& fallback) {
    const auto it = spec.options.find(key);
    return it == spec.options.end() ? fallback : it->second;
}

}  // namespace sfp
