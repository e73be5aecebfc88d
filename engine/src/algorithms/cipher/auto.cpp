// cipher/auto — the command line's default: an input cached mostly in large folios goes to pool at
// once (algorithms/folio_choice.hpp): the writes take turns under the file's lock, so the time is
// the writer's, and mmap-in's saving of the read() copy is CPU time, not time (pool was the faster
// in every hot run of bench/cipher.sh) -- while the probe, timing CPU, picked mmap-in there.
// Otherwise, by measurement (algorithms/probe_choice.hpp),
// pool (pread, pwrite) and mmap-in (mapped input, pwrite), both with their blocks taken by
// whichever thread is free, each transform slices of their own at the start of the input,
// measured inside the run, and the cheaper does the rest. Mapping the input wins where its cached
// pages sit in large folios and loses where they are small (as a write leaves them); pread is
// steady in both. The writes into one file take turns (the kernel's inode lock), so a thread that
// finds the next block free keeps them going where dealt stripes would leave one waiting for
// the other's (docs/bench-cipher.md). With --direct nothing may be mapped: pool.
// An input too small to pay for the probe goes to pool unprobed, and one under 2 MiB or of one
// block or less (all one worker's) to stream on the calling thread (the thresholds below).
#include <optional>
#include <string>

#include "algorithms/cipher/ranges.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "sfp/datagen.hpp"

namespace sfp::cipher {
namespace {

constexpr std::uint64_t kMaxSlice = 4u << 20;  // per candidate: under 1.5 % of a 640 MB input
// Less than this, pool (the first candidate) does it all unprobed: the probe's four thread
// starts and slices of 512K cost more than a wrong choice loses on less
// (docs/findings.md#cipher-auto-the-probe-from-256-mib). pool, as pread is steady whatever the input's folios.
constexpr std::uint64_t kProbePaysFrom = 256u << 20;
// Less than this (or one block), stream does it all on the calling thread: starting threads costs
// more than they save (docs/findings.md#cipher-auto-threads-from-2-mib).
constexpr std::uint64_t kThreadsFrom = 2u << 20;

Outcome run(const RunSpec& spec, RunContext& ctx) {
    if (parse_options(spec).direct) {
        ctx.note("auto chose pool: --direct rules out mapping the input");
        return pool_strategy.run(spec, ctx);
    }
    CipherJob job(spec, ctx, Access::mapped);
    if (job.input_size() <= spec.block_size || job.input_size() < kThreadsFrom) {
        const std::string why = job.input_size() <= spec.block_size
                                    ? "one block (" + format_size(spec.block_size) + ") or less, all one thread's work"
                                    : "under " + format_size(kThreadsFrom) + ", too little to start threads for";
        ctx.note("auto chose stream: the input (" + format_size(job.input_size()) + ") is " + why +
                 " (nothing to start or map)");
        stream_blocks(job, spec, ctx);
        return job.complete(ctx);
    }
    std::optional<Mapping> in;  // made when mmap-in first needs it
    const auto pool = [&](std::uint64_t begin, std::uint64_t end) {
        threads_range(job, spec, ctx, begin, end, Deal::to_whoever_is_free);
    };
    const auto mmap_in = [&](std::uint64_t begin, std::uint64_t end) {
        if (!in) in.emplace(input_mapping(job));
        mmap_in_range(job, *in, spec, ctx, begin, end, Deal::to_whoever_is_free);
    };
    ProbeCandidate candidates[] = {{"pool", pool}, {"mmap-in", mmap_in}};
    ProbePlan plan{job.input_size(), spec.block_size * spec.threads, kMaxSlice, 1, "auto", "of the input", {},
                   kProbePaysFrom};
    // Sampled only where the probe would run: a smaller input goes to pool whatever its folios.
    const std::optional<double> share =
        probe_fits(plan, 2) ? std::optional(sampled_folio_share({spec.inputs.at(0)})) : std::nullopt;
    const std::string seen = share ? share_words(*share) : "";
    if (share && *share >= kMostlyLargeFolios) {
        ctx.note("auto: " + seen + ", where mapping the input saves CPU time but no time -> pool");
        pool(0, job.input_size());
    } else {
        plan.seen = seen;
        ctx.note(probe_then_finish(candidates, plan, ctx));
    }
    return job.complete(ctx);
}

}  // namespace

const Strategy auto_strategy{
    .algorithm = "cipher",
    .name = "auto",
    .description =
        "pool at once where the input is cached mostly in large folios; else measures pool and mmap-in "
        "(blocks to whichever thread is free) on slices at the start, the cheaper does the rest (from 256 "
        "MiB; less: pool, or stream for one block)",
    .reads = kReadsBlockAndThreads,
    .maps_input = true,
    .run = run,
    // with direct, auto runs threads (below): buffers' rules
    .check = check_options_for<Access::buffers>,
};

}  // namespace sfp::cipher
