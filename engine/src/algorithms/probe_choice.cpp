#include "algorithms/probe_choice.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>

#include "measure/clock.hpp"
#include "sfp/datagen.hpp"

namespace sfp {
namespace {

std::atomic<ProbeHook> probe_hook{nullptr};
std::atomic<std::uint64_t> pays_from_seam{0};

// Each candidate is measured twice, in turns (A B A B), and keeps its better result: a first
// touch or an interrupt during a millisecond-long slice must not decide the choice.
constexpr unsigned kRounds = 2;

// One timed slice: whole stripes, so every thread gets work; a candidate's slices together take
// at most max_slice (or one stripe each, when a stripe is larger), all at most a quarter of the job.
std::uint64_t slice_length(const ProbePlan& p, std::size_t candidates) {
    const std::uint64_t len = std::max(p.stripe, std::min(p.max_slice / kRounds, p.total / 32) / p.stripe * p.stripe);
    return kRounds * candidates * len <= p.total / 4 ? len : 0;
}

// "4M" of bytes, or "128 files".
std::string amount(const ProbeMeasure& m, std::uint64_t offsets) {
    return m.unit.empty() ? format_size(offsets) : std::to_string(offsets) + " " + std::string(m.unit);
}

std::string rate_text(const ProbePlan& p, const ProbeMeasure& m, std::uint64_t offsets, double seconds) {
    const double per_second = seconds > 0 ? double(offsets) / seconds : 0.0;
    char text[48];
    if (m.unit.empty())
        std::snprintf(text, sizeof text, "%.1f GB/s", per_second * p.bytes_per_offset / 1e9);
    else
        std::snprintf(text, sizeof text, "%.0f %s/s", per_second, std::string(m.unit).c_str());
    return text;
}

// The seconds `work` takes on `clock`. In wall time, less the wait for its threads to start:
// a slice lasts about a millisecond and waking the other CPU of a VM a good part of one, which
// made wordcount's auto choose one thread over two in 7 of 50 hot runs (2 of 50 since); the rest
// of the run waits for that only once.
template <class Work>
double timed(ProbeClock clock, RunContext& ctx, Work&& work) {
    if (clock == ProbeClock::wall) {
        const double waited = ctx.thread_start_seconds();
        const Stopwatch stopwatch;
        work();
        return stopwatch.seconds() - (ctx.thread_start_seconds() - waited);
    }
    const double before = ctx.worker_cpu_seconds();
    work();
    return ctx.worker_cpu_seconds() - before;
}

// "adaptive" and, when it saw something first, ": large folios: 0 % of the cached pages sampled;"
// The plan's pays_from, or the test seam's in its place.
std::uint64_t pays_from_of(const ProbePlan& plan) { return plan.pays_from ? looks_from(plan.pays_from) : 0; }

std::string heading(const ProbePlan& plan) {
    return std::string(plan.who) + (plan.seen.empty() ? "" : ": " + std::string(plan.seen) + ";");
}

}  // namespace

std::string probe_then_finish(std::span<ProbeCandidate> candidates, const ProbePlan& plan, RunContext& ctx,
                              const ProbeMeasure& measure) {
    const std::uint64_t pays_from = pays_from_of(plan);
    if (plan.total < pays_from) {
        candidates[0].work(0, plan.total);
        return heading(plan) + " chose " + candidates[0].name + ": " + amount(measure, plan.total) + " " +
               std::string(plan.of_what) + ", too little to pay for a probe (from " + amount(measure, pays_from) + ")";
    }
    const std::uint64_t slice = slice_length(plan, candidates.size());
    if (slice == 0) {
        candidates[0].work(0, plan.total);
        return heading(plan) + " chose " + candidates[0].name + ": too little data to time a probe";
    }
    for (ProbeCandidate& c : candidates)
        if (c.prepare) c.prepare(slice);
    std::uint64_t at = 0;
    ThreadTimeline* const timeline = current_timeline();  // each slice timed: a probe event here
    for (unsigned round = 0; round < kRounds; ++round) {
        for (ProbeCandidate& c : candidates) {
            const double began = timeline ? timeline->now() : 0;
            ctx.set_timing_probe(true);  // the slice's work all on threads of its own: this one times it
            double s = timed(measure.clock, ctx, [&] { c.work(at, at + slice); });
            ctx.set_timing_probe(false);
            if (timeline) timeline->add(EventKind::probe, began, 0, at);
            if (const ProbeHook hook = probe_hook.load()) s += hook(c.name);
            c.cpu_seconds = round == 0 ? s : std::min(c.cpu_seconds, s);
            at += slice;
        }
    }
    const ProbeCandidate& best = *std::min_element(
        candidates.begin(), candidates.end(),
        [](const ProbeCandidate& x, const ProbeCandidate& y) { return x.cpu_seconds < y.cpu_seconds; });
    best.work(at, plan.total);
    std::string note = heading(plan) + (plan.seen.empty() ? ":" : "");
    for (const ProbeCandidate& c : candidates)
        note += std::string(&c == &candidates.front() ? " " : ", ") + c.name + " " +
                rate_text(plan, measure, slice, c.cpu_seconds);
    return note + (measure.clock == ProbeClock::wall ? " in wall time" : " per CPU second") + " (best of " +
           std::to_string(kRounds) + " each, on " + amount(measure, slice) + " " + std::string(plan.of_what) +
           "; the first " + amount(measure, at) + " in all) -> " + best.name;
}

bool probe_fits(const ProbePlan& plan, std::size_t candidates) {
    return plan.total >= pays_from_of(plan) && slice_length(plan, candidates) != 0;
}

void set_probe_hook(ProbeHook hook) noexcept { probe_hook.store(hook); }
void set_probe_pays_from(std::uint64_t bytes) noexcept { pays_from_seam.store(bytes); }

std::uint64_t looks_from(std::uint64_t from) {
    const std::uint64_t seam = pays_from_seam.load();
    return seam ? seam : from;
}

}  // namespace sfp
