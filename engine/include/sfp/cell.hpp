#pragma once
// One point of an experiment's matrix, and the input sets it indexes. Qt-free.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sfp {

// The files one input set consists of (compare: two), and the size of the first.
struct InputSet {
    std::vector<std::string> paths;
    std::uint64_t file_size = 0;
};

// One point of the matrix. A parameter the strategy does not use is absent (shown as "-").
struct Cell {
    std::string strategy;
    std::size_t input_set = 0;     // index into the experiment's input sets (one per size)
    std::uint64_t file_size = 0;   // size of the (first) input
    bool reference_floor = false;  // baseline that computes something else (left out of agreement)
    // Every parameter's value by name (block_size, threads, packing, ...), only those the
    // strategy uses: sfp::parameter_value reads one by its table entry.
    std::map<std::string, std::uint64_t, std::less<>> parameters = {};
    std::uint64_t value(std::string_view name) const;  // 0 when its strategy does not use it
    bool operator==(const Cell&) const = default;
};

}  // namespace sfp
