// search/grep — the baseline: the system `grep -F -o -b -a` (C locale) as a child process, under
// the same clock (tool_search.hpp).
#include "algorithms/search/strategies.hpp"
#include "algorithms/search/tool_search.hpp"
#include "measure/child_process.hpp"

namespace sfp::search {
namespace {

Support probe() {
    if (find_on_path("grep").empty()) return Support::no("`grep` is not installed (package grep)");
    if (find_on_path("env").empty()) return Support::no("`env` is not installed (package coreutils)");
    return Support::yes();
}

Outcome run(const RunSpec& spec, RunContext& ctx) {  // env execs grep: wait4 measures grep
    return search_with_tool(spec, ctx, {"env", "LC_ALL=C", "grep", "-b", "-a", "-H"}, "grep", true);
}

}  // namespace

const Strategy grep_strategy{
    .algorithm = "search",
    .name = "grep",
    .description = "baseline: the system `grep -F -o -b -a` as a child process (wall and its exact CPU time)",
    .reads = kReadsMatches,
    .probe = probe,
    .run = run,
    .takes = takes_command_line_pattern,
};

}  // namespace sfp::search
