#include "algorithms/cipher/options.hpp"

#include "sfp/failure.hpp"
#include "spec_options.hpp"

namespace sfp::cipher {

CipherOptions parse_options(const RunSpec& spec) {
    CipherOptions o;
    const bool shift_given = spec.options.count("shift") > 0;
    o.shift = int(option_int(spec, "shift", kDefaultShift, -kMaxShift, kMaxShift));
    const std::string t = option_text(spec, "transform", "caesar");
    if (t == "caesar") o.transform = Transform::caesar;
    else if (t == "letters") o.transform = Transform::letters;
    else if (t == "widen") o.transform = Transform::widen;
    else fail("option transform: '" + t + "' is not one of caesar, letters, widen");
    if (o.transform == Transform::widen) {  // atou widens the bytes as they are
        if (shift_given) o.ignored_shift = o.shift;
        o.shift = 0;
    }
    o.fast = option_flag(spec, "fast");
    o.flush = option_flag(spec, "flush");
    o.direct = option_flag(spec, "direct");
    o.output_exists = option_flag(spec, "output_exists");
    o.in_place = option_flag(spec, "in_place");
    if (o.in_place && o.output_exists)
        fail("options in_place and output_exists cannot be combined: writing into the input's own "
             "blocks would damage it if the run failed");
    return o;
}

}  // namespace sfp::cipher
