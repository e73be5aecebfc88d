// wordcount/pipeline — SimpleCount's multithreaded program: one reader thread cuts the file into
// chunks of R whole lines (R = packing) and hands them through a bounded queue to T processor
// threads, which count with local totals and merge once at the end. R is the article's
// record-packing factor: with R = 1 every line is one hand-off.
#include <cstring>
#include <mutex>
#include <vector>

#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "blocking_queue.hpp"

namespace sfp::wordcount {
namespace {

using Chunk = std::vector<std::uint8_t>;  // R whole lines; only the file's last may lack its '\n'

struct Handoff {
    BlockingQueue<Chunk>& queue;
    std::uint64_t packing;
    Chunk chunk;
    std::uint64_t lines = 0;

    // Appends a block, sending the chunk on each time it holds R lines.
    void add(const std::uint8_t* p, std::size_t n) {
        const std::uint8_t* const end = p + n;
        while (p < end) {
            const auto* newline = static_cast<const std::uint8_t*>(std::memchr(p, '\n', std::size_t(end - p)));
            const std::uint8_t* const stop = newline ? newline + 1 : end;
            chunk.insert(chunk.end(), p, stop);
            p = stop;
            if (newline && ++lines == packing) send();
        }
    }
    void send() {
        if (!chunk.empty()) queue.push(std::exchange(chunk, {}));
        lines = 0;
    }
};

// Returns false when the run was told to stop.
bool count_file(File& file, const Inputs& in, const RunSpec& spec, RunContext& ctx, WordCounts& counts) {
    const unsigned processors = spec.threads;
    BlockingQueue<Chunk> queue(2 * std::size_t(processors) + 2, [&ctx] { return ctx.should_stop(); });
    std::mutex merge;
    ctx.run_threads(processors + 1, [&](unsigned index) {
        if (index == 0) {  // the reader; whatever happens, no processor waits for it forever
            struct CloseAtExit {
                BlockingQueue<Chunk>& q;
                ~CloseAtExit() { q.close(); }
            } closer{queue};
            Handoff handoff{queue, packing_of(spec), {}};
            read_blocks(file, std::size_t(spec.block_size), ctx,
                        [&](const std::uint8_t* p, std::size_t n) { handoff.add(p, n); });
            if (!ctx.should_stop()) handoff.send();
            return;
        }
        WordCounts local;
        while (std::optional<Chunk> chunk = queue.pop()) {
            Tally tally = Tally::at_file_start(in.histogram);  // a chunk ends at a newline or the file's end
            tally.feed_simd(chunk->data(), chunk->size(), in.separators);
            local += tally.finish();
        }
        std::lock_guard lock(merge);
        counts += local;
    });
    return !ctx.should_stop();
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    packing_of(spec);  // a bad packing fails the run before any thread starts
    return count_each_file(spec, ctx, [&](File& f, const Inputs& in, WordCounts& counts) {
        return count_file(f, in, spec, ctx, counts);
    });
}

}  // namespace

const Strategy pipeline_strategy{
    .algorithm = "wordcount",
    .name = "pipeline",
    .description = "a reader thread hands chunks of R whole lines (R = packing) through a bounded queue to T processor threads",
    .uses = uses_block | uses_threads,
    .probe = always_supported,
    .run = run,
    .swept = kUsesPacking,
};

}  // namespace sfp::wordcount
