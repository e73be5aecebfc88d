#pragma once
// The lean parser of the one-run commands (compare, cipher, wordcount, iterate): the plain, common
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

#include "sfp/types.hpp"

namespace cli {

struct LeanRun {
    sfp::RunSpec spec;           // what the full command would run
    std::string cancelled_note;  // what it prints when a signal stops the run ("" none)
};

// The run `args` (the arguments after the command's name) ask for; nullopt when the lean parser does
// not fully understand them.
std::optional<LeanRun> lean_run(std::string_view command, std::span<char* const> args);

// The flags (without "--") the lean parser accepts for `command`; empty for one it does not run.
std::vector<std::string> lean_option_names(std::string_view command);

}  // namespace cli
