// search/regex — a PCRE2 regular expression (grep -P), whole-file parallelism: T threads, each
// searching whole inputs in turn (mapped, line by line, JIT-compiled), the first N in a shared
// sorted table with compMP's passive stop (Hart's answer for a regular expression).

#include "algorithms/search/job.hpp"
#include "algorithms/search/pcre_pattern.hpp"
#include "algorithms/search/strategies.hpp"
#include "algorithms/units.hpp"
#include "io/mapping.hpp"
#include "io/sigbus_guard.hpp"
#include "sfp/failure.hpp"
#include "spec_options.hpp"

namespace sfp::search {
namespace {

Support takes_regex(const RunSpec& spec) {
    if (!option_flag(spec, parameters(), "regex"))
        return Support::no("regular expressions only (--regex); a fixed string: the other strategies");
    return Support::yes();
}

std::uint64_t search_file(const Job& job, const PcrePattern& pattern, std::uint32_t file, Collector& out,
                          RunContext& ctx) {
    const File f = open_input(job.inputs[file]);
    const Mapping map(f, std::size_t(f.size()));
    map.advise_sequential();
    auto scan = [&] {
        pattern.each_found(map.data(), map.size(), job.only_matching, [&](std::uint64_t at, std::string_view text) {
            return out.add(file, at, std::string(text)) && !ctx.should_stop();
        });
    };
    if (!guarded(scan)) fail("'" + f.path() + "' was truncated while mapped (SIGBUS); no match is reported for it");
    ctx.add_progress(f.size());
    return f.size();
}

}  // namespace

Outcome search_regex(const RunSpec& spec, RunContext& ctx) {
    const Job job = open_job(spec, ctx);
    const PcrePattern pattern(job.pattern);
    return search_files_in_parallel(
        job, ctx, [&](std::uint32_t f, Collector& out) { return search_file(job, pattern, f, out, ctx); });
}

const Strategy regex_strategy{
    .algorithm = "search",
    .name = "regex",
    .description = "PCRE2 (JIT) as grep -P: T threads, a whole input each in turn, mapped, line by line; passive stop",
    .reads = kReadsThreadsAndMatches,
    .maps_input = true,
    .run = search_regex,
    .takes = takes_regex,
};

}  // namespace sfp::search
