#pragma once
// Stripes handed out one at a time, in file order, to whichever worker asks next (cciMT_VTP's
// pool: cipher's `pool`, compare's `adaptive`): a worker slowed down takes fewer, the others more.
// Lock-free (one atomic counter), so no worker ever waits for another.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>

#include "algorithms/stripes.hpp"
#include "sfp/run_context.hpp"

namespace sfp {

// How a strategy's threads share its stripes: dealt round-robin, block k to worker k mod T
// (stripes.hpp: compMP, cciMT), or each taken by whichever worker is free (StripeQueue below:
// cciMT_VTP), which the autos use -- a thread started late or slowed down by other load takes
// fewer, and none is left alone with the last of its share.
enum class Deal { round_robin, to_whoever_is_free };

// Whoever is free includes the calling thread: it takes stripes too, as worker 0, rather than
// waiting for a thread started in its place (RunContext::Caller::works).
inline RunContext::Caller caller_of(Deal deal) noexcept {
    return deal == Deal::to_whoever_is_free ? RunContext::Caller::works : RunContext::Caller::waits;
}

class StripeQueue {
public:
    StripeQueue(std::uint64_t block, std::uint64_t total) noexcept
        : block_(block), count_(total == 0 ? 0 : (total - 1) / block + 1), total_(total) {}

    // The next unclaimed stripe, or nothing when all are taken.
    std::optional<Block> take() noexcept {
        const std::uint64_t k = next_.fetch_add(1, std::memory_order_relaxed);
        if (k >= count_) return std::nullopt;
        const std::uint64_t off = k * block_;
        return Block{off, std::min(block_, total_ - off)};
    }

private:
    const std::uint64_t block_, count_, total_;
    std::atomic<std::uint64_t> next_{0};
};

}  // namespace sfp
