// iterate/auto — the command line's default, chosen by measurement (algorithms/probe_choice.hpp):
// parallel (T threads, T reads in flight), uring and direct (a ring per CPU, 128 reads in flight
// through io_uring, buffered or O_DIRECT, where the kernel has it) and prefetch (one reader
// announcing the next files with posix_fadvise WILLNEED) each hash slices of files of their own at
// the start of the inode order, timed in wall time because waiting for the disk is what they
// differ in; the fastest hashes the rest. Deep queues win on SSDs and virtual disks; one reader
// in disk order can win where seeks are dear (a spinning disk). Inode order because it is free:
// cluster's FIEMAP opens every file once more, which the deep queues that win here do not repay
// (docs/findings.md#iterate-auto-slices-and-rings), and ext4 places a file's blocks near its inode anyway.
#include "algorithms/iterate/job.hpp"
#include "algorithms/iterate/order.hpp"
#include "algorithms/iterate/strategies.hpp"
#include "algorithms/probe_choice.hpp"

namespace sfp::iterate {
namespace {

// A slice gives each of parallel's threads at least this many files: with fewer, its threads'
// start and the last straggler decide the time, not the reads in flight
// (docs/findings.md#iterate-auto-slices-and-rings).
constexpr std::uint64_t kFilesPerThread = 8;
constexpr std::uint64_t kMaxSliceFiles = 512;  // per candidate: 256 files a slice, 5 % of 20,000 in all

Outcome run(const RunSpec& spec, RunContext& ctx) {
    Job job = start(spec, ctx);
    const std::vector<std::size_t> order = order_of(Order::inode, job.listing, job.seed, ctx);
    std::vector<HashResult> results(order.size());
    std::vector<ProbeCandidate> candidates = {
        {"parallel",
         [&](std::uint64_t b, std::uint64_t e) { hash_parallel(job, order, b, e, spec.threads, results, ctx); }},
        {"prefetch", [&](std::uint64_t b, std::uint64_t e) { hash_prefetched(job, order, b, e, results, ctx); }},
    };
    // One reader for both: its rings are made before the first slice is timed (once: zeroing and
    // pinning their 32 MiB is no part of a slice; docs/findings.md#iterate-auto-slices-and-rings)
    // and kept for the next ones.
    UringReader reader;
    const auto reading = [&](const char* name, bool direct) {
        return ProbeCandidate{
            name,
            [&, direct](std::uint64_t b, std::uint64_t e) { reader.hash(job, order, b, e, direct, results, ctx); }, 0,
            [&](std::uint64_t slice) { reader.prepare(slice, ctx); }};
    };
    if (uring_supported().supported)
        candidates.insert(candidates.begin() + 1, {reading("uring", false), reading("direct", true)});
    const ProbePlan plan{order.size(),  kFilesPerThread * std::max(spec.threads, 1u), kMaxSliceFiles, 1, "auto",
                         "of the order"};
    ctx.note(probe_then_finish(candidates, plan, ctx, {ProbeClock::wall, "files"}));
    return outcome_of(job, order, results);
}

}  // namespace

const Strategy auto_strategy{
    .algorithm = "iterate",
    .name = "auto",
    .description =
        "times parallel (T threads), uring and direct (128 reads in flight) and prefetch (one reader, reads "
        "announced) on slices of files at the start of the inode order, in wall time; the fastest hashes the rest",
    .reads = kReadsThreads,
    .run = run,
    .finish = finish,
};

}  // namespace sfp::iterate
