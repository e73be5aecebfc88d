// search/auto — the command line's default. Mapping or copying is ripgrep's famous choice, and the
// page cache's folios decide it: inputs cached mostly in large folios go to mmap-mt at once
// (algorithms/folio_choice.hpp); otherwise (algorithms/probe_choice.hpp) mmap-mt and pread-mt each
// search slices of their own at the start of the inputs, end to end, and the one that took less
// CPU time searches the rest (the same slices never searched twice: every stripe is joined in file
// order, segments.hpp). Inputs too small to pay for the probe go to mmap-mt unprobed, or under
// 2 MiB to simd on the calling thread. A regex goes to the regex strategy.
#include <optional>
#include <string>
#include <vector>

#include "algorithms/folio_choice.hpp"
#include "algorithms/probe_choice.hpp"
#include "algorithms/search/strategies.hpp"
#include "algorithms/search/stripe_bytes.hpp"
#include "algorithms/units.hpp"
#include "sfp/datagen.hpp"
#include "spec_options.hpp"

namespace sfp::search {
namespace {

constexpr std::uint64_t kMaxSlice = 8u << 20;         // per candidate: about 1 % of a 640 MB input
constexpr std::uint64_t kThreadsFrom = 2u << 20;      // less: no thread is worth starting
constexpr std::uint64_t kProbePaysFrom = 256u << 20;  // less: mmap-mt unprobed, as wordcount's auto

std::vector<std::string> paths_of(const Job& job) {
    std::vector<std::string> paths;
    for (const Input& in : job.inputs) paths.push_back(in.path);
    return paths;
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    if (option_flag(spec, parameters(), "regex")) return search_regex(spec, ctx);  // the one that can
    const Job job = open_job(spec, ctx);
    if (job.total() < kThreadsFrom) {
        ctx.note("auto chose simd: the inputs (" + format_size(job.total()) +
                 ") are too little to start threads for (under " + format_size(kThreadsFrom) + ")");
        return search_in_turn(job, ctx, Kernel::simd, search_read);
    }
    const Finder finder(job.pattern, Kernel::simd);
    std::optional<MappedStripes> mapped;  // made when the mapped candidate first needs it
    ReadStripes read(job, finder);
    std::vector<std::vector<std::uint8_t>> buffers(job.threads);
    StripedSearch striped(job, Deal::to_whoever_is_free);
    bool last_mapped = true;  // the candidate that searched last: the one chosen
    ProbeCandidate candidates[] = {
        {"mmap-mt",
         [&](std::uint64_t b, std::uint64_t e) {
             if (!mapped) mapped.emplace(job, finder);
             last_mapped = true;
             striped.scan(ctx, b, e, [&](unsigned, const Segment& seg) { return mapped->walk(seg, seg.begin); });
         }},
        {"pread-mt",
         [&](std::uint64_t b, std::uint64_t e) {
             last_mapped = false;
             striped.scan(ctx, b, e,
                          [&](unsigned w, const Segment& seg) { return read.walk(buffers[w], seg, seg.begin); });
         }},
    };
    ProbePlan plan{job.total(), job.block * job.threads, kMaxSlice, 1, "auto", "of the inputs", {}, kProbePaysFrom};
    // Sampled only where the probe would run: a smaller job goes to mmap-mt whatever its folios.
    const std::optional<double> share =
        probe_fits(plan, 2) ? std::optional(sampled_folio_share(paths_of(job))) : std::nullopt;
    if (share && *share >= kMostlyLargeFolios) {
        ctx.note("auto: " + share_words(*share) + ", where mmap-mt wins by far -> mmap-mt");
        candidates[0].work(0, job.total());
    } else {
        const std::string seen = share ? share_words(*share) : "";
        plan.seen = seen;
        ctx.note(probe_then_finish(candidates, plan, ctx));
    }
    if (ctx.should_stop()) return {};
    std::vector<std::uint8_t> again;
    return striped.join([&](const Segment& seg, std::uint64_t from) {
        return last_mapped ? mapped->walk(seg, from) : read.walk(again, seg, from);
    });
}

}  // namespace

const Strategy auto_strategy{
    .algorithm = "search",
    .name = "auto",
    .description =
        "mmap-mt at once where the inputs are cached mostly in large folios; else times mmap-mt and "
        "pread-mt on slices at the start in CPU time, the cheaper searches the rest (from 256 MiB; less: "
        "mmap-mt, or simd under 2 MiB)",
    .reads = kReadsBlockThreadsAndMatches,
    .maps_input = true,
    .run = run,
};

}  // namespace sfp::search
