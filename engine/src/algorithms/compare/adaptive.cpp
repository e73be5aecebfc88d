// compare/adaptive — the strategy compMP's article proposes but never built, choosing by
// measurement: the page cache's state (large or small folios) can make mmap-mt ten times
// slower than pread-mt on the same hot files, or as fast. So mmap-mt and pread-mt (large block)
// each compare a slice of their own at the start of the inputs, timed, inside the run; the
// faster compares the rest. Inputs too large for memory go to read() with a large block.
#include "algorithms/compare/adaptive.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <span>

#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/range_scans.hpp"
#include "algorithms/compare/strategies.hpp"
#include "io/file.hpp"
#include "measure/machine.hpp"
#include "sfp/datagen.hpp"

namespace sfp::compare {
namespace {

constexpr std::uint64_t kLargeBlock = 1u << 20;    // read() when the inputs don't fit
constexpr std::uint64_t kProbeBlock = 256u << 10;  // stripes of both candidates: large, cache-sized
constexpr std::uint64_t kMaxProbe = 2u << 20;      // per candidate and file: a few % of a 640 MB pair

std::atomic<ProbeHook> probe_hook{nullptr};

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

std::string rate_text(std::uint64_t bytes, double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GB/s", seconds > 0 ? double(bytes) / seconds / 1e9 : 0.0);
    return text;
}

struct Candidate {
    const char* name;
    std::function<void(Range)> scan;
    double seconds = 0;
};

// The slice each candidate is timed on: whole stripes, at most kMaxProbe, and both slices
// together at most a quarter of the work; 0 when the inputs are too small to be worth it.
std::uint64_t probe_length(std::uint64_t common, std::uint64_t stripe) {
    const std::uint64_t len = std::max(stripe, std::min(kMaxProbe, common / 16) / stripe * stripe);
    return 2 * len <= common / 4 ? len : 0;
}

// Times each candidate on its own slice, one after the other from offset 0, then lets the
// faster scan the rest; nothing is compared twice. Returns the note.
std::string probe_then_finish(std::span<Candidate> candidates, std::uint64_t common, std::uint64_t block,
                              unsigned threads) {
    const std::uint64_t probe = probe_length(common, block * threads);
    if (probe == 0) {
        candidates[0].scan({0, common, block, threads});
        return std::string("adaptive chose ") + candidates[0].name + ": the inputs are too small to time a probe";
    }
    std::uint64_t at = 0;
    for (Candidate& c : candidates) {
        const auto start = std::chrono::steady_clock::now();
        if (ProbeHook hook = probe_hook.load()) hook(c.name);
        c.scan({at, at + probe, block, threads});
        c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        at += probe;
    }
    const Candidate& best = *std::min_element(candidates.begin(), candidates.end(),
                                              [](const Candidate& x, const Candidate& y) { return x.seconds < y.seconds; });
    best.scan({at, common, block, threads});
    std::string note = "adaptive:";
    for (const Candidate& c : candidates)
        note += std::string(" ") + c.name + " " + rate_text(2 * probe, c.seconds) + (&c == &candidates.back() ? "" : ",");
    return note + " (each on " + mib(probe) + " of both files, the first " + mib(at) + " in all) -> " + best.name;
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    require_two_inputs(spec);
    const std::uint64_t need = File::open_read(spec.inputs[0]).size() + File::open_read(spec.inputs[1]).size();
    const std::uint64_t avail = available_memory_bytes();
    // "Comfortably": both files take at most half of what the kernel says is available,
    // leaving room for the page cache of everything else.
    if (avail == 0 || need > avail / 2) {
        RunSpec chosen = spec;
        chosen.strategy = std::string(read_strategy.name);
        chosen.block_size = std::max(spec.block_size, kLargeBlock);
        ctx.note("adaptive chose read: the inputs (" + mib(need) + ") exceed half of the available memory (" +
                 mib(avail) + "); block " + format_size(chosen.block_size));
        return read_strategy.run(chosen, ctx);
    }
    InputPair pair = open_pair(spec, ctx);
    MismatchTable table(pair.max_mismatches);
    if (!pair.same && pair.common > 0) {
        const Mapping a(pair.a, std::size_t(pair.common), Mapping::Advice::normal);
        const Mapping b(pair.b, std::size_t(pair.common), Mapping::Advice::normal);
        Candidate candidates[] = {
            {"mmap-mt", [&](Range r) { scan_mapped_range(pair, a, b, r, table, ctx); }},
            {"pread-mt", [&](Range r) { scan_pread_range(pair, r, table, ctx); }},
        };
        const std::uint64_t block = std::max(spec.block_size, kProbeBlock);
        ctx.note(probe_then_finish(candidates, pair.common, block, spec.threads));
    }
    return outcome_of(pair, table.take());
}

}  // namespace

void set_probe_hook(ProbeHook hook) noexcept { probe_hook.store(hook); }

const Strategy adaptive_strategy{
    .algorithm = "compare",
    .name = "adaptive",
    .description = "times mmap-mt and pread-mt on a slice each at the start, the faster compares the rest; "
                   "read with 1 MiB blocks when the files don't fit in memory",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::compare
