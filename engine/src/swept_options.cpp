// The older view of the sweepable options (sfp/swept_option.hpp), derived from the parameter
// tables (sfp/parameter.hpp): the sweepable entries other than block size and threads.
#include "sfp/swept_option.hpp"

#include <algorithm>

#include "sfp/parameter.hpp"
#include "sfp/registry.hpp"

namespace sfp {

std::span<const SweptOption> swept_options() {
    static const std::vector<SweptOption> all = [] {
        std::vector<SweptOption> out;
        for (std::string_view algorithm : algorithms())
            for (const Parameter& p : parameters_of(algorithm))
                if (p.sweepable && p.used_by == uses_nothing)
                    out.push_back({.algorithm = algorithm, .name = p.name, .help = p.help,
                                   .fallback = std::uint64_t(p.fallback), .min = std::uint64_t(p.min),
                                   .max = std::uint64_t(p.max)});
        return out;
    }();
    return all;
}

std::vector<const SweptOption*> swept_options_of(std::string_view algorithm) {
    std::vector<const SweptOption*> out;
    for (const SweptOption& o : swept_options())
        if (o.algorithm == algorithm) out.push_back(&o);
    return out;
}

bool uses_swept(const Strategy& strategy, std::string_view name) noexcept {
    return std::find(strategy.swept.begin(), strategy.swept.end(), name) != strategy.swept.end();
}

}  // namespace sfp
