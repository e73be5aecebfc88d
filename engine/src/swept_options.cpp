// The one table of swept options. Add a line per option; strategies name it in Strategy::swept.
#include "sfp/swept_option.hpp"

#include <algorithm>

#include "algorithms/wordcount/inputs.hpp"

namespace sfp {
namespace {

constexpr SweptOption kTable[] = {
    {.algorithm = "wordcount",
     .name = "packing",
     .help = "lines per hand-off from the reader to the processors (SimpleCount's record-packing factor)",
     .fallback = wordcount::kDefaultPacking,
     .min = 1,
     .max = wordcount::kMaxPacking},
};

}  // namespace

std::span<const SweptOption> swept_options() { return kTable; }

std::vector<const SweptOption*> swept_options_of(std::string_view algorithm) {
    std::vector<const SweptOption*> out;
    for (const SweptOption& o : kTable)
        if (o.algorithm == algorithm) out.push_back(&o);
    return out;
}

bool uses_swept(const Strategy& strategy, std::string_view name) noexcept {
    return std::find(strategy.swept.begin(), strategy.swept.end(), name) != strategy.swept.end();
}

}  // namespace sfp
