// wordcount/mmap and mmap-mt — the vector kernel over the file mapped, one thread or T threads
// over contiguous stripes: no read() copy out of the page cache, at the price of mapping its
// pages (dear where they sit in small folios). A file truncated underneath is an error (SIGBUS
// caught), never a crash.
#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"

namespace sfp::wordcount {
namespace {

// Counts every input mapped, with `stripes` threads.
Outcome count_mapped(const RunSpec& spec, RunContext& ctx, unsigned stripes) {
    return count_each_file(spec, ctx, [&](File& f, const Inputs& in, WordCounts& counts) {
        const Mapping mapped(f, std::size_t(f.size()));
        Tally whole = Tally::at_file_start(in.histogram);
        whole.append(tally_stripes(f, in, 0, f.size(), stripes, std::size_t(spec.block_size), ctx, &mapped));
        counts = whole.finish();
        return !ctx.should_stop();
    });
}

}  // namespace

const Strategy mmap_strategy{
    .algorithm = "wordcount",
    .name = "mmap",
    .description = "one thread, the file mapped, bytes classified 64 at a time with vector instructions",
    .reads = kReadsBlock,
    .maps_input = true,
    .run = [](const RunSpec& spec, RunContext& ctx) { return count_mapped(spec, ctx, 1); },
};

const Strategy mmap_mt_strategy{
    .algorithm = "wordcount",
    .name = "mmap-mt",
    .description =
        "T threads over contiguous stripes of the mapped file; a word across a stripe boundary is joined once",
    .reads = kReadsBlockAndThreads,
    .maps_input = true,
    .run = [](const RunSpec& spec, RunContext& ctx) { return count_mapped(spec, ctx, spec.threads); },
};

}  // namespace sfp::wordcount
