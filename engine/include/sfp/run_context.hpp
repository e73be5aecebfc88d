#pragma once
// What a running strategy gets from the runner: progress, cancellation, accounted threads.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "sfp/progress.hpp"
#include "sfp/spent.hpp"
#include "sfp/timeline.hpp"
#include "sfp/types.hpp"

namespace sfp {

// For tests only: called with the run's progress each time a strategy sets its total (its inputs
// are open, nothing is read yet) and each time it reports bytes done, on the strategy's own
// threads, so a test can cancel or change an input at that exact point instead of racing the
// run. Set it while no run is going; it must be safe to call from several threads at once.
extern std::function<void(const Progress&)> progress_seam_for_tests;

// What one thread of a run spent (a worker, or a baseline's child): from `start_s` to `end_s`
// after the run's context was made.
struct ThreadSpent {
    unsigned worker = 0;
    double start_s = 0, end_s = 0;
    Spent spent;
    std::string role;                   // with a timeline: what it did (ThreadTimeline::role)
    bool coarsened = false;             // with a timeline: its events were merged past the bound
    std::vector<TimelineEvent> events;  // with a timeline
};

class RunContext {
public:
    using Clock = std::chrono::steady_clock;
    explicit RunContext(Progress& progress) : progress_(progress), start_(Clock::now()) {}
    RunContext(const RunContext&) = delete;
    RunContext& operator=(const RunContext&) = delete;

    // True once the user cancelled or another worker of this run failed. Cheap: check per block.
    bool should_stop() const noexcept { return cancelled() || failed_.load(std::memory_order_relaxed); }
    bool cancelled() const noexcept {
        if (!progress_.cancel.load(std::memory_order_relaxed)) return false;
        saw_cancel_.store(true, std::memory_order_relaxed);
        return true;
    }
    // Whether the strategy noticed the cancel. A cancel that lands after its last check (say,
    // just after a cipher output was renamed into place) leaves a complete, ok result.
    bool cancel_seen() const noexcept { return saw_cancel_.load(std::memory_order_relaxed); }

    void add_progress(std::uint64_t bytes) noexcept {
        progress_.done.fetch_add(bytes, std::memory_order_relaxed);
        if (progress_seam_for_tests) progress_seam_for_tests(progress_);
    }
    void set_total(std::uint64_t bytes) noexcept {
        progress_.total.store(bytes, std::memory_order_relaxed);
        if (progress_seam_for_tests) progress_seam_for_tests(progress_);
    }

    // Runs body(0..n-1) on n new threads and joins them all. What each thread spent in its
    // life (exact CPU time, rusage, storage I/O) is added to this run's. If a body throws, the others are told
    // to stop (should_stop) and the first exception is rethrown here after the join.
    // Caller::works: the calling thread is worker 0 itself, once it has started the other n-1 --
    // no thread to start for it, and its work begins at once instead of when a CPU is found for a
    // new thread (a millisecond or more on a VM); what it spends is the calling thread's (the
    // runner's, and so are its timeline events).
    // While a probe times a slice (set_timing_probe, algorithms/probe_choice.cpp), the caller
    // waits whatever it is asked: its lane then holds the probe's event for the slice, and the
    // candidate's threads the slice's work, never one inside the other.
    enum class Caller { waits, works };
    void run_threads(unsigned n, const std::function<void(unsigned index)>& body, Caller caller = Caller::waits);
    void set_timing_probe(bool on) noexcept { timing_probe_ = on; }  // on the runner thread only

    // For baselines measured as child processes (measure/child_process.cpp): what one spent in
    // its life (spent.lifetime_s from `started`).
    void add_child(const Spent& spent, Clock::time_point started);

    // Marks the runner thread's wait for its own workers or children, from waiting_starts() to
    // waiting_ends(): its time blocked in between (wall time less its CPU and runnable wait) is
    // theirs to explain, and left out of its own (waited_seconds).
    struct Waiting {
        Clock::time_point wall;
        double cpu_s = 0;
        std::optional<double> runnable_s;
    };
    static Waiting waiting_starts();
    void waiting_ends(const Waiting& from);

    // A line the result carries, e.g. which strategy `adaptive` chose and why.
    void note(std::string line);

    // iterate times its listing apart (RunResult::list_s); one writer, the strategy's thread.
    void set_list_seconds(double s) noexcept { list_s_ = s; }
    double list_seconds() const noexcept { return list_s_; }

    // What the workers and children spent so far (the runner thread's own is measured apart).
    Spent others_spent() const;
    // From now on every thread run_threads starts records its timeline (current_timeline()).
    void record_timeline() noexcept { timeline_ = true; }
    bool recording_timeline() const noexcept { return timeline_; }
    // A recorder for the calling thread, its clock counting from this run's start.
    ThreadTimeline timeline_for_thread() const;

    // The workers' CPU time so far to the nanosecond (CLOCK_THREAD_CPUTIME_ID), the calling
    // thread's as worker 0 included; rusage moves in whole scheduler ticks, too coarse for
    // millisecond slices.
    double worker_cpu_seconds() const;
    // The wall time run_threads spent starting threads so far: from each call to the start of
    // its last thread's body, summed over calls. Waking an idle CPU of a VM takes a good part of a
    // millisecond, so a probe timing a threaded slice of one millisecond in wall time leaves it
    // out: the rest of the run starts its threads once (algorithms/probe_choice.cpp).
    double thread_start_seconds() const;
    // The runner thread's time blocked waiting on its own workers (their join) and children,
    // summed over waiting_ends.
    double waited_seconds() const;
    // Each worker's and child's own, in the order they ended (at most kMaxThreadTimes).
    std::vector<ThreadSpent> thread_spents() const;
    std::vector<std::string> take_notes();

private:
    static constexpr std::size_t kMaxThreadTimes = 1024;  // a probe's slices may start threads often
    void add_thread(ThreadSpent record, Clock::time_point from, Clock::time_point to);
    // body(index); what it throws is the run's first error, and the other workers are told to stop.
    void run_body(const std::function<void(unsigned)>& body, unsigned index) noexcept;

    Progress& progress_;
    const Clock::time_point start_;
    std::atomic<bool> failed_{false};
    bool timeline_ = false;
    bool timing_probe_ = false;
    mutable std::atomic<bool> saw_cancel_{false};
    double list_s_ = 0;
    mutable std::mutex mutex_;  // guards the members below
    Spent spent_;
    double caller_worked_cpu_s_ = 0;  // the calling thread's, as worker 0 (Caller::works)
    double thread_start_s_ = 0;
    double waited_s_ = 0;
    std::vector<ThreadSpent> threads_;
    std::exception_ptr first_error_;
    std::vector<std::string> notes_;
};

// Batches progress so hot loops touch the shared counter about once per MiB, not per block.
class ProgressMeter {
public:
    explicit ProgressMeter(RunContext& ctx) : ctx_(ctx) {}
    ~ProgressMeter() { flush(); }
    ProgressMeter(const ProgressMeter&) = delete;
    ProgressMeter& operator=(const ProgressMeter&) = delete;
    void add(std::uint64_t bytes) noexcept {
        pending_ += bytes;
        if (pending_ >= kBatch) flush();
    }
    void flush() noexcept {
        if (pending_) ctx_.add_progress(pending_);
        pending_ = 0;
    }

private:
    static constexpr std::uint64_t kBatch = 1u << 20;
    RunContext& ctx_;
    std::uint64_t pending_ = 0;
};

}  // namespace sfp
