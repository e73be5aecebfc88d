#include "sfp/timeline.hpp"

#include <algorithm>
#include <array>
#include <chrono>

namespace sfp {
namespace {

constexpr std::array<const char*, 6> kKindNames = {"scan", "read", "write", "hand-off", "wait", "probe"};

double steady_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

thread_local ThreadTimeline* g_current = nullptr;

}  // namespace

const char* to_string(EventKind kind) noexcept { return kKindNames.at(std::size_t(kind)); }

std::optional<EventKind> event_kind_from(const std::string& name) noexcept {
    for (std::size_t k = 0; k < kKindNames.size(); ++k)
        if (name == kKindNames[k]) return EventKind(k);
    return std::nullopt;
}

ThreadTimeline::ThreadTimeline(std::size_t capacity, double origin_s, Clock clock)
    : clock_(clock ? clock : steady_seconds), origin_s_(origin_s),
      capacity_(std::max<std::size_t>(2, capacity / 2 * 2)) {
    events_.reserve(capacity_);
}

TimelineEvent merged(const TimelineEvent& a, const TimelineEvent& b) noexcept {
    const bool longer_first = a.end_s - a.start_s >= b.end_s - b.start_s;
    return {a.start_s, b.end_s, a.bytes + b.bytes, a.at, longer_first ? a.kind : b.kind};
}

void ThreadTimeline::add(const TimelineEvent& event) noexcept {
    pending_ = pending_count_ == 0 ? event : merged(pending_, event);
    if (++pending_count_ < per_event_) return;
    if (events_.size() == capacity_) {
        halve();  // the pending merge is now half of a stored event: it takes as many again
        return;
    }
    events_.push_back(pending_);  // within the capacity reserved: no allocation
    pending_count_ = 0;
}

void ThreadTimeline::halve() noexcept {
    const std::size_t half = events_.size() / 2;
    for (std::size_t i = 0; i < half; ++i) events_[i] = merged(events_[2 * i], events_[2 * i + 1]);
    events_.resize(half);
    per_event_ *= 2;
}

std::vector<TimelineEvent> ThreadTimeline::events() const {
    std::vector<TimelineEvent> out = events_;
    if (pending_count_ > 0) out.push_back(pending_);
    return out;
}

ThreadTimeline* current_timeline() noexcept { return g_current; }

void set_current_timeline(ThreadTimeline* timeline) noexcept { g_current = timeline; }

}  // namespace sfp
