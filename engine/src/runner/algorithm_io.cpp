// The one list of the shipped algorithm units (each defined in its folder's unit.cpp), and the
// ones a test added (sfp::add_algorithm). Add a line per algorithm.
#include "added_algorithms.hpp"
#include "algorithms/units.hpp"
#include "sfp/experiment.hpp"

namespace sfp {

const AlgorithmIo* algorithm_io(std::string_view algorithm) noexcept {
    for (const AlgorithmIo* io : {&compare::unit(), &cipher::unit(), &wordcount::unit(), &iterate::unit()})
        if (io->algorithm == algorithm) return io;
    for (const AlgorithmIo& io : added_algorithms())
        if (io.algorithm == algorithm) return &io;
    return nullptr;
}

}  // namespace sfp
