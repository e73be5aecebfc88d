#pragma once
// An algorithm's parameter table (sfp/parameter.hpp) as the flags of its one-run command, the
// way fio lists an engine's options: one flag per entry (--block for block_size, otherwise the
// name with '_' as '-'), its help, limits and default from the table, each value parsed by type
// before anything runs. A new table entry is a new flag of `sfpbench ALG` without code here.
#include "command_line.hpp"
#include <QString>
#include <span>
#include <string_view>

#include "sfp/parameter.hpp"
#include "one_run_commands.hpp"  // FlagHint
#include "sfp/types.hpp"

namespace cli {

QString parameter_flag(const sfp::Parameter& p);  // "block", "max-mismatches"

// A command's own flag for a spec field that is not a parameter: run's {"strategies",
// "strategies"}, a one-run command's {"strategies", "strategy"}.
struct FieldFlag {
    std::string_view field, flag;
};
// The flag (without "--") a problem's field comes from, the one mapping both `run` and the
// one-run commands use: the command's own words first ("options.shift" -> "option" for run),
// then the parameter table (a list field "block_sizes[2]" -> "block", swept values
// "parameters.packing[0]" -> "packing", an option "options.max_mismatches" -> "max-mismatches");
// empty when no flag sets it (a positional argument).
QString flag_of_field(std::string_view algorithm, std::string field, std::span<const FieldFlag> own);

// --strategy NAME of the algorithm's one-run command, from the registry: its strategies in their
// order and its default with what that does ("read, ... or cmp (default adaptive: measures ...)").
QCommandLineOption strategy_option(std::string_view algorithm);

void add_parameter_flags(CommandLine& parser, std::string_view algorithm, std::span<const FlagHint> hints = {});
// Every given flag (or command default) into `spec`: block size and threads into their fields,
// the others into options as text. Then the whole run (strategy, inputs, options) is judged by
// the engine's validator (sfp::check_experiment), as `run` is. Every problem is one line of the
// UsageError thrown, naming the flag ("--max-mismatches: option max_mismatches: -3 is out of
// range (1 to 1000000)"); threads 0 = all online CPUs.
void read_parameter_flags(const QCommandLineParser& parser, std::string_view algorithm, sfp::RunSpec& spec,
                          std::span<const FlagHint> hints = {});

}  // namespace cli
