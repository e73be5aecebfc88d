#pragma once
// Live progress and cancellation shared between an engine run and its observers.
#include <atomic>
#include <cstdint>

namespace sfp {

// Owned by whoever starts a run; any thread may read `done` or set `cancel` at any time.
struct Progress {
    std::atomic<std::uint64_t> done{0};   // bytes processed so far in the current run
    std::atomic<std::uint64_t> total{0};  // bytes the current run expects to process (0 = unknown)
    std::atomic<bool> cancel{false};      // set to ask the run to stop; checked once per block

    void reset() noexcept {
        done.store(0, std::memory_order_relaxed);
        total.store(0, std::memory_order_relaxed);
    }
};

}  // namespace sfp
