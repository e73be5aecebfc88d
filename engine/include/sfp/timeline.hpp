#pragma once
// A run's timeline (issue 44): per thread, when it lived, what it spent and waited (as Usage, for
// the one thread), and each unit of work it did -- a block scanned, a chunk handed off, a wait on
// a queue -- recorded into a buffer of its own. Off unless asked for (RunSpec::timeline).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sfp {

// probe: a slice an auto strategy's probe timed while the candidate's own threads did it.
enum class EventKind : std::uint8_t { scan, read, write, hand_off, wait, probe };
const char* to_string(EventKind kind) noexcept;
std::optional<EventKind> event_kind_from(const std::string& name) noexcept;

// One unit of work, in seconds since the run's start. `at`: where in its input it began (a
// block's offset), 0 where that means nothing (a wait).
struct TimelineEvent {
    double start_s = 0, end_s = 0;
    std::uint64_t bytes = 0, at = 0;
    EventKind kind = EventKind::scan;
    bool operator==(const TimelineEvent&) const = default;
};

// What one thread of a run did.
struct ThreadTime {
    unsigned worker = 0;  // its index among the threads started together
    std::string role;     // "runner", "worker", "reader", "processor", "child"
    double start_s = 0, end_s = 0;
    double cpu_s = 0;
    std::optional<double> runnable_wait_s, blocked_s, blkio_wait_s;
    std::uint64_t bytes = 0;  // its events' bytes
    bool coarsened = false;   // past its bound, events were merged pairwise
    std::vector<TimelineEvent> events;
};

// A thread's recorder: preallocated, written only by its own thread, read after it is joined.
// Past `capacity` events, neighbours are merged pairwise and later events come merged as many
// at a time (each stored event then stands for 2, 4, ... recorded ones): bounded, coarsened.
class ThreadTimeline {
public:
    using Clock = double (*)();  // seconds, any origin: steady_clock's unless a test gives its own
    ThreadTimeline(std::size_t capacity, double origin_s, Clock clock = nullptr);

    // Seconds since the run's start.
    double now() const noexcept { return clock_() - origin_s_; }
    // Records an event from `start_s` to now; returns now, the next event's start.
    double add(EventKind kind, double start_s, std::uint64_t bytes, std::uint64_t at = 0) noexcept {
        const double end = now();
        add(TimelineEvent{start_s, end, bytes, at, kind});
        return end;
    }
    void add(const TimelineEvent& event) noexcept;

    // Its events so far, the pending merge included. Only after the thread is joined.
    std::vector<TimelineEvent> events() const;
    bool coarsened() const noexcept { return per_event_ > 1; }
    std::string role = "worker";

private:
    void halve() noexcept;

    Clock clock_;
    double origin_s_;
    std::size_t capacity_;               // even, so that halving pairs every event
    std::vector<TimelineEvent> events_;  // capacity_ reserved once
    std::size_t per_event_ = 1;          // recorded events each stored one stands for
    TimelineEvent pending_{};            // the merge in progress, of `pending_count_` events
    std::size_t pending_count_ = 0;
};

// Two neighbouring events as one: from the first's start to the second's end, their bytes, the
// first's place, the kind of the longer (the first on a tie).
TimelineEvent merged(const TimelineEvent& a, const TimelineEvent& b) noexcept;

// The calling thread's recorder while a run records its timeline and the thread works for it;
// null otherwise (the cheap test every recording place makes).
ThreadTimeline* current_timeline() noexcept;
void set_current_timeline(ThreadTimeline* timeline) noexcept;

inline constexpr std::size_t kTimelineEvents = 4096;  // per thread: at most ~200 KiB a thread

}  // namespace sfp
