#pragma once
// The runner's finished runs on their way to the window's thread. The runner's thread only
// appends under a mutex -- no wake-up, no event per run -- and the window's thread takes
// everything at once when it polls. A thread woken per run stole the runner's CPU and made its
// munmaps wait for TLB shootdowns on the other core; polled, it wakes a few times a second.
#include <cstddef>
#include <mutex>
#include <optional>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/run_update.hpp"

namespace core {

class RunFeed {
public:
    // The run going on: only the latest is kept (runs come and go faster than a poll).
    struct Current {
        sfp::Cell cell;
        unsigned repetition = 0;
        std::size_t index = 0, total = 0;
    };
    // What arrived since the last take: every finished run in order, and the latest start.
    struct Batch {
        std::vector<sfp::RunUpdate> finished;
        std::optional<Current> current;
    };

    // The runner's thread.
    void started(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total);
    void finished(sfp::RunUpdate&& update);
    // The window's thread: everything so far, leaving the feed empty.
    Batch take();

private:
    std::mutex mutex_;
    Batch pending_;
};

}  // namespace core
