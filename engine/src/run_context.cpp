#include "sfp/run_context.hpp"

#include <atomic>
#include <chrono>
#include <thread>
#include <utility>

#include "measure/spent.hpp"

namespace sfp {

std::function<void(const Progress&)> progress_seam_for_tests;

void RunContext::run_threads(unsigned n, const std::function<void(unsigned)>& body) {
    if (n == 0) return;
    auto run_body = [this, &body](unsigned index) {
        try {
            body(index);
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!first_error_) first_error_ = std::current_exception();
            failed_.store(true, std::memory_order_relaxed);
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(n - 1);
    const auto called = std::chrono::steady_clock::now();
    std::atomic<std::int64_t> last_start_ns{0};  // the latest body start, after `called`
    auto worker = [this, &run_body, called, &last_start_ns](unsigned index) {
        const std::int64_t started =
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - called).count();
        for (std::int64_t seen = last_start_ns.load();
             started > seen && !last_start_ns.compare_exchange_weak(seen, started);) {}
        run_body(index);
        // A new thread's counters start at zero: its whole life was this run's work, so one
        // sample at its end is all it takes.
        const Spent spent = thread_totals(true);
        std::lock_guard lock(mutex_);
        spent_ += spent;
    };
    try {
        for (unsigned i = 1; i < n; ++i) threads.emplace_back(worker, i);
    } catch (...) {  // could not start a thread: stop the ones running, then report
        failed_.store(true, std::memory_order_relaxed);
        for (auto& t : threads) t.join();
        throw;
    }
    // Body 0 runs on the calling thread: one thread fewer to start, wake and join. What it spends
    // is already the run's (the runner measures its own thread), so only the workers' CPU figure,
    // which a probe reads, takes it in.
    const double cpu_before = thread_cpu_seconds();
    run_body(0);
    const double caller_cpu = thread_cpu_seconds() - cpu_before;
    for (auto& t : threads) t.join();
    std::lock_guard lock(mutex_);
    caller_worker_cpu_s_ += caller_cpu;
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
    return spent_.cpu_s + caller_worker_cpu_s_;
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
