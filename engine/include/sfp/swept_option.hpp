#pragma once
// Numeric algorithm options that an experiment can sweep like block size and threads (packing is
// the first): a view of the sweepable entries of the parameter tables (sfp/parameter.hpp) other
// than block size and threads, kept for the code that predates them. A strategy lists the ones
// it reads (Strategy::swept). Each becomes a list in the experiment, a flag of
// `sfpbench run`, a cell parameter, a CSV column and a JSON field, all named by `name`, and
// reaches the run as RunSpec::options[name].
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "sfp/strategy.hpp"

namespace sfp {

struct SweptOption {
    std::string_view algorithm;  // "wordcount"
    std::string_view name;       // "packing": option key, CSV column, flag and JSON field
    std::string_view help;       // one line
    std::uint64_t fallback = 0;  // the value a run gets when the experiment names none
    std::uint64_t min = 0, max = 0;
};

std::span<const SweptOption> swept_options();  // every declared one, in table order
std::vector<const SweptOption*> swept_options_of(std::string_view algorithm);
bool uses_swept(const Strategy& strategy, std::string_view name) noexcept;

}  // namespace sfp
