#pragma once
// Choosing a strategy by measurement, inside the timed run: each candidate does a slice of its
// own at the start of the job, timed, and the fastest does the rest, so no work is done twice.
// The page cache's state can make one way of reading ten times slower than another on the same
// hot file (large or small folios), so a fixed choice is wrong somewhere; a short probe is not.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace sfp {

struct ProbeCandidate {
    const char* name;                                              // "mmap-mt"
    std::function<void(std::uint64_t begin, std::uint64_t end)> work;  // does [begin, end) of the job
    double seconds = 0;                                            // its probe, once measured
};

struct ProbePlan {
    std::uint64_t total = 0;       // the job: offsets [0, total)
    std::uint64_t stripe = 1;      // slices are whole multiples of this (block x threads)
    std::uint64_t max_slice = 0;   // per candidate, all its timings together
    unsigned bytes_per_offset = 1; // for the rates: compare reads 2 bytes (both files) per offset
    std::string_view who;          // "adaptive", "auto"
    std::string_view of_what;      // "of both files", "of the input"
};

// Probes when the job is large enough (all slices together at most a quarter of it): each
// candidate is timed twice, in turns, on consecutive slices, and keeps its better time; then the
// fastest finishes. Else the first candidate does everything. Returns the note, e.g.
// "adaptive: mmap-mt 2.1 GB/s, pread-mt 11.8 GB/s (best of 2 timings each, on 1M of both files;
// the first 4M in all) -> pread-mt".
std::string probe_then_finish(std::span<ProbeCandidate> candidates, const ProbePlan& plan);

// Test seam: called inside each candidate's timed probe, just before its work, with its name.
// A test slows one candidate here and checks the other is chosen. nullptr (default) = none.
using ProbeHook = void (*)(std::string_view candidate);
void set_probe_hook(ProbeHook hook) noexcept;

}  // namespace sfp
