// wordcount as one unit for the runner, the CLI and the window: one text file in, nothing written; its
// input kind (sfp/input_kind.hpp), parameter table and the option checks the table cannot make.
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/units.hpp"

namespace sfp::wordcount {
const AlgorithmIo& unit() noexcept {
    static const AlgorithmIo io{
        .algorithm = "wordcount", .inputs = 1, .several_inputs = true, .data_kind = "text", .writes_output = false,
        .parameters = parameters(), .check_options = check_options};
    return io;
}

}  // namespace sfp::wordcount
