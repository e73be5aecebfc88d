// The shipped algorithm units, from the one list (algorithms/units.hpp), and the ones a test
// added (sfp::add_algorithm).
#include <span>

#include "added_algorithms.hpp"
#include "algorithms/units.hpp"

namespace sfp {
namespace {

std::span<const AlgorithmIo* const> shipped() noexcept {
#define SFP_UNIT_ADDRESS(name) &name::unit(),
    static const AlgorithmIo* const list[] = {SFP_ALGORITHMS(SFP_UNIT_ADDRESS)};
#undef SFP_UNIT_ADDRESS
    return list;
}

}  // namespace

std::vector<const AlgorithmIo*> algorithm_units() {
    std::vector<const AlgorithmIo*> out(shipped().begin(), shipped().end());
    for (const AlgorithmIo& io : added_algorithms()) out.push_back(&io);
    return out;
}

const AlgorithmIo* algorithm_io(std::string_view algorithm) noexcept {
    for (const AlgorithmIo* io : shipped())
        if (io->algorithm == algorithm) return io;
    for (const AlgorithmIo& io : added_algorithms())
        if (io.algorithm == algorithm) return &io;
    return nullptr;
}

}  // namespace sfp
