#include "algorithms/compare/mapped_scan.hpp"

#include "algorithms/compare/kernel.hpp"
#include "io/sigbus_guard.hpp"

namespace sfp::compare {

void scan_mapped(const InputPair& pair, const Mapping& a, const Mapping& b, std::uint64_t offset, std::uint64_t length,
                 MismatchTable& table) {
    auto scan = [&] { scan_region(a.data() + offset, b.data() + offset, std::size_t(length), offset, table); };
    if (!guarded(scan)) fail_changed(pair, "was truncated while mapped (SIGBUS)");
}

}  // namespace sfp::compare
