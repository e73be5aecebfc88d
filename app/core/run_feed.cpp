#include "run_feed.hpp"
#include "sfp/cell.hpp"

#include <utility>

namespace core {

void RunFeed::started(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total) {
    const std::lock_guard lock(mutex_);
    if (!pending_.current) pending_.current.emplace();
    Current& now = *pending_.current;
    now.cell = cell;  // assigned in place: the previous cell's storage is reused
    now.repetition = repetition;
    now.index = index;
    now.total = total;
}

void RunFeed::finished(sfp::RunUpdate&& update) {
    const std::lock_guard lock(mutex_);
    pending_.finished.push_back(std::move(update));
}

RunFeed::Batch RunFeed::take() {
    const std::lock_guard lock(mutex_);
    return std::exchange(pending_, {});
}

}  // namespace core
