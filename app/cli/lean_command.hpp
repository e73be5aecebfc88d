#pragma once
// The lean parser of the one-run commands (one per algorithm, one_run_commands.hpp): the plain, common
// command lines, read without Qt so that sfpbench runs them without loading it. It accepts exactly
// the flags the full parser accepts (one_run_commands.hpp), each at most once, as --name VALUE or
// --name=VALUE, and understands nothing else: --help, --json, a short or unknown option, a value the
// table cannot read, a missing file argument, a spec the validator refuses all make it give up, and
// sfpbench-full runs the command line with its own messages (lean_main.cpp).
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "one_run_commands.hpp"

namespace cli {

// The run `args` (the arguments after the command's name) ask for, as the full command would run
// it; nullopt when the lean parser does not fully understand them.
std::optional<OneRun> lean_run(std::string_view command, std::span<char* const> args);

// The flags (without "--") the lean parser accepts for `command`; empty for one it does not run.
std::vector<std::string> lean_option_names(std::string_view command);

}  // namespace cli
