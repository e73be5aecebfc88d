// compare/adaptive — the strategy compMP's article proposes but never built, here choosing by
// what the page cache holds and by measurement (algorithms/probe_choice.hpp): from 256 MiB, inputs
// cached mostly in large folios go to mmap-mt at once (adaptive.hpp); otherwise mmap-mt and pread-mt
// with a large block each compare slices of their own at the start, measured inside the run, and
// the cheaper compares the rest. Inputs too large for memory go to read() with a large block; a
// common part under 256 MiB to mmap-mt at once, one too small to time a probe on (a few MiB) to
// one mapped scan on the calling thread, and one under 128 KiB to read(), as cheaper still.
#include "algorithms/compare/adaptive.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>

#include "algorithms/compare/mapped_scan.hpp"
#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/range_scans.hpp"
#include "algorithms/compare/strategies.hpp"
#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "measure/machine.hpp"
#include "sfp/datagen.hpp"

namespace sfp::compare {
namespace {

constexpr std::uint64_t kLargeBlock = 1u << 20;  // read() when the inputs don't fit
// A common part under this is read(): mapping and unmapping both files cost more
// (docs/findings.md#compare-adaptive-read-below-128-kib) ...
constexpr std::uint64_t kReadBelow = 128u << 10;
// ... in blocks of a page at most: a fresh buffer costs a fault a page, so with the command's 256K
// (the stripe below) read lost to one mapped scan (docs/findings.md#compare-adaptive-read-below-128-kib).
constexpr std::uint64_t kSmallReadBlock = 4u << 10;
constexpr std::uint64_t kProbeBlock = 256u << 10;  // both candidates' stripes: large, cache-sized
// mmap-mt's stripes when chosen at once: whole 2 MiB page tables, so no two threads fault into,
// or unmap from, the same table.
constexpr std::uint64_t kMappedStripe = 2u << 20;
constexpr std::uint64_t kMaxSlice = 2u << 20;  // per candidate and file: a few % of a 640 MB pair
// A common part under this goes to mmap-mt at once, nothing sampled or probed: it was the faster in
// every page-cache state measured, and the probe's slices and thread starts cost more than they
// find on less (docs/findings.md#compare-adaptive-mmap-mt-under-256-mib).
constexpr std::uint64_t kLooksFrom = 256u << 20;

std::atomic<AvailableMemorySeam> available_memory_seam{nullptr};

std::uint64_t available_memory() {
    if (const AvailableMemorySeam seam = available_memory_seam.load()) return seam();
    return available_memory_bytes();
}

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// The size stat() sees, to choose by; 0 when it sees none. Whatever the path is, the strategy
// chosen opens it as an input and says what is wrong with it (stat is one call, opening to look
// three: docs/findings.md#compare-adaptive-the-size-by-stat).
std::uint64_t size_seen(const std::string& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 ? std::uint64_t(st.st_size) : 0;
}

// Slices of whole stripes of a large, cache-sized block over the common part [0, common).
ProbePlan plan_for(const RunSpec& spec, std::uint64_t common) {
    return ProbePlan{common,         std::max(spec.block_size, kProbeBlock) * spec.threads, kMaxSlice, 2, "adaptive",
                     "of both files"};
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    require_two_inputs(spec);
    const std::uint64_t size_a = size_seen(spec.inputs[0]), size_b = size_seen(spec.inputs[1]);
    const std::uint64_t common_bytes = std::min(size_a, size_b);
    if (common_bytes < kReadBelow) {
        RunSpec chosen = spec;
        chosen.strategy = std::string(read_strategy.name);
        chosen.block_size = std::min(spec.block_size, kSmallReadBlock);
        ctx.note("adaptive chose read: the common part (" + format_size(common_bytes) + ") is under " +
                 format_size(kReadBelow) + ", where reading costs less than mapping; block " +
                 format_size(chosen.block_size));
        return read_strategy.run(chosen, ctx);
    }
    // "Comfortably": both files take at most half of what the kernel says is available, leaving
    // room for the page cache of everything else. Asked only where the common part is large
    // enough to probe: a smaller one is scanned mapped whatever the memory, as reading
    // /proc/meminfo took longer than that scan.
    if (probe_fits(plan_for(spec, common_bytes), 2)) {
        const std::uint64_t need = size_a + size_b, avail = available_memory();
        if (avail == 0 || need > avail / 2) {
            RunSpec chosen = spec;
            chosen.strategy = std::string(read_strategy.name);
            chosen.block_size = std::max(spec.block_size, kLargeBlock);
            ctx.note("adaptive chose read: the inputs (" + mib(need) + ") exceed half of the available memory (" +
                     mib(avail) + "); block " + format_size(chosen.block_size));
            return read_strategy.run(chosen, ctx);
        }
    }
    return scan_common_part(spec, ctx, [&](InputPair& pair, Range common, MismatchTable& table) {
        const std::uint64_t block = std::max(spec.block_size, kProbeBlock);
        ProbePlan plan = plan_for(spec, common.end);
        const Mapping a(pair.a, std::size_t(pair.common));
        const Mapping b(pair.b, std::size_t(pair.common));
        if (!probe_fits(plan, 2)) {  // a few MiB: starting threads and sampling folios cost more than the scan
            ctx.note("adaptive: the common part (" + format_size(common.end) +
                     ") is too little to time a probe on "
                     "-> mmap (one thread: nothing to start, no folios to sample)");
            scan_mapped(pair, a, b, 0, common.end, table);
            ctx.add_progress(2 * common.end);
            return;
        }
        const std::uint64_t stripe = std::max(spec.block_size, kMappedStripe);
        const auto mapped = [&](Deal deal) { return Range{0, common.end, stripe, common.threads, deal}; };
        if (const std::uint64_t from = looks_from(kLooksFrom); common.end < from) {
            // Dealt, the calling thread waiting: a new thread then runs on its CPU at once, where
            // one started beside a working caller waits for the other CPU to wake, longer than a
            // few MiB take to scan (docs/findings.md#compare-adaptive-mmap-mt-under-256-mib).
            ctx.note("adaptive: the common part (" + format_size(common.end) + ") is under " + format_size(from) +
                     " -> mmap-mt, stripes of " + format_size(stripe) + " dealt (nothing sampled or probed)");
            scan_mapped_range(pair, a, b, mapped(Deal::round_robin), table, ctx);
            return;
        }
        const double share = sampled_folio_share({pair.a.path(), pair.b.path()});
        // Stripes to whichever thread is free: the second thread starts a good part of a
        // millisecond after the first (waking a CPU), and one slowed down by other load leaves
        // the rest of its share to nobody under round-robin (docs/bench-compare.md).
        const auto range = [&](std::uint64_t begin, std::uint64_t end) {
            return Range{begin, end, block, common.threads, Deal::to_whoever_is_free};
        };
        if (share >= kMostlyLargeFolios) {
            ctx.note("adaptive: " + share_words(share) + ", where mmap-mt wins by far -> mmap-mt, stripes of " +
                     format_size(stripe) + " to whichever thread is free");
            scan_mapped_range(pair, a, b, mapped(Deal::to_whoever_is_free), table, ctx);
            return;
        }
        ProbeCandidate candidates[] = {
            {"mmap-mt", [&](std::uint64_t begin,
                            std::uint64_t end) { scan_mapped_range(pair, a, b, range(begin, end), table, ctx); }},
            {"pread-mt",
             [&](std::uint64_t begin, std::uint64_t end) { scan_pread_range(pair, range(begin, end), table, ctx); }},
        };
        const std::string seen = share_words(share);
        plan.seen = seen;
        ctx.note(probe_then_finish(candidates, plan, ctx));
    });
}

}  // namespace

void set_available_memory_seam(AvailableMemorySeam seam) noexcept { available_memory_seam.store(seam); }

const Strategy adaptive_strategy{
    .algorithm = "compare",
    .name = "adaptive",
    .description =
        "measures mmap-mt and pread-mt on slices at the start, the cheaper compares the rest (from 256 MiB; "
        "less, or the inputs cached in large folios: mmap-mt at once); read with 1 MiB blocks when the files "
        "don't fit in memory",
    .reads = kReadsBlockAndThreads,
    .run = run,
};

}  // namespace sfp::compare
