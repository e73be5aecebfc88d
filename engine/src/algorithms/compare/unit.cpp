// compare as one unit for the runner, the CLI and the window: a pair of files in (the two compared),
// nothing written; its input kind (sfp/input_kind.hpp), parameter table and the option checks the
// table cannot make.
#include "algorithms/compare/pair.hpp"
#include "algorithms/units.hpp"

namespace sfp::compare {
namespace {

// In memory both files are read side by side, whatever the strategy; cold, the device reads them.
LimitBound limit(std::string_view, CacheMode cache) {
    return {cache == CacheMode::cold ? LimitId::device_read_qd32 : LimitId::two_stream_read};
}

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const AlgorithmIo io{
        .algorithm = "compare", .inputs = 2, .data_kind = "pair", .writes_output = false,
        .parameters = parameters(), .check_options = check_options,
        .limit = limit};
    return io;
}

}  // namespace sfp::compare
