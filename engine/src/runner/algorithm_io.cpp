// The one place that knows what each algorithm reads and writes. Add a line per algorithm.
#include "sfp/experiment.hpp"

namespace sfp {
namespace {

constexpr AlgorithmIo kTable[] = {
    {.algorithm = "compare", .inputs = 2, .data_kind = "pair", .writes_output = false},
    {.algorithm = "cipher", .inputs = 1, .data_kind = "random", .writes_output = true},
    {.algorithm = "wordcount", .inputs = 1, .data_kind = "text", .writes_output = false},
    {.algorithm = "iterate", .inputs = 1, .data_kind = "tree", .writes_output = false},  // one directory
};

}  // namespace

const AlgorithmIo* algorithm_io(std::string_view algorithm) noexcept {
    for (const AlgorithmIo& io : kTable)
        if (io.algorithm == algorithm) return &io;
    return nullptr;
}

}  // namespace sfp
