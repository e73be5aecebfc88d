#pragma once
// From a command line and one run's values to the program's arguments (sfp/command.hpp).
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "sfp/algorithm_io.hpp"
#include "sfp/command.hpp"
#include "sfp/types.hpp"

namespace sfp::commands {

// Each placeholder's value in one run: a list, as {input} of several files is several arguments.
using PlaceholderValues = std::map<std::string, std::vector<std::string>, std::less<>>;

// The placeholders an algorithm's commands may name: input; a and b for a pair; output when it
// writes one; block, threads; every option of its table by name (packing, shift, ...).
std::vector<std::string> placeholder_names(const AlgorithmIo& io);

// The parameter of the algorithm's table a placeholder stands for ("block" is block_size),
// null for the files (input, a, b, output).
const Parameter* placeholder_parameter(const AlgorithmIo& io, const std::string& name);

// What the placeholders are in this run: its files, block size, threads and options.
PlaceholderValues placeholder_values(const RunSpec& spec);

// The program and its arguments. Without "sh:" each word of split_command is one argument with
// every placeholder in it replaced by its value (a word that is only {input} becomes one argument
// per input; several inside a longer word are refused). With "sh:" the script is run by
// /bin/sh -c, each placeholder in it replaced by "${N}" and the values passed as $1, $2, ...:
// never pasted into the script. Throws sfp::Failure naming what does not fit.
std::vector<std::string> command_argv(const Command& command, const PlaceholderValues& values);

}  // namespace sfp::commands
