#pragma once
// The baselines (grep, rg) as child processes, under the same clock: the tool reads the very
// files opened and checked here, prints "NAME:OFFSET:MATCH" lines (-o -b -H), and is cut off
// after N lines as `| head -N` does, unless counting.
#include <string>
#include <vector>

#include "sfp/run_context.hpp"
#include "sfp/strategy.hpp"
#include "sfp/types.hpp"

namespace sfp::search {

// `argv`: the tool's command line before its -F/-P, -o, the pattern and the files (added here as
// the options ask); `tool` names it in errors.
// `in_order`: it prints the files' matches in argument order, so N lines are the first N; a tool
// that searches several files at once (rg) prints them as each finishes, and is read to the end.
Outcome search_with_tool(const RunSpec& spec, RunContext& ctx, std::vector<std::string> argv, const std::string& tool,
                         bool in_order);
// A command line cannot carry a NUL byte: a pattern with one is not for a child process.
Support takes_command_line_pattern(const RunSpec& spec);

}  // namespace sfp::search
