#include "sfp/run_context.hpp"

#include <time.h>

#include <thread>
#include <utility>

#include "measure/thread_usage.hpp"

namespace sfp {
namespace {

double thread_cpu_seconds() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

}  // namespace

std::function<void(const Progress&)> progress_seam_for_tests;

void RunContext::run_threads(unsigned n, const std::function<void(unsigned)>& body) {
    std::vector<std::thread> threads;
    threads.reserve(n);
    auto worker = [this, &body](unsigned index) {
        const Usage before = this_thread_usage();
        const double cpu_before = thread_cpu_seconds();
        try {
            body(index);
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!first_error_) first_error_ = std::current_exception();
            failed_.store(true, std::memory_order_relaxed);
        }
        const Usage spent = usage_between(before, this_thread_usage());
        const double cpu = thread_cpu_seconds() - cpu_before;
        std::lock_guard lock(mutex_);
        usage_ += spent;
        cpu_seconds_ += cpu;
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
    if (first_error_) std::rethrow_exception(std::exchange(first_error_, nullptr));
}

void RunContext::add_child_usage(const struct rusage& ru) {
    std::lock_guard lock(mutex_);
    usage_ += usage_from(ru);
}

void RunContext::note(std::string line) {
    std::lock_guard lock(mutex_);
    notes_.push_back(std::move(line));
}

Usage RunContext::worker_usage() const {
    std::lock_guard lock(mutex_);
    return usage_;
}

double RunContext::worker_cpu_seconds() const {
    std::lock_guard lock(mutex_);
    return cpu_seconds_;
}

std::vector<std::string> RunContext::take_notes() {
    std::lock_guard lock(mutex_);
    return std::exchange(notes_, {});
}

}  // namespace sfp
