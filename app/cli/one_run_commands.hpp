#pragma once
// The one-run commands (one per algorithm: compare, cipher, wordcount, iterate) as data both
// parsers read: the full one (one_run.cpp, Qt's QCommandLineParser) and the lean one
// (lean_command.cpp, no Qt). Their flags are the algorithm's parameter table's (one per entry some
// strategy reads), --strategy, and the command's own switches registered here;
// test_cli_lean_options checks that both accept the same.
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/parameter.hpp"
#include "sfp/types.hpp"

namespace cli {

// Where a command differs from the table: its own default (cipher reads 256K blocks) and a note
// after the table's help ("for uring: blocks in flight").
struct FlagHint {
    std::string_view parameter;
    std::string_view fallback;  // "" = the table's
    std::string_view note;
    bool required = false;  // the command needs it given (the table's default is for experiments)
};

// One operand of the command as its usage and help name it: {"FILE", "files to count", "FILE..."}.
struct Operand {
    std::string_view name, description;
    std::string_view syntax = {};  // "" = the name
};
// A command's own flag without a value (cipher's --plain), with its help.
struct Switch {
    std::string_view name, help;
};

// A flag's value as given on the command line: nullopt when not given, "" for a switch.
using GivenFlag = std::function<std::optional<std::string>(const std::string& flag)>;

// The run a one-run command asks for, and what it prints when a signal stops it ("" none).
struct OneRun {
    sfp::RunSpec spec;
    std::string cancelled_note;
};

// Every algorithm is a one-run command `sfpbench ALG` (one_run.cpp's cmd_one_run, the lean
// parser): its flags from its parameter table, its operands from its unit (its inputs, then OUT
// when it writes an output), its printout the unit's. A shipped algorithm registers here what
// reads better than the words derived from its unit, and the rules the table cannot state.
struct OneRunCommand {
    std::string_view name;         // the command's and its algorithm's
    std::string_view summary;      // its line in `sfpbench --help`
    std::string_view description;  // the top of its --help
    std::span<const Operand> operands;
    std::string_view wanted = {};  // the operands in words, when not its algorithm's inputs (cipher's OUT)
    std::span<const FlagHint> hints = {};
    std::span<const Switch> switches = {};
    std::string_view json_help = "Print the whole result as JSON instead.";
    // Its own rules, each "" or the problem in the full parser's words (the lean one gives up):
    // before the table's flags are read (cipher needs --shift) and after, when it may also
    // complete the run (cipher's digest, kernel and cancelled note).
    std::string (*before_flags)(const GivenFlag& given) = nullptr;
    std::string (*after_flags)(const GivenFlag& given, OneRun& run) = nullptr;
    // Its first operand is this option's value, not an input (search's PATTERN: the pattern).
    std::string_view operand_option = {};
};

// The command of an algorithm the registry knows (registered here or derived from its unit);
// nullptr for any other name.
const OneRunCommand* one_run_command(std::string_view name);  // nullptr for any other command

// Moves the first of spec.inputs into the option the command's first operand stands for (search's
// PATTERN), before the flags are read and judged; "" or the problem (the flag given as well).
std::string take_operand_option(const OneRunCommand& command, const GivenFlag& given, sfp::RunSpec& spec);

// "A B", "IN OUT", "FILE...": the operands as the usage line names them.
std::string operands_text(const OneRunCommand& command);

// "" when `given` are as many operands as the command takes; otherwise what it needs, as both
// parsers say it: "compare needs two files (A B); got one: 'a'".
std::string operands_problem(const OneRunCommand& command, std::span<const std::string> given);

// The flag of a table's parameter: "block" for block_size, otherwise the name with '_' as '-'.
std::string parameter_flag_name(const sfp::Parameter& p);
// A parameter none of the algorithm's strategies reads (iterate's block size) is no flag: giving it
// would change nothing.
bool read_by_some_strategy(std::string_view algorithm, const sfp::Parameter& p);
const FlagHint* hint_of(std::span<const FlagHint> hints, const sfp::Parameter& p);

// The parameter flags of `algorithm` (with and without a value) in the table's order.
std::vector<const sfp::Parameter*> flag_parameters(std::string_view algorithm);

// What is wrong with a value the table could not take ("not a size", "... is out of range (1 to 1G)").
std::string value_problem(const sfp::Parameter& p, const sfp::ParsedValue& v);

struct FlagProblem {
    std::string flag, message;  // "--block", "--block: not a size: '4Q'"
};
// Every given flag (or the command's default) into `spec`: switches as "true" options, block size
// and threads into their fields (read as the table reads them), the others into options as text,
// for the validator (sfp::check_experiment) to judge. Returns the values that could not be read.
std::vector<FlagProblem> apply_parameter_flags(std::string_view algorithm, std::span<const FlagHint> hints,
                                               const GivenFlag& given, sfp::RunSpec& spec);

}  // namespace cli
