// compare/adaptive — the strategy compMP's article proposes but never built: mmap-mt when both
// files fit comfortably in available memory, otherwise read() with a large block.
#include <algorithm>

#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/strategies.hpp"
#include "io/file.hpp"
#include "measure/machine.hpp"
#include "sfp/datagen.hpp"

namespace sfp::compare {
namespace {

constexpr std::uint64_t kLargeBlock = 1u << 20;

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

Outcome run(const RunSpec& spec, RunContext& ctx) {
    require_two_inputs(spec);
    const std::uint64_t need = File::open_read(spec.inputs[0]).size() + File::open_read(spec.inputs[1]).size();
    const std::uint64_t avail = available_memory_bytes();
    // "Comfortably": both files take at most half of what the kernel says is available,
    // leaving room for the page cache of everything else.
    const bool fits = avail > 0 && need <= avail / 2;
    RunSpec chosen = spec;
    const Strategy* strategy = &read_strategy;
    if (fits) {
        strategy = &mmap_mt_strategy;
    } else {
        chosen.block_size = std::max(spec.block_size, kLargeBlock);
    }
    chosen.strategy = std::string(strategy->name);
    ctx.note("adaptive chose " + chosen.strategy + ": the inputs (" + mib(need) + ")" + (fits ? " fit in" : " exceed") +
             " half of the available memory (" + mib(avail) + ")" +
             (fits ? "" : "; block " + format_size(chosen.block_size)));
    return strategy->run(chosen, ctx);
}

}  // namespace

const Strategy adaptive_strategy{
    .algorithm = "compare",
    .name = "adaptive",
    .description = "mmap-mt when both files fit comfortably in available memory, else read with 1 MiB blocks",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::compare
