// iterate's parameters: the one table its CLI flags, experiment fields and CSV columns come from.
#include <cstdint>

#include "algorithms/units.hpp"
#include "sfp/parameter.hpp"

namespace sfp::iterate {
namespace {

constexpr Parameter kTable[] = {
    kBlockSizeParameter,
    kThreadsParameter,
    {.name = "scope",
     .type = ParameterType::text,
     .help = "bytes hashed from each file's start (a size), or 'full'",
     .text_fallback = "64K"},
    {.name = "seed",
     .type = ParameterType::count,
     .help = "seed of the random file order",
     .fallback = 1,
     .min = 0,
     .max = INT64_MAX},
    {.name = "list", .type = ParameterType::flag, .help = "keep every file's hash in the outcome (xxhsum lines)"},
};

}  // namespace

std::span<const Parameter> parameters() noexcept { return kTable; }

}  // namespace sfp::iterate
