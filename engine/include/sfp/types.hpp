#pragma once
// The run specification and the result of one run: the vocabulary every layer shares.
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "sfp/outcome.hpp"

namespace sfp {

inline constexpr std::uint64_t kDefaultBlockSize = 4096;
inline constexpr unsigned kMaxThreads = 1024;
inline constexpr std::uint64_t kMaxBlockSize = 1ull << 30;  // 1 GiB: anything larger is a typo

enum class Status { ok, cancelled, error, unsupported };
const char* to_string(Status s) noexcept;

// One run: which strategy of which algorithm, on what, with which parameters.
struct RunSpec {
    std::string algorithm;                      // "compare", "cipher", ...
    std::string strategy;                       // "mmap-mt", ...
    std::vector<std::string> inputs;            // input paths (compare: two)
    std::string output;                         // output path for algorithms that write
    std::uint64_t block_size = kDefaultBlockSize;
    unsigned threads = 0;                       // 0 = number of online CPUs
    std::map<std::string, std::string> options; // algorithm options, e.g. {"max_mismatches","8"}
};

// CPU time and scheduler/paging counters, summed over the engine's own threads.
struct Usage {
    double user_s = 0, sys_s = 0;
    std::int64_t minor_faults = 0, major_faults = 0;
    std::int64_t voluntary_switches = 0, involuntary_switches = 0;
    Usage& operator+=(const Usage& o) noexcept;
};

struct RunResult {
    Status status = Status::ok;
    std::string error;          // what failed, which path, the OS reason
    std::uint64_t bytes = 0;    // bytes processed (all inputs)
    double real_s = 0;          // steady clock around the run
    double list_s = 0;          // part of real_s spent listing the input tree (iterate), else 0
    Usage usage;                // engine threads only (plus children for baselines)
    Outcome outcome;            // what the algorithm found
    std::string digest;         // 16 hex digits identifying the outcome
    std::vector<std::string> notes;  // e.g. which strategy `adaptive` chose and why
};

}  // namespace sfp
