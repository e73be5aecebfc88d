// wordcount's parameters: the one table its CLI flags, experiment fields and CSV columns come from.
#include "algorithms/units.hpp"
#include "algorithms/wordcount/inputs.hpp"

namespace sfp::wordcount {
namespace {

constexpr Parameter kTable[] = {
    kBlockSizeParameter,
    kThreadsParameter,
    {.name = "separators",
     .type = ParameterType::text,
     .help = "bytes that also separate words; escapes \\t \\n \\v \\f \\r \\\\ and \\xHH (two hex digits), no other"},
    {.name = "packing",
     .type = ParameterType::count,
     .help = "lines per hand-off from the reader to the processors (SimpleCount's record-packing factor)",
     .fallback = std::int64_t(kDefaultPacking),
     .min = 1,
     .max = std::int64_t(kMaxPacking),
     .sweepable = true,
     .unit = "lines per hand-off"},
    {.name = "histogram",
     .type = ParameterType::flag,
     .help = "tally word lengths too (SimpleCount's histogram); counting alone needs no branch per word"},
};

}  // namespace

std::span<const Parameter> parameters() noexcept { return kTable; }

}  // namespace sfp::wordcount
