#pragma once
// A hang fails a test in seconds, not after ctest's timeout: if one test function runs longer
// than the limit, the watchdog names it on stderr and aborts the process, which ctest reports
// as a failure at once. A bound on a hang, not a claim about speed: the limit is generous.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

namespace testing {

class Watchdog {
public:
    explicit Watchdog(std::chrono::seconds limit) : limit_(limit), thread_([this] { watch(); }) {}
    ~Watchdog() {
        done_ = true;
        thread_.join();
    }
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    // Call at the start of every test function (QTest's init()).
    void started(const char* function) {
        name_ = function ? function : "?";
        since_.store(std::chrono::steady_clock::now().time_since_epoch().count());
    }

private:
    void watch() {
        while (!done_) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            const auto since =
                std::chrono::steady_clock::time_point(std::chrono::steady_clock::duration(since_.load()));
            if (since_.load() != 0 && std::chrono::steady_clock::now() - since > limit_) {
                std::fprintf(stderr, "watchdog: %s ran longer than %lld s: a hang; aborting\n", name_.load(),
                             static_cast<long long>(limit_.count()));
                std::abort();
            }
        }
    }
    const std::chrono::seconds limit_;
    std::atomic<bool> done_{false};
    std::atomic<std::chrono::steady_clock::rep> since_{0};
    std::atomic<const char*> name_{"?"};
    std::thread thread_;
};

}  // namespace testing
