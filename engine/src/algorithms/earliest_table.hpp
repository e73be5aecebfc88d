#pragma once
// compMP's shared state: the earliest N entries found so far, kept sorted, shared by all threads,
// with its passive early stop. An entry's place is table_position(entry), found by ADL: a byte
// offset (compare's mismatches), a position across several inputs (search's matches).
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <mutex>
#include <vector>

namespace sfp {

template <class Entry>
class EarliestTable {
public:
    explicit EarliestTable(std::size_t limit) : limit_(limit) {}

    // Keeps e if it is among the earliest `limit` seen so far; an entry at a known place is
    // known already. Thread-safe.
    void add(const Entry& e) {
        const std::uint64_t at = table_position(e);
        std::lock_guard lock(mutex_);
        if (entries_.size() == limit_ && at >= table_position(entries_.back())) return;
        const auto it = std::lower_bound(entries_.begin(), entries_.end(), at,
                                         [](const Entry& x, std::uint64_t p) { return table_position(x) < p; });
        if (it != entries_.end() && table_position(*it) == at) return;
        entries_.insert(it, e);
        if (entries_.size() > limit_) entries_.pop_back();
        if (entries_.size() == limit_) cutoff_.store(table_position(entries_.back()), std::memory_order_release);
    }

    // Passive early stop: true when the table is full and every entry lies before `position`,
    // so nothing found at or after it could enter. A lock-free read, cheap once per block.
    bool closed_before(std::uint64_t position) const noexcept {
        return position > cutoff_.load(std::memory_order_acquire);
    }
    bool full() const noexcept { return cutoff_.load(std::memory_order_acquire) != kOpen; }

    std::vector<Entry> take() {
        std::lock_guard lock(mutex_);
        return std::move(entries_);
    }

private:
    static constexpr std::uint64_t kOpen = std::numeric_limits<std::uint64_t>::max();
    const std::size_t limit_;
    std::mutex mutex_;
    std::vector<Entry> entries_;                // sorted by place, at most limit_
    std::atomic<std::uint64_t> cutoff_{kOpen};  // place of the last entry once full
};

}  // namespace sfp
