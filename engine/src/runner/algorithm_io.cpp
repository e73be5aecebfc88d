// The one place that knows what each algorithm reads and writes. Add a line per algorithm.
#include "added_algorithms.hpp"
#include "algorithms/cipher/options.hpp"
#include "algorithms/compare/pair.hpp"
#include "algorithms/iterate/job.hpp"
#include "algorithms/parameter_tables.hpp"
#include "algorithms/wordcount/inputs.hpp"
#include "sfp/experiment.hpp"

namespace sfp {
namespace {

void check_cipher_options(const RunSpec& spec) { cipher::parse_options(spec); }


const AlgorithmIo kTable[] = {
    {.algorithm = "compare", .inputs = 2, .data_kind = "pair", .writes_output = false,
     .parameters = compare::parameters(), .check_options = compare::check_options},
    {.algorithm = "cipher", .inputs = 1, .data_kind = "random", .writes_output = true,
     .parameters = cipher::parameters(), .check_options = check_cipher_options},
    {.algorithm = "wordcount", .inputs = 1, .data_kind = "text", .writes_output = false,
     .parameters = wordcount::parameters(), .check_options = wordcount::check_options},
    {.algorithm = "iterate", .inputs = 1, .data_kind = "tree", .writes_output = false,  // one directory
     .parameters = iterate::parameters(), .check_options = iterate::check_options, .check_input = iterate::check_root},
};

}  // namespace

const AlgorithmIo* algorithm_io(std::string_view algorithm) noexcept {
    for (const AlgorithmIo& io : kTable)
        if (io.algorithm == algorithm) return &io;
    for (const AlgorithmIo& io : added_algorithms())  // a test's (sfp::add_algorithm)
        if (io.algorithm == algorithm) return &io;
    return nullptr;
}

}  // namespace sfp
