// iterate as one unit for the runner, the CLI and the window: one directory tree in (every file under
// it), nothing written; its input kind (sfp/input_kind.hpp), parameter table and the option checks the
// table cannot make.
#include "algorithms/iterate/job.hpp"
#include "algorithms/units.hpp"

namespace sfp::iterate {
const AlgorithmIo& unit() noexcept {
    static const AlgorithmIo io{
        .algorithm = "iterate", .inputs = 1, .data_kind = "tree", .writes_output = false,
        .parameters = parameters(), .check_options = check_options, .spread_first = true};
    return io;
}

}  // namespace sfp::iterate
