#include "sfp/run_context.hpp"

#include <atomic>
#include <chrono>
#include <thread>
#include <utility>

#include "measure/spent.hpp"

namespace sfp {

std::function<void(const Progress&)> progress_seam_for_tests;

void RunContext::run_threads(unsigned n, const std::function<void(unsigned)>& body) {
    std::vector<std::thread> threads;
    threads.reserve(n);
    const auto called = std::chrono::steady_clock::now();
    std::atomic<std::int64_t> last_start_ns{0};  // the latest body start, after `called`
    auto worker = [this, &body, called, &last_start_ns](unsigned index) {
        const std::int64_t started =
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - called).count();
        for (std::int64_t seen = last_start_ns.load();
             started > seen && !last_start_ns.compare_exchange_weak(seen, started);) {}
        try {
            body(index);
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!first_error_) first_error_ = std::current_exception();
            failed_.store(true, std::memory_order_relaxed);
        }
        // A new thread's counters start at zero: its whole life was this run's work, so one
        // sample at its end is all it takes.
        const Spent spent = thread_totals(true);
        std::lock_guard lock(mutex_);
        spent_ += spent;
    };
    try {
        for (unsigned i = 0; i < n; ++i) threads.emplace_back(worker, i);
    } catch (...) {  // could not start a thread: stop the ones running, then report
        failed_.store(true, std::memory_order_relaxed);
        for (auto& t : threads) t.join();
        throw;
    }
    for (auto& t : threads) t.join();
    std::lock_guard lock(mutex_);
    thread_start_s_ += double(last_start_ns.load()) * 1e-9;
    if (first_error_) std::rethrow_exception(std::exchange(first_error_, nullptr));
}

void RunContext::add_child(const Spent& spent) {
    std::lock_guard lock(mutex_);
    spent_ += spent;
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
    return spent_.cpu_s;
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
