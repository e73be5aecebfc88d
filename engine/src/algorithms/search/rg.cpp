// search/rg — the baseline: ripgrep, `rg -F -o -b -a --no-config`, as a child process, under
// the same clock (tool_search.hpp).
#include "algorithms/search/strategies.hpp"
#include "algorithms/search/tool_search.hpp"
#include "measure/child_process.hpp"

namespace sfp::search {
namespace {

Support probe() {
    if (find_on_path("rg").empty()) return Support::no("`rg` is not installed (package ripgrep)");
    return Support::yes();
}

// Its own configuration file and line numbers off, the file name on, as grep prints them.
Outcome run(const RunSpec& spec, RunContext& ctx) {
    return search_with_tool(spec, ctx, {"rg", "-b", "-a", "--no-config", "-H", "--no-heading", "--no-line-number"},
                            "rg", false);
}

}  // namespace

const Strategy rg_strategy{
    .algorithm = "search",
    .name = "rg",
    .description = "baseline: ripgrep, `rg -F -o -b -a`, as a child process (wall and its exact CPU time)",
    .reads = kReadsMatches,
    .probe = probe,
    .run = run,
    .takes = takes_command_line_pattern,
};

}  // namespace sfp::search
