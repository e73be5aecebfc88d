#pragma once
// An experiment: a matrix of strategies x parameters x inputs, repeated, measured, checked.
// The spec both front ends fill and the runner reads (engine/src/runner/). Qt-free.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sfp/cache_mode.hpp"
#include "sfp/command.hpp"
#include "sfp/schedule.hpp"

namespace sfp {

struct Experiment {
    int version = 2;  // of the saved spec format (docs/experiment-format.md)
    std::string algorithm = "compare";
    // Inputs: either given paths (one input set: e.g. two files for compare) ...
    std::vector<std::string> inputs;
    // ... or generated data: one input set per size, made in the workspace and reused.
    std::string data_kind;                // an input kind (sfp/input_kind.hpp); "" = the algorithm's (AlgorithmIo)
    std::vector<std::uint64_t> sizes;     // file sizes for generated data
    std::vector<std::string> strategies;  // names within the algorithm
    unsigned repetitions = 5;
    unsigned warmups = 1;  // untimed runs per cell before the timed ones
    CacheMode cache = CacheMode::hot;
    Order order = Order::interleaved;
    std::uint64_t seed = 1;                      // for generated data and the interleaved order
    std::map<std::string, std::string> options;  // algorithm options (max_mismatches, shift, ...)
    // Every swept parameter's values (sfp/parameter.hpp), by name: {"block_size", {4096, 65536}},
    // {"threads", {0}} (0 = online CPUs), {"packing", {1, 1000}}. One not named here runs with
    // options[name] when given, else its table's fallback (block size 4K, threads 0).
    std::map<std::string, std::vector<std::uint64_t>> sweeps;
    std::string workdir;  // workspace for generated data and scratch output
    // The limits the cells are judged against measured again (quick) at the start of every
    // repetition round, among the cells, each run judged against its own round's figures
    // (ExperimentReport::round_limits); interleaved order only. About a second a round. Done when
    // the caller's LimitsPolicy may measure (cached or measure_missing).
    bool limits_in_rounds = false;
    // Every run records its timeline (RunSpec::timeline): a run flag, not part of the file.
    bool timeline = false;
    // The user's own programs as strategies (sfp/command.hpp), named like strategies; none runs
    // from a file the user did not allow (the front ends ask: docs/reliability.md).
    std::vector<Command> commands;
};

}  // namespace sfp
