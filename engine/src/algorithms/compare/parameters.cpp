// compare's parameters: the one table its CLI flags, experiment fields and CSV columns come from.
#include "algorithms/units.hpp"
#include "sfp/compare.hpp"
#include "sfp/parameter.hpp"

namespace sfp::compare {
namespace {

constexpr Parameter kTable[] = {
    kBlockSizeParameter,
    kThreadsParameter,
    {.name = "max_mismatches",
     .type = ParameterType::count,
     .help = "report the first N differing bytes (cmp -l lines)",
     .fallback = std::int64_t(kDefaultMaxMismatches),
     .min = 1,
     .max = 1'000'000},
};

}  // namespace

std::span<const Parameter> parameters() noexcept { return kTable; }

}  // namespace sfp::compare
