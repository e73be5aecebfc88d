// iterate as one unit for the runner, the CLI and the window: one directory tree in (every file under
// it), nothing written; its input kind (sfp/input_kind.hpp), parameter table and the option checks the
// table cannot make.
#include "algorithms/iterate/job.hpp"
#include "algorithms/units.hpp"

namespace sfp::iterate {
namespace {

// Cold, many small files from the device (opening each costs as much as its bytes); hot, their
// pages copied out of the page cache.
LimitBound limit(std::string_view, CacheMode cache) {
    return {cache == CacheMode::cold ? LimitId::small_files_cold : LimitId::page_cache_read};
}

}  // namespace

const AlgorithmIo& unit() noexcept {
    static const AlgorithmIo io{
        .algorithm = "iterate", .inputs = 1, .data_kind = "tree", .writes_output = false,
        .parameters = parameters(), .check_options = check_options, .spread_first = true,
        .limit = limit};
    return io;
}

}  // namespace sfp::iterate
