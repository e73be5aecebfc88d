#include "run_timeline.hpp"

#include <string>

namespace sfp {

RunnerTimeline::RunnerTimeline(RunContext& ctx, bool on) {
    if (!on) return;
    ctx.record_timeline();
    runner_.emplace(ctx.timeline_for_thread());
    runner_->role = "runner";
    set_current_timeline(&*runner_);
}

ThreadTime thread_time(const ThreadSpent& record) {
    ThreadTime t;
    t.worker = record.worker;
    t.role = record.role;
    t.start_s = record.start_s, t.end_s = record.end_s;
    t.cpu_s = record.spent.cpu_s;
    t.runnable_wait_s = record.spent.runnable_s;
    t.blocked_s = record.spent.blocked_s;
    t.blkio_wait_s = record.spent.blkio_s;
    t.coarsened = record.coarsened;
    t.events = record.events;
    for (const TimelineEvent& e : t.events) t.bytes += e.bytes;
    return t;
}

std::vector<ThreadTime> RunnerTimeline::threads(RunContext& ctx, const Spent& own, double real_s) {
    if (!runner_ || !ctx.recording_timeline()) return {};
    set_current_timeline(nullptr);
    std::vector<ThreadTime> out{
        thread_time({0, 0, real_s, own, runner_->role, runner_->coarsened(), runner_->events()})};
    bool coarsened = out.front().coarsened;
    for (const ThreadSpent& record : ctx.thread_spents()) {
        out.push_back(thread_time(record));
        coarsened = coarsened || record.coarsened;
    }
    if (coarsened)
        ctx.note("timeline coarsened: past " + std::to_string(kTimelineEvents) +
                 " events a thread, neighbouring events were merged pairwise");
    return out;
}

}  // namespace sfp
