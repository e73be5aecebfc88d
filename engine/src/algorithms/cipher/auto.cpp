// cipher/auto — the command line's default, chosen by measurement (algorithms/probe_choice.hpp):
// mmap-in (mapped input, pwrite) and threads (pread, pwrite) each transform slices of their own
// at the start of the input, measured inside the run, and the cheaper does the rest. Mapping the
// input wins where its cached pages sit in large folios and loses where they are small (as a
// write leaves them); pread is steady in both. With --direct nothing may be mapped: threads.
// An input of one block or less is all one worker's: stream moves it on the calling thread, as
// starting threads for it took longer than the whole job (4 KiB: 0.85 ms against 0.55 with stream).
#include "algorithms/cipher/ranges.hpp"
#include "algorithms/cipher/strategies.hpp"
#include "algorithms/probe_choice.hpp"
#include "sfp/datagen.hpp"

namespace sfp::cipher {
namespace {

constexpr std::uint64_t kMaxSlice = 4u << 20;  // per candidate: under 1.5 % of a 640 MB input

Outcome run(const RunSpec& spec, RunContext& ctx) {
    if (parse_options(spec).direct) {
        ctx.note("auto chose threads: --direct rules out mapping the input");
        return threads_strategy.run(spec, ctx);
    }
    CipherJob job(spec, ctx, Access::mapped);
    if (job.input_size() <= spec.block_size) {
        ctx.note("auto chose stream: the input (" + format_size(job.input_size()) + ") is one block (" +
                 format_size(spec.block_size) + ") or less, all one thread's work (nothing to start or map)");
        stream_blocks(job, spec, ctx);
        return job.complete(ctx);
    }
    const Mapping in = input_mapping(job);
    const auto mmap_in = [&](std::uint64_t begin, std::uint64_t end) { mmap_in_range(job, in, spec, ctx, begin, end); };
    const auto threads = [&](std::uint64_t begin, std::uint64_t end) { threads_range(job, spec, ctx, begin, end); };
    ProbeCandidate candidates[] = {{"mmap-in", mmap_in}, {"threads", threads}};
    const ProbePlan plan{job.input_size(), spec.block_size * spec.threads, kMaxSlice, 1, "auto", "of the input"};
    ctx.note(probe_then_finish(candidates, plan, ctx));
    return job.complete(ctx);
}

}  // namespace

const Strategy auto_strategy{
    .algorithm = "cipher",
    .name = "auto",
    .description = "measures mmap-in and threads on slices at the start, the cheaper does the rest",
    .reads = kReadsBlockAndThreads,
    .probe = always_supported,
    .run = run,
    .finish = hash_output,
    // with direct, auto runs threads (below): buffers' rules
    .check = check_options_for<Access::buffers>,
};

}  // namespace sfp::cipher
