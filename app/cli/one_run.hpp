#pragma once
// The one-run command of every algorithm (`sfpbench compare A B`), all of it from the algorithm's
// unit and its registration (one_run_commands.hpp): --strategy from the registry, the parameter
// table's flags, the spec they make, one measured run and what the unit prints for it.
#include <QStringList>
#include <span>
#include <string>
#include <string_view>

#include "command_line.hpp"
#include "parameter_flags.hpp"
#include "sfp/types.hpp"

namespace cli {

// `sfpbench ALGORITHM ARGS...`: parses `args`, runs once and prints; returns the exit code.
int cmd_one_run(std::string_view algorithm, const QStringList& args);

// --strategy and the algorithm's parameter flags (with the command's hints).
void add_one_run_flags(CommandLine& p, std::string_view algorithm, std::span<const FlagHint> hints = {});

// The run the flags ask for: the algorithm, --strategy, `inputs` (as typed: bytes), the parameters.
// Throws UsageError when `operands` are not as many as the command takes, saying what it needs
// and what was given (operands_problem, as the lean parser judges).
void check_operands(std::string_view command, const QStringList& operands);

sfp::RunSpec one_run_spec(const QCommandLineParser& p, std::string_view algorithm, const QStringList& inputs,
                          std::span<const FlagHint> hints, const GivenFlag& given);

// Runs `spec` once and prints it: the whole result as JSON when --json is set, else the unit's
// printout (sfp::Printout) on standard output; its notes, the run's and its timing on standard
// error. Returns finish_run's exit code, or exit_different when the unit says the inputs differ.
// `cancelled_note`, when not empty, is printed when a signal stopped the run (what became of the output).
int run_and_print(const QCommandLineParser& p, const sfp::RunSpec& spec, const std::string& cancelled_note = {});

}  // namespace cli
