// cipher as one unit for the runner, the CLI and the window: one file in, one written (a scratch
// output per run); its input kind (sfp/input_kind.hpp), parameter table and the option checks the
// table cannot make.
#include "algorithms/cipher/options.hpp"
#include "algorithms/units.hpp"

namespace sfp::cipher {
namespace {

void check(const RunSpec& spec) { parse_options(spec); }

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const AlgorithmIo io{
        .algorithm = "cipher", .inputs = 1, .data_kind = "random", .writes_output = true,
        .parameters = parameters(), .check_options = check};
    return io;
}

}  // namespace sfp::cipher
