// wordcount as one unit for the runner, the CLI and the window: one text file in, nothing written; its
// input kind (sfp/input_kind.hpp), parameter table and the option checks the table cannot make.
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/units.hpp"

namespace sfp::wordcount {
namespace {

// Hot, the page cache copied out by read() or scanned through a mapping; cold, the device.
LimitBound limit(std::string_view strategy, CacheMode cache) {
    if (cache == CacheMode::cold) return {LimitId::device_read_qd32};
    return {mapped_family(strategy) ? LimitId::mapped_scan_large : LimitId::page_cache_read};
}

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const AlgorithmIo io{
        .algorithm = "wordcount", .inputs = 1, .several_inputs = true, .data_kind = "text", .writes_output = false,
        .parameters = parameters(), .check_options = check_options,
        .limit = limit};
    return io;
}

}  // namespace sfp::wordcount
