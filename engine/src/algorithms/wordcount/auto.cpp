// wordcount/auto — the command line's default, chosen by measurement (algorithms/probe_choice.hpp):
// striped (T threads, a stripe each) and simd (the same vector kernel on one thread) each count
// slices of their own at the start of the inputs, taken end to end, timed in wall time because
// what T threads buy depends on how many CPUs are free; the faster counts the rest. Every slice's
// tally is joined to the one before it in file order, so nothing is counted twice or split wrong.
#include <algorithm>

#include "algorithms/probe_choice.hpp"
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"

namespace sfp::wordcount {
namespace {

constexpr std::uint64_t kMaxSlice = 8u << 20;  // per candidate: about 1 % of a 640 MB input

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return count_inputs(spec, ctx, [&](Inputs& in) -> std::optional<WordCountOutcome> {
        std::vector<Tally> tallies(in.files.size(), Tally::at_file_start());
        std::vector<std::uint64_t> starts;  // where each file begins in the inputs end to end
        std::uint64_t total = 0;
        for (const File& f : in.files) {
            starts.push_back(total);
            total += f.size();
        }
        // Counts [begin, end) of the inputs end to end with `threads` stripes, file by file.
        const auto count = [&](unsigned threads, std::uint64_t begin, std::uint64_t end) {
            for (std::size_t i = 0; i < in.files.size() && !ctx.should_stop(); ++i) {
                const std::uint64_t from = std::max(begin, starts[i]), to = std::min(end, starts[i] + in.files[i].size());
                if (from >= to) continue;
                tallies[i].append(tally_stripes(in.files[i], from - starts[i], to - starts[i], threads,
                                                std::size_t(spec.block_size), in.separators, ctx));
            }
        };
        ProbeCandidate candidates[] = {
            {"striped", [&](std::uint64_t b, std::uint64_t e) { count(spec.threads, b, e); }},
            {"simd", [&](std::uint64_t b, std::uint64_t e) { count(1, b, e); }},
        };
        const ProbePlan plan{total, spec.block_size * spec.threads, kMaxSlice, 1, "auto", "of the inputs"};
        ctx.note(probe_then_finish(candidates, plan, ctx, {ProbeClock::wall, {}}));
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
    .description = "times striped (T threads) and simd (one thread) on slices at the start, in wall time; the "
                   "faster counts the rest",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::wordcount
