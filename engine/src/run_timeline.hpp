#pragma once
// The runner thread's side of a run's timeline (sfp/timeline.hpp): its own recorder, current on
// it while the strategy runs, and the run's threads gathered once the strategy is done.
#include <optional>
#include <vector>

#include "sfp/run_context.hpp"
#include "sfp/timeline.hpp"

namespace sfp {

class RunnerTimeline {
public:
    // Records nothing unless `on`; from then on ctx's threads record theirs too.
    RunnerTimeline(RunContext& ctx, bool on);
    ~RunnerTimeline() { set_current_timeline(nullptr); }
    RunnerTimeline(const RunnerTimeline&) = delete;
    RunnerTimeline& operator=(const RunnerTimeline&) = delete;

    // The runner thread (what it spent over the run's `real_s`: `own`, its wait for its workers
    // and children counted as blocked), then ctx's workers and children; a note in ctx when any
    // was coarsened. None when not recording.
    std::vector<ThreadTime> threads(RunContext& ctx, const Spent& own, double real_s);

private:
    std::optional<ThreadTimeline> runner_;
};

// One thread's record as the result carries it.
ThreadTime thread_time(const ThreadSpent& record);

}  // namespace sfp
