// search's parameters: the one table its CLI flags, experiment fields and CSV columns come from.
#include "algorithms/search/job.hpp"
#include "algorithms/units.hpp"

namespace sfp::search {
namespace {

constexpr Parameter kTable[] = {
    kBlockSizeParameter,
    kThreadsParameter,
    {.name = "pattern",
     .type = ParameterType::text,
     .help = "the bytes searched for (any byte but a newline), as `grep -F` takes them; generated text carries "
             "the needle sfpbench-needle, the default",
     .text_fallback = "sfpbench-needle"},
    {.name = "max_matches",
     .type = ParameterType::count,
     .help = "report the first N matches (grep -o lines); the threads stop once N are known before them",
     .fallback = std::int64_t(kDefaultMaxMatches),
     .min = 1,
     .max = 1'000'000,
     .sweepable = true,  // how far a searcher reads after it has found enough (lesson 9)
     .unit = "matches",
     .shapes_outcome = true},
    {.name = "pattern_length",
     .type = ParameterType::count,
     .help = "search for the first N bytes of the pattern only (0: all of it): the cost of short patterns",
     .fallback = 0,
     .min = 0,
     .max = 4096,
     .sweepable = true,
     .unit = "bytes of the pattern",
     .shapes_outcome = true},
    {.name = "count",
     .type = ParameterType::flag,
     .help = "count every match of each input (no early stop), as `grep -F -o | wc -l` counts them"},
    {.name = "regex",
     .type = ParameterType::flag,
     .help = "the pattern is a PCRE2 regular expression (grep -P): matching lines are found, by the regex strategy"},
    {.name = "only_matching",
     .type = ParameterType::flag,
     .help = "with regex: the matches in the lines, not the lines (grep -o)"},
};

}  // namespace

std::span<const Parameter> parameters() noexcept { return kTable; }

}  // namespace sfp::search
