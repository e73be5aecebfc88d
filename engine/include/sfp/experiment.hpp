#pragma once
// An experiment: a matrix of strategies x parameters x inputs, repeated, measured, checked.
// The runner both front ends share (engine/src/runner/). Qt-free.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sfp/progress.hpp"
#include "sfp/stats.hpp"
#include "sfp/types.hpp"

namespace sfp {

enum class CacheMode { hot, cold };
enum class Order { interleaved, sequential };
const char* to_string(CacheMode m) noexcept;
const char* to_string(Order o) noexcept;

struct Experiment {
    int version = 1;                           // of the saved spec format (docs/experiment-format.md)
    std::string algorithm = "compare";
    // Inputs: either given paths (one input set: e.g. two files for compare) ...
    std::vector<std::string> inputs;
    // ... or generated data: one input set per size, made in the workspace and reused.
    std::string data_kind;                     // "random", "pair", "text"; "" when inputs are given
    std::vector<std::uint64_t> sizes;          // file sizes for generated data
    std::vector<std::string> strategies;       // names within the algorithm
    std::vector<std::uint64_t> block_sizes = {kDefaultBlockSize};
    std::vector<unsigned> threads = {0};       // 0 = online CPUs
    unsigned repetitions = 5;
    unsigned warmups = 1;                      // untimed runs per cell before the timed ones
    CacheMode cache = CacheMode::hot;
    Order order = Order::interleaved;
    std::uint64_t seed = 1;                    // for generated data and the interleaved order
    std::map<std::string, std::string> options;  // algorithm options (max_mismatches, shift, ...)
    std::string workdir;                       // workspace for generated data and scratch output
};

// One point of the matrix. A parameter the strategy does not use is 0 (shown as "-").
struct Cell {
    std::string strategy;
    std::uint64_t block_size = 0;
    unsigned threads = 0;
    std::size_t input_set = 0;     // index into the experiment's input sets (one per size)
    std::uint64_t file_size = 0;   // size of the (first) input
    bool reference_floor = false;  // baseline that computes something else (left out of agreement)
};

// One timed run, with everything needed to judge it.
struct RunRecord {
    std::size_t cell = 0;          // index into ExperimentReport::cells
    unsigned repetition = 0;       // 1-based
    RunResult result;
    double residency_pct = -1;     // page-cache residency of the inputs just before (-1 = n/a)
    std::string status;            // "ok", "cancelled", "error", "unsupported" or "MISMATCH"
};

struct MachineInfo {
    std::string host, cpu_model, kernel, filesystem, tool_version;
    unsigned cores = 0;
    std::uint64_t memory_bytes = 0;
};

struct ExperimentReport {
    Experiment experiment;
    MachineInfo machine;
    std::string cache_method;      // how cold/hot was achieved, e.g. "posix_fadvise(DONTNEED)"
    std::vector<Cell> cells;
    std::vector<RunRecord> runs;   // in the order they ran
    std::vector<CellStats> stats;  // one per cell
    std::vector<Ranking> rankings; // one per input set: fastest, then "N.NNx slower"
    std::vector<SizeFit> fits;     // per strategy when the experiment sweeps file sizes
    bool cancelled = false;
};

// Receives events on the runner's thread; implementations forward them (the GUI queues them).
class ExperimentObserver {
public:
    virtual ~ExperimentObserver() = default;
    virtual void run_started(const Cell& cell, unsigned repetition, std::size_t index, std::size_t total) {}
    virtual void run_finished(const RunRecord& record, const ExperimentReport& so_far) {}
    virtual void message(const std::string& text) {}  // e.g. "generating 640000000-byte pair"
};

// The matrix, in cell order (strategy-major), without running anything.
std::vector<Cell> expand(const Experiment& experiment);

// Runs the whole experiment. Never throws for a failing cell: its runs are records with their
// error, and the matrix goes on. Throws sfp::Failure only for an invalid experiment.
// `progress` carries the current run's bytes and the cancel flag.
ExperimentReport run_experiment(const Experiment& experiment, Progress& progress,
                                ExperimentObserver* observer = nullptr);

}  // namespace sfp
