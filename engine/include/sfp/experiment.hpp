#pragma once
// An experiment: a matrix of strategies x parameters x inputs, repeated, measured, checked.
// The runner both front ends share (engine/src/runner/). Qt-free.
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sfp/parameter.hpp"
#include "sfp/progress.hpp"
#include "sfp/stats.hpp"
#include "sfp/strategy.hpp"
#include "sfp/types.hpp"

namespace sfp {

struct RunUpdate;  // sfp/run_update.hpp

// hot: every input evicted, then read once sequentially before the runs (the state of a file read
// from disk); hot_written: generated data written just before the runs, in the state write()
// leaves; cold: evicted before every run. In both hot modes the inputs are read before each run.
enum class CacheMode { hot, cold, hot_written };
enum class Order { interleaved, sequential };
const char* to_string(CacheMode m) noexcept;
const char* to_string(Order o) noexcept;

struct Experiment {
    int version = 2;                           // of the saved spec format (docs/experiment-format.md)
    std::string algorithm = "compare";
    // Inputs: either given paths (one input set: e.g. two files for compare) ...
    std::vector<std::string> inputs;
    // ... or generated data: one input set per size, made in the workspace and reused.
    std::string data_kind;                     // "random", "pair", "text"; "" = the algorithm's (AlgorithmIo)
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
    // Swept options (sfp/swept_option.hpp): name -> values, e.g. {"packing", {1, 1000}}. One
    // not named here runs with options[name] when given, else its declared fallback.
    std::map<std::string, std::vector<std::uint64_t>> sweeps;
    std::string workdir;                       // workspace for generated data and scratch output
};

// What an algorithm reads and writes: the one table the runner consults (runner/algorithm_io.cpp).
struct AlgorithmIo {
    std::string_view algorithm;
    unsigned inputs = 1;          // input files per run (compare: 2)
    std::string_view data_kind;   // what to generate for it: "pair", "random", "text"
    bool writes_output = false;   // each run writes RunSpec::output (a scratch file, removed after)
    std::span<const Parameter> parameters;  // its table (sfp/parameter.hpp); options not in it are refused
    // Throws sfp::Failure naming a bad value the table cannot judge (text, combinations).
    void (*check_options)(const RunSpec&) = nullptr;
    void (*check_input)(const std::string& path) = nullptr;  // throws naming a bad input; null: a readable file
};
const AlgorithmIo* algorithm_io(std::string_view algorithm) noexcept;  // nullptr when unknown
// How many files one generated input set of this data kind has (pair: 2); 0 for an unknown kind.
unsigned files_of_kind(std::string_view data_kind) noexcept;

// The files one input set consists of (compare: two), and the size of the first.
struct InputSet {
    std::vector<std::string> paths;
    std::uint64_t file_size = 0;
};

// One point of the matrix. A parameter the strategy does not use is 0 (shown as "-").
struct Cell {
    std::string strategy;
    std::uint64_t block_size = 0;
    unsigned threads = 0;
    std::size_t input_set = 0;     // index into the experiment's input sets (one per size)
    std::uint64_t file_size = 0;   // size of the (first) input
    bool reference_floor = false;  // baseline that computes something else (left out of agreement)
    std::map<std::string, std::uint64_t> swept = {};  // swept option -> value, only those the strategy uses
};

// One timed run, with everything needed to judge it.
struct RunRecord {
    std::size_t cell = 0;          // index into ExperimentReport::cells
    unsigned repetition = 0;       // 1-based
    RunResult result;
    double residency_pct = -1;     // page-cache residency of the inputs just before (-1 = n/a)
    double large_folio_share = -1; // of the inputs' cached pages, in large folios, 0..1 (-1 = unknown)
    std::string status;            // "ok", "cancelled", "error", "unsupported" or "MISMATCH"
};

struct MachineInfo {
    std::string host, cpu_model, kernel, filesystem, tool_version;
    unsigned cores = 0;
    std::uint64_t memory_bytes = 0;
    std::string device;  // what the inputs' filesystem is mounted from ("/dev/vda"), "unknown"
};

struct ExperimentReport {
    Experiment experiment;
    MachineInfo machine;
    std::string cache_method;      // how cold/hot was achieved, e.g. "posix_fadvise(DONTNEED)"
    std::vector<InputSet> input_sets;  // Cell::input_set indexes this
    std::vector<Cell> cells;
    std::vector<RunRecord> runs;   // in the order they ran (completed runs only)
    std::vector<CellStats> stats;  // one per cell
    std::vector<Ranking> rankings; // one per input set: fastest, then "N.NNx slower"
    std::vector<SizeFit> fits;     // per strategy when the experiment sweeps file sizes
    bool cancelled = false;
};

// Receives events on the runner's thread; implementations forward them (the GUI queues them).
// `index` counts timed runs from 0 to total-1. Each finished run is handed over once, with
// what it changed (sfp/run_update.hpp): a record's status may still turn into "MISMATCH"
// later, as other strategies' runs on the same input set come in (a later update says so).
class ExperimentObserver {
public:
    virtual ~ExperimentObserver() = default;
    virtual void run_started(const Cell& /*cell*/, unsigned /*repetition*/, std::size_t /*index*/,
                             std::size_t /*total*/) {}
    virtual void run_finished(RunUpdate&& /*update*/) {}
    virtual void message(const std::string& /*text*/) {}  // e.g. "generating 640000000-byte pair"
};

// Everything that would make an experiment fail before its first run, found without running or
// generating anything: unknown or bad options, options a strategy refuses (each strategy's
// `check` per cell: cipher's direct with mapped strategies), inputs that are missing, unreadable or not
// regular files, a workspace that is not a directory, sizes that do not fit in its free space.
// One entry per problem, each naming the spec field; empty = ready to run.
struct Problem {
    std::string field;    // "options", "inputs[1]", "sizes", "workdir", ...
    std::string message;
};
std::vector<Problem> preflight(const Experiment& experiment);

// The matrix, in cell order (strategy-major, then input set, block size, threads), without
// running anything. Throws sfp::Failure naming the field for an invalid experiment. Empty
// strategies = every strategy of the algorithm; threads 0 = online CPUs (resolved here).
std::vector<Cell> expand(const Experiment& experiment);
std::vector<Cell> expand(const Experiment& experiment, std::span<const Strategy> catalogue);

// The order of the timed runs. Interleaved: round r (repetition r) runs every cell once, in a
// permutation drawn from (seed, r) -- the same seed always gives the same order. Sequential:
// all repetitions of cell 0, then of cell 1, ...
struct Slot {
    std::size_t cell = 0;
    unsigned repetition = 0;  // 1-based
};
std::vector<Slot> schedule(std::size_t cells, unsigned repetitions, Order order, std::uint64_t seed);

// Runs the whole experiment. Never throws for a failing cell: its runs are records with their
// error, and the matrix goes on. Throws sfp::Failure only for an invalid experiment.
// `progress` carries the current run's bytes and the cancel flag; after a cancel the report
// holds every completed run and cancelled = true (the interrupted run is not recorded).
ExperimentReport run_experiment(const Experiment& experiment, Progress& progress,
                                ExperimentObserver* observer = nullptr);
// The same over a catalogue of strategies instead of the registry: the seam tests use to run
// a fake strategy (e.g. one returning a wrong outcome) without registering it.
ExperimentReport run_experiment(const Experiment& experiment, std::span<const Strategy> catalogue,
                                Progress& progress, ExperimentObserver* observer = nullptr);

// Host, CPU, cores, memory, kernel, the filesystem type holding `data_path`, tool version.
MachineInfo machine_info(const std::string& data_path);

// Text both front ends show. "-" marks a parameter the strategy does not use.
std::string block_text(std::uint64_t block_size);  // 0 -> "-", else "512", "4K", "1M"
std::string threads_text(unsigned threads);        // 0 -> "-", else "2"
std::string cell_label(const Cell& cell);          // "read block=4K threads=- size=64M"; swept ones follow threads
// The cell's value of a swept option as text: "1000", or "-" when its strategy does not use it.
std::string swept_text(const Cell& cell, std::string_view name);
// IOBoost-style summary per input set: "fastest: <cell>, 0.123s" then "<cell>: 0.150s, 1.22x slower".
std::vector<std::string> ranking_lines(const ExperimentReport& report);

}  // namespace sfp
