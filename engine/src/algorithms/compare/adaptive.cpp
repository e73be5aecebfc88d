// compare/adaptive — the strategy compMP's article proposes but never built, here choosing by
// measurement (algorithms/probe_choice.hpp): mmap-mt and pread-mt with a large block each
// compare slices of their own at the start, measured inside the run; the cheaper compares the
// rest. Inputs too large for memory go to read() with a large block.
#include <algorithm>

#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/range_scans.hpp"
#include "algorithms/compare/strategies.hpp"
#include "algorithms/probe_choice.hpp"
#include "io/file.hpp"
#include "measure/machine.hpp"
#include "sfp/datagen.hpp"

namespace sfp::compare {
namespace {

constexpr std::uint64_t kLargeBlock = 1u << 20;    // read() when the inputs don't fit
constexpr std::uint64_t kProbeBlock = 256u << 10;  // both candidates' stripes: large, cache-sized
constexpr std::uint64_t kMaxSlice = 2u << 20;      // per candidate and file: a few % of a 640 MB pair

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

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
    return scan_common_part(spec, ctx, [&](InputPair& pair, Range common, MismatchTable& table) {
        const Mapping a(pair.a, std::size_t(pair.common));
        const Mapping b(pair.b, std::size_t(pair.common));
        const std::uint64_t block = std::max(spec.block_size, kProbeBlock);
        const auto range = [&](std::uint64_t begin, std::uint64_t end) { return Range{begin, end, block, common.threads}; };
        ProbeCandidate candidates[] = {
            {"mmap-mt", [&](std::uint64_t begin, std::uint64_t end) { scan_mapped_range(pair, a, b, range(begin, end), table, ctx); }},
            {"pread-mt", [&](std::uint64_t begin, std::uint64_t end) { scan_pread_range(pair, range(begin, end), table, ctx); }},
        };
        const ProbePlan plan{common.end, block * common.threads, kMaxSlice, 2, "adaptive", "of both files"};
        ctx.note(probe_then_finish(candidates, plan, ctx));
    });
}

}  // namespace

const Strategy adaptive_strategy{
    .algorithm = "compare",
    .name = "adaptive",
    .description = "measures mmap-mt and pread-mt on slices at the start, the cheaper compares the rest; "
                   "read with 1 MiB blocks when the files don't fit in memory",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::compare
