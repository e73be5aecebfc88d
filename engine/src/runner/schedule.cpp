// The order of the timed runs. Interleaving spreads slow drift (thermal, page cache decay,
// other load) over every cell instead of letting it land on whichever cell ran last.
#include <numeric>

#include "sfp/schedule.hpp"

namespace sfp {
namespace {

// splitmix64. Our own shuffle, because std::shuffle's algorithm is unspecified and a seed
// must give the same order with every standard library.
std::uint64_t mix(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::vector<std::size_t> shuffled(std::size_t n, std::uint64_t seed, unsigned round) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::uint64_t state = mix(seed) ^ mix(round);
    for (std::size_t i = n; i > 1; --i) {  // Fisher-Yates
        state = mix(state);
        std::swap(order[i - 1], order[std::size_t(state % i)]);
    }
    return order;
}

}  // namespace

std::vector<Slot> schedule(std::size_t cells, unsigned repetitions, Order order, std::uint64_t seed) {
    std::vector<Slot> slots;
    slots.reserve(cells * repetitions);
    if (order == Order::sequential) {
        for (std::size_t c = 0; c < cells; ++c)
            for (unsigned r = 1; r <= repetitions; ++r) slots.push_back({c, r});
        return slots;
    }
    for (unsigned r = 1; r <= repetitions; ++r)
        for (std::size_t c : shuffled(cells, seed, r)) slots.push_back({c, r});
    return slots;
}

}  // namespace sfp
