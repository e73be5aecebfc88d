#pragma once
// The one-run commands (compare, cipher, wordcount, iterate) as data both parsers read: the full
// one (cmd_<name>.cpp, Qt's QCommandLineParser) and the lean one (lean_command.cpp, no Qt). Their
// flags are the algorithm's parameter table's (one per entry some strategy reads), --strategy, and
// the command's own switches listed here; test_cli_lean_options checks that both accept the same.
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

struct OneRunCommand {
    std::string_view name;  // the command's and its algorithm's
    std::span<const FlagHint> hints;
    std::span<const std::string_view> switches;  // the command's own flags without a value (cipher's --plain)
    std::string_view operands;                   // as its usage names them: "A B", "IN OUT"; "DIR..." one or more
    std::string_view wanted = {};                // they in words, when not its algorithm's inputs (cipher's OUT)
};

const OneRunCommand* one_run_command(std::string_view name);  // nullptr for any other command

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

// A flag's value as given on the command line: nullopt when not given, "" for a switch.
using GivenFlag = std::function<std::optional<std::string>(const std::string& flag)>;
struct FlagProblem {
    std::string flag, message;  // "--block", "--block: not a size: '4Q'"
};
// Every given flag (or the command's default) into `spec`: switches as "true" options, block size
// and threads into their fields (read as the table reads them), the others into options as text,
// for the validator (sfp::check_experiment) to judge. Returns the values that could not be read.
std::vector<FlagProblem> apply_parameter_flags(std::string_view algorithm, std::span<const FlagHint> hints,
                                               const GivenFlag& given, sfp::RunSpec& spec);

// cipher: the kernel unless --plain is the vectorised one; what a cancelled run left of OUT.
void choose_cipher_kernel(sfp::RunSpec& spec, bool plain);
std::string cipher_cancelled_note(const std::string& output, bool output_exists);

}  // namespace cli
