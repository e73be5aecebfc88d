// wordcount/auto — the command line's default: inputs cached mostly in large folios go to mmap-mt
// at once (algorithms/folio_choice.hpp); otherwise, by measurement (algorithms/probe_choice.hpp),
// mmap-mt (T threads over the mapped file) and striped (T threads, pread) each count slices of
// their own at the start of the inputs, taken end to end, timed in wall time because mapping
// against copying depends on the page cache's folios and what threads buy on how many CPUs are
// free; the faster counts the rest. Every slice's tally is joined to the one before it in file
// order, so nothing is counted twice or split wrong. Inputs too small to pay for the probe go to
// mmap-mt unprobed, or under 2 MiB to simd on the calling thread (the thresholds below).
// One thread (mmap) is no longer a candidate: idle, mmap-mt takes half its time, busy the two are
// alike, and its slices cost auto more than it ever saved
// (docs/findings.md#wordcount-auto-one-thread-is-no-candidate).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "sfp/datagen.hpp"

namespace sfp::wordcount {
namespace {

constexpr std::uint64_t kMaxSlice = 8u << 20;  // per candidate: about 1 % of a 640 MB input
// Less than this, simd counts it all on the calling thread: starting threads costs more than they
// save (docs/findings.md#wordcount-auto-threads-from-2-mib).
constexpr std::uint64_t kThreadsFrom = 2u << 20;
// Less than this, mmap-mt (the first candidate) counts it all unprobed: the probe's thread starts
// and its striped slices cost about the same whatever the size, more than choosing wrong loses on
// inputs this small (docs/findings.md#wordcount-auto-the-probe-from-256-mib).
constexpr std::uint64_t kProbePaysFrom = 256u << 20;

std::vector<std::string> paths_of(const Inputs& in) {
    std::vector<std::string> paths;
    for (const Input& f : in.files) paths.push_back(f.path);
    return paths;
}

ProbePlan plan_for(const RunSpec& spec, std::uint64_t total) {
    return ProbePlan{total, spec.block_size * spec.threads, kMaxSlice, 1, "auto", "of the inputs", {}, kProbePaysFrom};
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return count_inputs(spec, ctx, [&](Inputs& in) -> std::optional<WordCountOutcome> {
        const std::size_t n = in.files.size();
        std::vector<Tally> tallies(n, Tally::at_file_start(in.histogram));
        std::vector<std::uint64_t> starts,
            counted(n, 0);  // where each file begins in the inputs end to end; its bytes done
        std::uint64_t total = 0;
        for (const Input& f : in.files) {
            starts.push_back(total);
            total += f.size;
        }
        // One file open at a time, from its first slice to its last (slices come in order), then
        // checked and closed: any number of inputs under the descriptor limit.
        std::size_t open_index = n;
        std::optional<File> file;
        std::optional<Mapping> mapping;  // made when a mapped candidate first needs one
        const auto close_file = [&] {
            mapping.reset();
            file.reset();
            open_index = n;
        };
        // Counts [begin, end) of the inputs end to end with T stripes, file by file, mapped or read.
        const auto count = [&](bool mapped, std::uint64_t begin, std::uint64_t end) {
            for (std::size_t i = 0; i < n && !ctx.should_stop(); ++i) {
                const std::uint64_t size = in.files[i].size;
                const std::uint64_t from = std::max(begin, starts[i]), to = std::min(end, starts[i] + size);
                if (from >= to) continue;
                if (open_index != i) {
                    close_file();
                    file.emplace(open_input(in, i));
                    open_index = i;
                }
                if (mapped && !mapping) mapping.emplace(*file, std::size_t(size));
                tallies[i].append(tally_stripes(*file, in, from - starts[i], to - starts[i], spec.threads,
                                                std::size_t(spec.block_size), ctx, mapped ? &*mapping : nullptr));
                if ((counted[i] += to - from) == size) {
                    check_counted(*file, counted[i]);
                    close_file();
                }
            }
        };
        ProbeCandidate candidates[] = {
            {"mmap-mt", [&](std::uint64_t b, std::uint64_t e) { count(true, b, e); }},
            {"striped", [&](std::uint64_t b, std::uint64_t e) { count(false, b, e); }},
        };
        if (total < kThreadsFrom) {  // the files as opened, no second look
            ctx.note("auto chose simd: the inputs (" + format_size(total) +
                     ") are too little to start threads for "
                     "(under " +
                     format_size(kThreadsFrom) + ": one thread reading, nothing to start or map)");
            return count_files(in, std::size_t(spec.block_size), Kernel::simd, ctx);
        }
        ProbePlan plan = plan_for(spec, total);
        // Sampled only where the probe would run: a smaller job goes to mmap-mt whatever its folios.
        const std::optional<double> share =
            probe_fits(plan, 2) ? std::optional(sampled_folio_share(paths_of(in))) : std::nullopt;
        const std::string seen = share ? share_words(*share) : "";
        if (share && *share >= kMostlyLargeFolios) {
            ctx.note("auto: " + seen + ", where mmap-mt wins by far -> mmap-mt");
            count(true, 0, total);
        } else {
            plan.seen = seen;
            ctx.note(probe_then_finish(candidates, plan, ctx, {ProbeClock::wall, {}}));
        }
        if (ctx.should_stop()) return std::nullopt;
        for (std::size_t i = 0; i < n; ++i)  // an empty file has no slice: still the file the run began with
            if (in.files[i].size == 0) check_counted(open_input(in, i), 0);
        WordCountOutcome out;
        for (const Tally& t : tallies) out.files.push_back(t.finish());
        return out;
    });
}

}  // namespace

const Strategy auto_strategy{
    .algorithm = "wordcount",
    .name = "auto",
    .description =
        "times mmap-mt and striped (T threads, mapped or read) on slices at the start, in wall time; "
        "the faster counts the rest (from 256 MiB; less: mmap-mt, or simd under 2 MiB)",
    .reads = kReadsBlockAndThreads,
    .maps_input = true,
    .run = run,
};

}  // namespace sfp::wordcount
