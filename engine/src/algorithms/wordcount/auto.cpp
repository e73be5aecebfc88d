// wordcount/auto — the command line's default, chosen by measurement (algorithms/probe_choice.hpp):
// mmap-mt (T threads over the mapped file) and striped (T threads, pread) each count slices of
// their own at the start of the inputs, taken end to end, timed in wall time because mapping
// against copying depends on the page cache's folios and what threads buy on how many CPUs are
// free; the faster counts the rest. Every slice's tally is joined to the one before it in file
// order, so nothing is counted twice or split wrong.
// One thread (mmap) is no longer a candidate: idle, mmap-mt takes half its time, and with one or
// both CPUs kept busy by other processes the two were within 3 % (median of 7 runs on a 640 MB
// text), while its two slices and thread start cost auto 5 % of an idle run (1.065x mmap-mt's
// time over 15 interleaved runs, 1.016x without them).
#include <algorithm>
#include <optional>

#include "algorithms/probe_choice.hpp"
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "sfp/datagen.hpp"

namespace sfp::wordcount {
namespace {

constexpr std::uint64_t kMaxSlice = 8u << 20;  // per candidate: about 1 % of a 640 MB input
// Less than this, simd counts it all on the calling thread: the probe's six thread starts (about
// 1 ms in all on the Xeon VM) cost more than mmap-mt saves (simd 0.66 ms for 4 MiB, mmap-mt
// 0.51, auto with its probe 1.03; simd 6 us for 4 KiB, mmap-mt 84).
constexpr std::uint64_t kProbeFrom = 16u << 20;

ProbePlan plan_for(const RunSpec& spec, std::uint64_t total) {
    return ProbePlan{total, spec.block_size * spec.threads, kMaxSlice, 1, "auto", "of the inputs"};
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return count_inputs(spec, ctx, [&](Inputs& in) -> std::optional<WordCountOutcome> {
        std::vector<Tally> tallies(in.files.size(), Tally::at_file_start(in.histogram));
        std::vector<std::optional<Mapping>> mappings(in.files.size());  // made when a mapped candidate first needs one
        std::vector<std::uint64_t> starts;  // where each file begins in the inputs end to end
        std::uint64_t total = 0;
        for (const File& f : in.files) {
            starts.push_back(total);
            total += f.size();
        }
        // Counts [begin, end) of the inputs end to end with T stripes, file by file, mapped or read.
        const auto count = [&](bool mapped, std::uint64_t begin, std::uint64_t end) {
            for (std::size_t i = 0; i < in.files.size() && !ctx.should_stop(); ++i) {
                const std::uint64_t from = std::max(begin, starts[i]), to = std::min(end, starts[i] + in.files[i].size());
                if (from >= to) continue;
                if (mapped && !mappings[i]) mappings[i].emplace(in.files[i], std::size_t(in.files[i].size()));
                tallies[i].append(tally_stripes(in.files[i], in, from - starts[i], to - starts[i], spec.threads,
                                                std::size_t(spec.block_size), ctx, mapped ? &*mappings[i] : nullptr));
            }
        };
        ProbeCandidate candidates[] = {
            {"mmap-mt", [&](std::uint64_t b, std::uint64_t e) { count(true, b, e); }},
            {"striped", [&](std::uint64_t b, std::uint64_t e) { count(false, b, e); }},
        };
        if (total < kProbeFrom || !probe_fits(plan_for(spec, total), std::size(candidates))) {  // the files as opened, no second look
            ctx.note("auto chose simd: the inputs (" + format_size(total) + ") are too little to time a probe on (one "
                     "thread reading: nothing to start or map)");
            return count_files(in, std::size_t(spec.block_size), Kernel::simd, ctx);
        }
        ctx.note(probe_then_finish(candidates, plan_for(spec, total), ctx, {ProbeClock::wall, {}}));
        if (ctx.should_stop()) return std::nullopt;
        WordCountOutcome out;
        for (const Tally& t : tallies) out.files.push_back(t.finish());
        return out;
    });
}

}  // namespace

const Strategy auto_strategy{
    .algorithm = "wordcount",
    .name = "auto",
    .description = "times mmap-mt and striped (T threads, mapped or read) on slices at the start, in wall time; "
                   "the faster counts the rest",
    .reads = kReadsBlockAndThreads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::wordcount
