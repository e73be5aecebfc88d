#include "algorithms/cipher/options.hpp"

#include "algorithms/units.hpp"
#include "sfp/failure.hpp"
#include "spec_options.hpp"

namespace sfp::cipher {

CipherOptions parse_options(const RunSpec& spec) {
    CipherOptions o;
    const bool shift_given = spec.options.given("shift");
    const std::span<const Parameter> table = parameters();
    o.shift = int(option_value(spec, table, "shift"));
    o.transform = Transform(option_value(spec, table, "transform"));  // the table's choices, in Transform's order
    if (o.transform == Transform::widen) {                            // atou widens the bytes as they are
        if (shift_given) o.ignored_shift = o.shift;
        o.shift = 0;
    }
    o.fast = option_flag(spec, table, "fast");
    o.flush = option_flag(spec, table, "flush");
    o.direct = option_flag(spec, table, "direct");
    o.output_exists = option_flag(spec, table, "output_exists");
    o.in_place = option_flag(spec, table, "in_place");
    if (o.in_place && o.output_exists)
        fail(
            "options in_place and output_exists cannot be combined: writing into the input's own "
            "blocks would damage it if the run failed");
    return o;
}

}  // namespace sfp::cipher
