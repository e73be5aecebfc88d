#pragma once
// The one validator of an experiment spec (engine/src/runner/check_experiment.cpp): the CLI's
// flags and one-run commands, the experiment file reader, the window's form, preflight and the
// runner's plan all ask it, so a problem reads the same wherever the spec came from. Qt-free.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/algorithm_io.hpp"
#include "sfp/experiment.hpp"
#include "sfp/preflight.hpp"

namespace sfp {

inline constexpr unsigned kMaxRepetitions = 100000;             // of repetitions and warm-ups
inline constexpr std::string_view kSweptField = "parameters.";  // where a spec keeps swept options

// Every problem of a spec at once, in field order, each a Problem whose `field` names it as a
// saved file does ("block_sizes[2]", "options.shift", "parameters.packing[0]", "inputs[1]") and
// whose `message` stands alone (the window shows it without the field): an unknown algorithm
// (then nothing else), unknown or repeated strategies; block sizes, thread counts (0 = all
// online CPUs) and swept values out of their table's limits, missing or repeated; repetitions
// and warm-ups out of range; unknown options, values of the wrong type and what the
// algorithm's check refuses; inputs of the wrong number or beside generated data; an unknown
// or misshapen data kind; no or repeated sizes. A value listed twice is refused, naming it.
// Looks at no file. Empty = valid.
std::vector<Problem> check_experiment(const Experiment& experiment);
std::vector<Problem> check_experiment(const Experiment& experiment, std::span<const Strategy> catalogue);

// The validator's words for an algorithm it does not know: "unknown algorithm 'x' (known: compare,
// ...)"; what a reader says before judging anything else, without judging the experiment.
std::string unknown_algorithm(std::string_view algorithm);

// One run as the one-cell experiment it is (its strategy, block size, threads, options and
// inputs), for the validator: a one-run command's flags and run_once are judged as a run's.
Experiment experiment_of(const RunSpec& spec);

// What an algorithm's run reads, in words: "two files" (compare), "one file" (cipher), "one or
// more files" (wordcount), "one or more directories" (iterate).
std::string inputs_wanted(const AlgorithmIo& io);
// What was given instead, for a message: "got none", "got one: 'a'", "got three: 'a', 'b', 'c'"
// (the first three paths, then "..." with how many more).
std::string paths_given(std::span<const std::string> paths);

// One line per problem, "field: message": what the runner's Failure says for an invalid spec.
std::string problems_text(const std::vector<Problem>& problems);

}  // namespace sfp
