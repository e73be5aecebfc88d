#pragma once
// A bounded queue between threads of one run. A producer waits while it is full, consumers wait
// while it is empty; close() says no more items will come (consumers drain, then stop). A run's
// cancel or failure is a polled flag, so waiters look at `should_stop` every few milliseconds and,
// when it is set, drop everything and wake every waiter: no thread ever sleeps through a cancel
// or a failing partner.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>

#include "sfp/timeline.hpp"

namespace sfp {

template <class T>
class BlockingQueue {
public:
    BlockingQueue(std::size_t capacity, std::function<bool()> should_stop)
        : capacity_(capacity ? capacity : 1), should_stop_(std::move(should_stop)) {}

    // Waits while the queue is full. False when the queue was closed or aborted (item dropped).
    bool push(T item) {
        std::unique_lock lock(mutex_);
        wait(lock, not_full_, [&] { return items_.size() < capacity_; });
        if (closed_ || aborted_) return false;
        items_.push_back(std::move(item));
        not_empty_.notify_one();
        return true;
    }

    // Waits for an item. Empty once the queue is closed and drained, or aborted.
    std::optional<T> pop() {
        std::unique_lock lock(mutex_);
        wait(lock, not_empty_, [&] { return !items_.empty() || closed_; });
        if (aborted_ || items_.empty()) return std::nullopt;
        T item = std::move(items_.front());
        items_.pop_front();
        not_full_.notify_one();
        return item;
    }

    void close() {
        std::lock_guard lock(mutex_);
        closed_ = true;
        wake_all();
    }

private:
    static constexpr std::chrono::milliseconds kPoll{5};

    // A thread that has to wait records it in its timeline, if it keeps one: a "wait" event.
    template <class Ready>
    void wait(std::unique_lock<std::mutex>& lock, std::condition_variable& cv, Ready ready) {
        if (aborted_ || ready()) return;
        ThreadTimeline* const timeline = current_timeline();
        const double start = timeline ? timeline->now() : 0;
        while (!aborted_ && !ready()) {
            if (should_stop_()) {
                aborted_ = true;
                items_.clear();
                wake_all();
                break;
            }
            cv.wait_for(lock, kPoll);
        }
        if (timeline) timeline->add(EventKind::wait, start, 0);
    }
    void wake_all() {
        not_full_.notify_all();
        not_empty_.notify_all();
    }

    const std::size_t capacity_;
    const std::function<bool()> should_stop_;
    std::mutex mutex_;
    std::condition_variable not_full_, not_empty_;
    std::deque<T> items_;
    bool closed_ = false, aborted_ = false;
};

}  // namespace sfp
