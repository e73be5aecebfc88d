#include "algorithms/compare/mismatch_table.hpp"

#include <algorithm>

namespace sfp::compare {

void MismatchTable::add(const Mismatch& m) {
    std::lock_guard lock(mutex_);
    if (entries_.size() == limit_ && m.offset >= entries_.back().offset) return;
    const auto at = std::lower_bound(entries_.begin(), entries_.end(), m.offset,
                                     [](const Mismatch& e, std::uint64_t off) { return e.offset < off; });
    if (at != entries_.end() && at->offset == m.offset) return;  // already known
    entries_.insert(at, m);
    if (entries_.size() > limit_) entries_.pop_back();
    if (entries_.size() == limit_) cutoff_.store(entries_.back().offset, std::memory_order_release);
}

std::vector<Mismatch> MismatchTable::take() {
    std::lock_guard lock(mutex_);
    return std::move(entries_);
}

}  // namespace sfp::compare
