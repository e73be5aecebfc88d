// cipher's parameters: the one table its CLI flags, experiment fields and CSV columns come from.
#include "algorithms/cipher/options.hpp"
#include "algorithms/units.hpp"
#include "sfp/parameter.hpp"

namespace sfp::cipher {
namespace {

constexpr std::string_view kTransforms[] = {"caesar", "letters", "widen"};

constexpr Parameter kTable[] = {
    kBlockSizeParameter,
    kThreadsParameter,
    {.name = "shift",
     .type = ParameterType::range,
     .help = "the shift K",
     .fallback = kDefaultShift,
     .min = -kMaxShift,
     .max = kMaxShift},
    {.name = "transform",
     .type = ParameterType::choice,
     .help = "the transform of each byte (`sfpbench cipher --help` explains them)",
     .fallback = 0,
     .choices = kTransforms},
    {.name = "fast", .type = ParameterType::flag, .help = "the vectorised kernel (the article's \"Fast\")"},
    {.name = "flush", .type = ParameterType::flag, .help = "fsync (mapped: msync) the output before the run ends"},
    {.name = "direct",
     .type = ParameterType::flag,
     .help = "O_DIRECT with aligned buffers (block a multiple of 4K; not for mapped strategies)"},
    {.name = "output_exists",
     .type = ParameterType::flag,
     .help = "the output must exist and is overwritten in its own blocks (no atomic replacement)"},
    {.name = "in_place",
     .type = ParameterType::flag,
     .help = "the output may be the input (replaced atomically when complete)"},
};

}  // namespace

std::span<const Parameter> parameters() noexcept { return kTable; }

}  // namespace sfp::cipher
