#pragma once
// Choosing a strategy by measurement, inside the timed run: each candidate does slices of its
// own at the start of the job, measured, and the cheapest does the rest, so no work is done
// twice. The page cache's state can make one way of reading ten times slower than another on
// the same hot file (large or small folios), so a fixed choice is wrong somewhere.
// What is measured is the CPU time of the candidate's threads (user + sys, to the nanosecond:
// RunContext::worker_cpu_seconds), not wall time: a slice lasts about a millisecond, and on a
// busy machine the wait for a CPU would decide. Hot data costs CPU time only; waiting for a
// disk is not counted -- unless the plan asks for wall time (ProbeClock), where it is the point.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "sfp/run_context.hpp"

namespace sfp {

struct ProbeCandidate {
    const char* name;                                                  // "mmap-mt"
    std::function<void(std::uint64_t begin, std::uint64_t end)> work;  // does [begin, end) of the job
    double cpu_seconds = 0;                                            // its probe, once measured (on the plan's clock)
    // Setup its first slice would otherwise pay alone (buffers to zero and pin, say), done once
    // for slices of `slice` offsets before any is timed, and only when there is a probe: paid in
    // one slice of two, it left the candidate one fair measurement against the others' best of
    // two. Empty: none.
    std::function<void(std::uint64_t slice)> prepare = {};
};

// What a probe slice is timed with. CPU time suits work the CPU bounds (hot data, both candidates
// on the same threads); wall time suits work that waits for a disk or differs in its thread count
// (iterate's reads in flight, wordcount's stripes), where waiting is exactly what differs.
enum class ProbeClock { worker_cpu, wall };

struct ProbePlan {
    std::uint64_t total = 0;        // the job: offsets [0, total)
    std::uint64_t stripe = 1;       // slices are whole multiples of this (block x threads)
    std::uint64_t max_slice = 0;    // per candidate, all its timings together
    unsigned bytes_per_offset = 1;  // for the rates: compare reads 2 bytes (both files) per offset
    std::string_view who;           // "adaptive", "auto"
    std::string_view of_what;       // "of both files", "of the input"
    std::string_view seen = {};     // what the chooser saw before probing, said after `who`
                                    // ("large folios: 0 % of the cached pages sampled"); empty: nothing
    std::uint64_t pays_from = 0;    // a smaller job goes to the first candidate unprobed: the probe's
                                    // thread starts and slower slices cost more than a wrong choice loses
};

// How the slices are timed and what one offset counts; the defaults are compare's and cipher's.
struct ProbeMeasure {
    ProbeClock clock = ProbeClock::worker_cpu;
    std::string_view unit;  // what one offset is ("files"); empty: offsets are bytes
};

// Probes when the job is large enough (from plan.pays_from, and all slices together at most a
// quarter of it): every candidate is prepared, then each is measured twice, in turns, on
// consecutive slices, and keeps its better result; then the cheapest finishes. Else the first
// candidate does everything. Candidates run their threads through `ctx`. With a timeline, each
// timed slice is a probe event on the calling thread (no bytes: the candidate's threads record
// them; `at` the slice's first offset). Returns the note, e.g.
// "adaptive: mmap-mt 2.1 GB/s, pread-mt 11.8 GB/s per CPU second (best of 2 each, on 1M of both
// files; the first 4M in all) -> pread-mt".
std::string probe_then_finish(std::span<ProbeCandidate> candidates, const ProbePlan& plan, RunContext& ctx,
                              const ProbeMeasure& measure = {});

// Whether `candidates` candidates would time slices of the plan's job: it is large enough to pay
// for a probe (plan.pays_from) and to time one on (else probe_then_finish gives it all to the first). A chooser asks
// first where a job that small is better done on the calling thread, with no thread to start: that costs more than the
// whole of it.
bool probe_fits(const ProbePlan& plan, std::size_t candidates);

// Test seam: called after each of a candidate's probe slices with its name; the CPU seconds it
// returns are added to that slice's. A test makes one candidate dear here and checks the other
// is chosen. nullptr (the default) adds nothing.
using ProbeHook = double (*)(std::string_view candidate);
void set_probe_hook(ProbeHook hook) noexcept;

// Test seam: replaces every plan's nonzero pays_from (256 MiB is more than a test writes), and
// what looks_from gives; 0, the default, keeps the plans' own.
void set_probe_pays_from(std::uint64_t bytes) noexcept;

// The size from which an auto that looks at its input without a probe (its folios) does so:
// `from`, or the test seam's above in its place.
std::uint64_t looks_from(std::uint64_t from);

}  // namespace sfp
