#pragma once
// Experiment specs as JSON files (docs/experiment-format.md): what the GUI saves is exactly what
// `sfpbench run FILE` replays, and `sfpbench run --print-spec` writes.
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <stdexcept>
#include <string>
#include <vector>

#include "sfp/experiment.hpp"
#include "sfp/plan.hpp"

namespace core {

// Version 2 keeps the swept parameters other than block size and threads in one object,
// "parameters": {"packing": [1, 1000]}, so their names never meet the fixed fields (iterate's
// "seed" is one). Version 1 files, with such lists as top-level fields, are still read.
inline constexpr int kExperimentFormatVersion = 2;
inline constexpr int kOldestExperimentFormatVersion = 1;

// What is wrong with one field: `field` is its JSON path ("block_sizes[2]", "" for the whole
// document), `reason` what is wrong with it.
struct SpecProblem {
    std::string field, reason;
};

// A spec that cannot be used, with every problem found in one reading (reading order), so a user
// fixes them all at once. `field` and `reason` are the first's. what() reads "field 'F': reason",
// or "N problems:" and one such line each, prefixed "experiment 'PATH': " when `path` (the file)
// is known.
struct SpecError : std::runtime_error {
    SpecError(std::string field, std::string reason, const std::string& path = {});
    explicit SpecError(std::vector<SpecProblem> problems, const std::string& path = {});  // at least one
    std::string field, reason;
    std::vector<SpecProblem> problems;
};

// Every field written explicitly (sizes as "64M"), so a replay never depends on defaults.
QJsonObject experiment_to_json(const sfp::Experiment& experiment);

// The file text: experiment_to_json with the fields in reading order (version first) and each
// on one line, lists included. What save_experiment writes and `--print-spec` prints.
QByteArray experiment_text(const sfp::Experiment& experiment);

// Reads and checks a spec (see check_experiment). Sizes may be numbers or strings like "64M".
// Unknown fields are errors: a misspelt "repetitons" must not silently mean the default.
sfp::Experiment experiment_from_json(const QJsonObject& json);

// The checks experiment_from_json applies after reading, for specs built in code (CLI flags,
// GUI forms): known algorithm and strategies (none = all of the algorithm's), sizes and thread
// counts in range, no duplicates, either the algorithm's number of input files or generated
// data that provides as many. Throws SpecError naming every bad field.
void check_experiment(const sfp::Experiment& experiment);

// What to generate for an algorithm (the runner's table): compare -> "pair"; "" when unknown.
std::string default_data_kind(const std::string& algorithm);

// File versions of the above. load_experiment throws SpecError (its what() names the path too);
// save_experiment writes atomically and throws core::ExportError.
sfp::Experiment load_experiment(const QString& path);
// load_experiment's experiment judged and planned at once by sfp::plan (`run FILE.json` judges it
// once): SpecError as load_experiment throws it for the spec's own problems, the outcome's other
// problems (files, workspace) for the caller to print.
struct PlannedExperiment {
    sfp::Experiment experiment;
    sfp::PlanOutcome outcome;
};
PlannedExperiment plan_experiment_file(const QString& path);
void save_experiment(const QString& path, const sfp::Experiment& experiment);

}  // namespace core
