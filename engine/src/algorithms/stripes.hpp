#pragma once
// Round-robin striping: block k of a file belongs to worker k mod T (compMP, cciMT).
#include <algorithm>
#include <cstdint>

namespace sfp {

struct Block {
    std::uint64_t offset;
    std::uint64_t length;
};

// Calls fn(Block) for each block of [0, total) owned by `worker` of `workers`, in file order,
// until fn returns false.
template <class Fn>
void for_each_stripe_block(unsigned worker, unsigned workers, std::uint64_t block, std::uint64_t total, Fn&& fn) {
    const std::uint64_t step = block * workers;
    for (std::uint64_t off = block * worker; off < total; off += step) {
        if (!fn(Block{off, std::min(block, total - off)})) return;
        if (step > total - off) return;  // the next offset would overflow past the end
    }
}

}  // namespace sfp
