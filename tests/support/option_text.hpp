#pragma once
// Tests write a run's options as an experiment file does ("8", "letters", "true"): parsed once by
// the algorithm's parameter table into RunSpec::options, as the planner does.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sfp/option_values.hpp"
#include "sfp/parameter.hpp"
#include "sfp/types.hpp"

namespace testing {

inline sfp::OptionValues options_of(std::string_view algorithm, const std::map<std::string, std::string>& texts) {
    return sfp::OptionValues::parsed(sfp::parameters_of(algorithm), texts);
}

inline void set_option(sfp::RunSpec& spec, std::string_view name, std::string_view text) {
    const sfp::Parameter* p = sfp::find_parameter(spec.algorithm, name);
    if (!p) throw std::logic_error("test: " + spec.algorithm + " has no option " + std::string(name));
    if (const std::string error = spec.options.set_parsed(*p, text); !error.empty()) throw std::logic_error(error);
}

// A value as the table stores it (a choice: its index), unjudged: run_once judges it as it would
// any spec built in code.
inline void set_option_number(sfp::RunSpec& spec, std::string_view name, std::int64_t value) {
    const sfp::Parameter* p = sfp::find_parameter(spec.algorithm, name);
    if (!p) throw std::logic_error("test: " + spec.algorithm + " has no option " + std::string(name));
    spec.options.set_number(*p, value);
}

}  // namespace testing
