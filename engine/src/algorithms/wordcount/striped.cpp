// wordcount/striped — T threads, each counts one contiguous stripe of the file with pread() and
// the vector kernel. A stripe may begin inside a word; joining the stripes' tallies in file order
// counts the word that straddles a boundary exactly once (the "ingenuity" wcMTMM's article asks for).
#include <algorithm>
#include <memory>
#include <vector>

#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "sfp/failure.hpp"

namespace sfp::wordcount {
namespace {

bool count_file(File& file, const RunSpec& spec, const Separators& seps, RunContext& ctx, WordCounts& counts) {
    const unsigned stripes = spec.threads;
    const std::uint64_t size = file.size();
    const std::uint64_t stripe = (size + stripes - 1) / stripes;
    const std::size_t block = std::size_t(spec.block_size);
    std::vector<Tally> tallies(stripes, Tally::at_segment_start());
    ctx.run_threads(stripes, [&](unsigned index) {
        const std::uint64_t begin = std::min(size, stripe * index), end = std::min(size, begin + stripe);
        const auto buf = std::make_unique_for_overwrite<std::uint8_t[]>(block);
        ProgressMeter meter(ctx);
        for (std::uint64_t off = begin; off < end && !ctx.should_stop();) {
            const std::size_t want = std::size_t(std::min<std::uint64_t>(block, end - off));
            if (file.pread_full(buf.get(), want, off) != want)
                fail("'" + file.path() + "' shrank while it was being counted");
            tallies[index].feed_simd(buf.get(), want, seps);
            meter.add(want);
            off += want;
        }
    });
    Tally whole = Tally::at_file_start();
    for (const Tally& t : tallies) whole.append(t);
    counts = whole.finish();
    return !ctx.should_stop();
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return count_each_file(spec, ctx, [&](File& f, const Separators& seps, WordCounts& counts) {
        return count_file(f, spec, seps, ctx, counts);
    });
}

}  // namespace

const Strategy striped_strategy{
    .algorithm = "wordcount",
    .name = "striped",
    .description = "T threads over contiguous stripes read with pread(); a word across a stripe boundary is joined once",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
};

}  // namespace sfp::wordcount
