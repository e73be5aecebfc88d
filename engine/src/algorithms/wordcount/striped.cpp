// wordcount/striped — T threads, each counts one contiguous stripe of the file with pread() and
// the vector kernel. A stripe may begin inside a word; joining the stripes' tallies in file order
// counts the word that straddles a boundary exactly once (the "ingenuity" wcMTMM's article asks for).
#include <algorithm>
#include <memory>
#include <vector>

#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "io/sigbus_guard.hpp"
#include "sfp/failure.hpp"

namespace sfp::wordcount {
namespace {

bool count_file(File& file, const Inputs& in, const RunSpec& spec, RunContext& ctx, WordCounts& counts) {
    Tally whole = Tally::at_file_start(in.histogram);
    whole.append(tally_stripes(file, in, 0, file.size(), spec.threads, std::size_t(spec.block_size), ctx));
    counts = whole.finish();
    return !ctx.should_stop();
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return count_each_file(
        spec, ctx, [&](File& f, const Inputs& in, WordCounts& counts) { return count_file(f, in, spec, ctx, counts); });
}

}  // namespace

Tally tally_stripes(File& file, const Inputs& in, std::uint64_t begin, std::uint64_t end, unsigned stripes,
                    std::size_t block, RunContext& ctx, const Mapping* mapped) {
    const std::uint64_t stripe = (end - begin + stripes - 1) / stripes;
    std::vector<Tally> tallies(stripes, Tally::at_segment_start(in.histogram));
    ctx.run_threads(stripes, [&](unsigned index) {
        const std::uint64_t from = std::min(end, begin + stripe * index), to = std::min(end, from + stripe);
        const auto buf = mapped ? nullptr : std::make_unique_for_overwrite<std::uint8_t[]>(block);
        ProgressMeter meter(ctx);
        for (std::uint64_t off = from; off < to && !ctx.should_stop();) {
            const std::size_t want = std::size_t(std::min<std::uint64_t>(block, to - off));
            if (mapped) {
                auto count = [&] { tallies[index].feed_simd(mapped->data() + off, want, in.separators); };
                if (!guarded(count)) fail("'" + file.path() + "' shrank while it was being counted (SIGBUS)");
            } else {
                if (file.pread_full(buf.get(), want, off) != want)
                    fail("'" + file.path() + "' shrank while it was being counted");
                tallies[index].feed_simd(buf.get(), want, in.separators);
            }
            meter.add(want);
            off += want;
        }
    });
    Tally joined = Tally::at_segment_start(in.histogram);
    for (const Tally& t : tallies) joined.append(t);
    return joined;
}

const Strategy striped_strategy{
    .algorithm = "wordcount",
    .name = "striped",
    .description =
        "T threads over contiguous stripes read with pread(); a word across a stripe boundary is joined once",
    .reads = kReadsBlockAndThreads,
    .run = run,
};

}  // namespace sfp::wordcount
