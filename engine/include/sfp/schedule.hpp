#pragma once
// The order of an experiment's timed runs. Qt-free.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sfp {

enum class Order { interleaved, sequential };
const char* to_string(Order o) noexcept;

// The order of the timed runs. Interleaved: round r (repetition r) runs every cell once, in a
// permutation drawn from (seed, r) -- the same seed always gives the same order. Sequential:
// all repetitions of cell 0, then of cell 1, ...
struct Slot {
    std::size_t cell = 0;
    unsigned repetition = 0;  // 1-based
};
std::vector<Slot> schedule(std::size_t cells, unsigned repetitions, Order order, std::uint64_t seed);

}  // namespace sfp
