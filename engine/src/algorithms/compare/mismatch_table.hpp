#pragma once
// compMP's shared state: the earliest N mismatches, kept sorted, shared by all threads.
#include <atomic>
#include <cstdint>
#include <limits>
#include <mutex>
#include <vector>

#include "sfp/compare.hpp"

namespace sfp::compare {

class MismatchTable {
public:
    explicit MismatchTable(std::size_t limit) : limit_(limit) {}

    // Keeps m if it is among the earliest `limit` seen so far. Thread-safe.
    void add(const Mismatch& m);

    // Passive early stop: true when the table is full and every entry lies before `offset`,
    // so nothing found at or after it could enter. A lock-free read, cheap once per block.
    bool closed_before(std::uint64_t offset) const noexcept { return offset > cutoff_.load(std::memory_order_acquire); }
    bool full() const noexcept { return cutoff_.load(std::memory_order_acquire) != kOpen; }

    std::vector<Mismatch> take();

private:
    static constexpr std::uint64_t kOpen = std::numeric_limits<std::uint64_t>::max();
    const std::size_t limit_;
    std::mutex mutex_;
    std::vector<Mismatch> entries_;             // sorted by offset, at most limit_
    std::atomic<std::uint64_t> cutoff_{kOpen};  // offset of the last entry once full
};

}  // namespace sfp::compare
