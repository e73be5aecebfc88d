// cipher/auto — the command line's default. Where the input's cached pages sit mostly in folios
// of 1 MiB or more, mmap-in: its faults map whole folios, and it saves the read() copy. Otherwise
// (smaller folios, or a share that cannot be known) pool: mapping smaller folios costs more in
// faults and their unmapping than the copy pread makes, and pread is steady in every state. An
// input written by head -c or cp sits in large folios of 8 to 128 KiB, where mmap-in lost up to a
// tenth (docs/findings.md#cipher-auto-by-folios-of-1-mib). Both hand their blocks to
// whichever thread is free: the writes into one file take turns under its lock, so a thread that
// finds the next block free keeps them going.
// This replaced a probe that timed both on slices at the start of the input and took the one
// cheaper in CPU: it picked mmap-in in small folios, which lost there in time and in CPU over the
// whole run (docs/findings.md#cipher-auto-by-the-inputs-folios).
// Under 256 MiB, threads at once: mapping and unmapping cost more than the copy they save there.
// With --direct nothing may be mapped: pool. An input under 2 MiB or of one block or less (all
// one worker's) goes to stream on the calling thread.
#include <string>

#include "algorithms/cipher/ranges.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "sfp/datagen.hpp"

namespace sfp::cipher {
namespace {

// Less than this (or one block), stream does it all on the calling thread: starting threads costs
// more than they save (docs/findings.md#cipher-auto-threads-from-2-mib).
constexpr std::uint64_t kThreadsFrom = 2u << 20;
// Less than this, threads does it all, its folios unsampled: mmap-in, chosen by large folios, lost
// to threads from 4 to 64 MiB (docs/findings.md#cipher-auto-by-the-inputs-folios).
constexpr std::uint64_t kMapPaysFrom = 256u << 20;
// Folios of this size or more make mmap-in pay; in smaller ones it gained a few per cent at best
// and lost a tenth at worst to pool (docs/findings.md#cipher-auto-by-folios-of-1-mib).
constexpr std::uint64_t kMapsWholeFolio = 1u << 20;

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
    if (const std::uint64_t from = looks_from(kMapPaysFrom); job.input_size() < from) {
        // Dealt, the calling thread waiting: a new thread then runs on its CPU at once, where one
        // started beside a working caller waits for the other CPU to wake (compare's adaptive too).
        ctx.note("auto chose threads: the input (" + format_size(job.input_size()) + ") is under " + format_size(from) +
                 ", where mapping it costs more than read()'s copy");
        threads_work(job, spec, ctx, Deal::round_robin);
        return job.complete(ctx);
    }
    const double share = sampled_share_in_folios_of({spec.inputs.at(0)}, kMapsWholeFolio);
    if (share >= kMostlyLargeFolios) {
        ctx.note("auto: " + share_words(share, kMapsWholeFolio) + ", where a fault maps a whole folio -> mmap-in");
        mmap_in_work(job, input_mapping(job), spec, ctx, Deal::to_whoever_is_free);
    } else {
        ctx.note("auto: " + share_words(share, kMapsWholeFolio) +
                 ", where mapping costs more than read()'s copy -> pool");
        threads_work(job, spec, ctx, Deal::to_whoever_is_free);
    }
    return job.complete(ctx);
}

}  // namespace

const Strategy auto_strategy{
    .algorithm = "cipher",
    .name = "auto",
    .description =
        "from 256 MiB mmap-in where the input is cached mostly in folios of 1M or more, else pool (blocks to whichever "
        "thread is free); less: threads, or stream for an input under 2 MiB or of one block",
    .reads = kReadsBlockAndThreads,
    .maps_input = true,
    .run = run,
    // with direct, auto runs pool (above): buffers' rules
    .check = check_options_for<Access::buffers>,
};

}  // namespace sfp::cipher
