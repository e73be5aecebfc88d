#pragma once
// What would make an experiment fail before its first run. Qt-free.
#include <string>
#include <vector>

#include "sfp/experiment.hpp"

namespace sfp {

// Everything that would make an experiment fail before its first run, found without running or
// generating anything: check_experiment's problems (sfp/check_experiment.hpp), options a strategy refuses (each
// strategy's `check` per cell: cipher's direct with mapped strategies), inputs that are missing, unreadable or not
// regular files, a workspace that is not a directory, sizes that do not fit in its free space.
// One entry per problem, each naming the spec field; empty = ready to run.
struct Problem {
    std::string field;  // "options", "inputs[1]", "sizes", "workdir", ...
    std::string message;
};
std::vector<Problem> preflight(const Experiment& experiment);

}  // namespace sfp
