#include "sfp/run_context.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <new>
#include <thread>
#include <utility>

#include "measure/spent.hpp"
#include "measure/waits.hpp"

namespace sfp {
namespace {

double seconds_between(RunContext::Clock::time_point from, RunContext::Clock::time_point to) {
    return std::chrono::duration<double>(to - from).count();
}

}  // namespace

std::function<void(const Progress&)> progress_seam_for_tests;

void RunContext::run_threads(unsigned n, const std::function<void(unsigned)>& body, Caller caller) {
    std::vector<std::thread> threads;
    threads.reserve(n);
    const Clock::time_point called = Clock::now();
    std::atomic<std::int64_t> last_start_ns{0};  // the latest body start, after `called`
    auto worker = [this, &body, called, &last_start_ns](unsigned index, Clock::time_point created) {
        // Its buffer, made before the body's first unit. Out of memory, the thread records nothing:
        // nothing may escape a thread's function.
        std::optional<ThreadTimeline> timeline;
        try {
            if (timeline_) timeline.emplace(timeline_for_thread());
        } catch (const std::bad_alloc&) {}
        set_current_timeline(timeline ? &*timeline : nullptr);
        const std::int64_t started =
            std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - called).count();
        for (std::int64_t seen = last_start_ns.load();
             started > seen && !last_start_ns.compare_exchange_weak(seen, started);) {}
        run_body(body, index);
        // A new thread's counters start at zero: its whole life was this run's work, so one
        // sample at its end is all it takes. Its life is timed from just before it was asked
        // for, to after the sample, so it holds all the sample counts.
        set_current_timeline(nullptr);
        ThreadSpent record;
        record.worker = index;
        record.spent = thread_totals(true);
        const WaitSample waits = thread_waits();
        const Clock::time_point ended = Clock::now();
        split_waits(record.spent, seconds_between(created, ended), waits);
        if (timeline) try {  // read by its own thread, before the join
                record.role = timeline->role;
                record.coarsened = timeline->coarsened();
                record.events = timeline->events();
            } catch (const std::bad_alloc&) {  // its times are kept without its events
                record.events.clear();
            }
        add_thread(std::move(record), created, ended);
    };
    const unsigned first = caller == Caller::works && !timing_probe_ && n > 0 ? 1 : 0;
    try {
        for (unsigned i = first; i < n; ++i) threads.emplace_back(worker, i, Clock::now());
    } catch (...) {  // could not start a thread: stop the ones running, then report
        failed_.store(true, std::memory_order_relaxed);
        for (auto& t : threads) t.join();
        throw;
    }
    if (first == 1) {  // worker 0, here: its CPU time is the workers' too, for a probe timing them
        const double before = thread_cpu_seconds();
        run_body(body, 0);
        const double used = thread_cpu_seconds() - before;
        std::lock_guard lock(mutex_);
        caller_worked_cpu_s_ += used;
    }
    const Waiting joining = waiting_starts();
    for (auto& t : threads) t.join();
    waiting_ends(joining);
    std::lock_guard lock(mutex_);
    thread_start_s_ += double(last_start_ns.load()) * 1e-9;
    if (first_error_) std::rethrow_exception(std::exchange(first_error_, nullptr));
}

void RunContext::run_body(const std::function<void(unsigned)>& body, unsigned index) noexcept {
    try {
        body(index);
    } catch (...) {
        std::lock_guard lock(mutex_);
        if (!first_error_) first_error_ = std::current_exception();
        failed_.store(true, std::memory_order_relaxed);
    }
}

void RunContext::add_thread(ThreadSpent record, Clock::time_point from, Clock::time_point to) {
    record.start_s = seconds_between(start_, from);
    record.end_s = seconds_between(start_, to);
    std::lock_guard lock(mutex_);
    spent_ += record.spent;
    try {
        if (threads_.size() < kMaxThreadTimes) threads_.push_back(std::move(record));
    } catch (const std::bad_alloc&) {  // called on a worker thread: its record is dropped, never the run
    }
}

ThreadTimeline RunContext::timeline_for_thread() const {
    return ThreadTimeline(kTimelineEvents, std::chrono::duration<double>(start_.time_since_epoch()).count());
}

void RunContext::add_child(const Spent& spent, Clock::time_point started) {
    const Clock::time_point ended =
        started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(spent.lifetime_s));
    add_thread(ThreadSpent{0, 0, 0, spent, "child", false, {}}, started, ended);
}

RunContext::Waiting RunContext::waiting_starts() {
    Waiting w;
    w.runnable_s = thread_waits().runnable_s;
    w.cpu_s = thread_cpu_seconds();
    w.wall = Clock::now();
    return w;
}

void RunContext::waiting_ends(const Waiting& from) {
    const Clock::time_point wall = Clock::now();
    const double cpu = thread_cpu_seconds();
    const std::optional<double> runnable = thread_waits().runnable_s;
    double blocked = seconds_between(from.wall, wall) - (cpu - from.cpu_s);
    if (runnable && from.runnable_s) blocked -= *runnable - *from.runnable_s;
    std::lock_guard lock(mutex_);
    waited_s_ += std::max(0.0, blocked);
}

void RunContext::note(std::string line) {
    std::lock_guard lock(mutex_);
    notes_.push_back(std::move(line));
}

Spent RunContext::others_spent() const {
    std::lock_guard lock(mutex_);
    return spent_;
}

double RunContext::worker_cpu_seconds() const {
    std::lock_guard lock(mutex_);
    return spent_.cpu_s + caller_worked_cpu_s_;
}

double RunContext::waited_seconds() const {
    std::lock_guard lock(mutex_);
    return waited_s_;
}

std::vector<ThreadSpent> RunContext::thread_spents() const {
    std::lock_guard lock(mutex_);
    return threads_;
}

double RunContext::thread_start_seconds() const {
    std::lock_guard lock(mutex_);
    return thread_start_s_;
}

std::vector<std::string> RunContext::take_notes() {
    std::lock_guard lock(mutex_);
    return std::exchange(notes_, {});
}

}  // namespace sfp
