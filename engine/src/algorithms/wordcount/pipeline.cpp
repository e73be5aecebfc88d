// wordcount/pipeline — SimpleCount's multithreaded program: one reader thread cuts the file into
// chunks of R whole lines (R = packing) and hands them through a bounded queue to T processor
// threads, which count with local totals and merge once at the end. R is the article's
// record-packing factor: with R = 1 every line is one hand-off. Memory stays bounded however long
// the lines: a chunk that outgrows kMaxChunk bytes goes on at its last separator (a word is never
// split, so each chunk is still counted alone), and a single word longer than that is refused. A
// longer run with no separator that holds no word (no printable byte: coreutils' sparse file,
// 1 GiB of NUL) is no word to split, so it goes on inside the run.
#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "blocking_queue.hpp"
#include "sfp/failure.hpp"

namespace sfp::wordcount {
namespace {

// R whole lines; only the file's last may lack its '\n'; or, of longer lines, whole words up to a separator.
using Chunk = std::vector<std::uint8_t>;
inline constexpr std::size_t kMaxChunk = 16u << 20;

struct Handoff {
    BlockingQueue<Chunk>& queue;
    std::uint64_t packing;
    const Separators& seps;
    const std::string& path;
    Chunk chunk;
    std::uint64_t lines = 0;

    // Appends a block, sending the chunk on each time it holds R lines or outgrows kMaxChunk.
    void add(const std::uint8_t* p, std::size_t n) {
        const std::uint8_t* const end = p + n;
        while (p < end) {
            const auto* newline = static_cast<const std::uint8_t*>(std::memchr(p, '\n', std::size_t(end - p)));
            const std::uint8_t* const stop = newline ? newline + 1 : end;
            chunk.insert(chunk.end(), p, stop);
            p = stop;
            if (newline && ++lines == packing)
                send();
            else if (chunk.size() > kMaxChunk)
                send_whole_words();
        }
    }
    void send() {
        if (!chunk.empty()) queue.push(std::exchange(chunk, {}));
        lines = 0;
    }
    // Sends the chunk up to its last separator and keeps the rest, a word's beginning. (A newline
    // is a separator, so every newline goes: the rest holds no line.)
    void send_whole_words() {
        const auto last = std::find_if(chunk.rbegin(), chunk.rend(), [&](std::uint8_t c) { return seps(c); });
        if (last == chunk.rend()) return send_wordless_run();
        Chunk rest(last.base(), chunk.end());
        chunk.erase(last.base(), chunk.end());
        queue.push(std::exchange(chunk, std::move(rest)));
        lines = 0;
    }
    // The chunk is one run of word bytes, begun at a separator or by this split. Without a
    // printable byte it is no word yet: the chunk goes on but for its last kLongestCountedWord
    // bytes, which begin the next. The part sent ends in no word; the next chunk's leading run
    // is a word exactly when the whole run is, and at least as long as the histogram tells apart.
    void send_wordless_run() {
        if (std::any_of(chunk.begin(), chunk.end(), Separators::printable))
            fail("'" + path + "' holds a word of more than " + std::to_string(kMaxChunk >> 20) +
                 " MiB; pipeline hands words off whole and bounds its memory, so it refuses it (another strategy "
                 "counts it)");
        Chunk rest(chunk.end() - std::ptrdiff_t(kLongestCountedWord), chunk.end());
        chunk.resize(chunk.size() - kLongestCountedWord);
        queue.push(std::exchange(chunk, std::move(rest)));
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
            Handoff handoff{queue, packing_of(spec), in.separators, file.path(), {}};
            ThreadTimeline* const timeline = current_timeline();
            if (timeline) timeline->role = "reader";
            double start = timeline ? timeline->now() : 0;
            std::uint64_t at = 0;
            read_blocks(file, std::size_t(spec.block_size), ctx, [&](const std::uint8_t* p, std::size_t n) {
                if (timeline) timeline->add(EventKind::read, start, n, at);
                at += n;
                handoff.add(p, n);  // a full queue: a wait event
                if (timeline) start = timeline->now();
            });
            if (!ctx.should_stop()) handoff.send();
            return;
        }
        WordCounts local;
        ThreadTimeline* const timeline = current_timeline();
        if (timeline) timeline->role = "processor";
        while (std::optional<Chunk> chunk = queue.pop()) {  // an empty queue: a wait event
            const double start = timeline ? timeline->now() : 0;
            Tally tally = Tally::at_file_start(in.histogram);  // a chunk ends at a newline or the file's end
            tally.feed_simd(chunk->data(), chunk->size(), in.separators);
            local += tally.finish();
            if (timeline) timeline->add(EventKind::scan, start, chunk->size());
        }
        std::lock_guard lock(merge);
        counts += local;
    });
    return !ctx.should_stop();
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    packing_of(spec);  // a bad packing fails the run before any thread starts
    return count_each_file(
        spec, ctx, [&](File& f, const Inputs& in, WordCounts& counts) { return count_file(f, in, spec, ctx, counts); });
}

}  // namespace

const Strategy pipeline_strategy{
    .algorithm = "wordcount",
    .name = "pipeline",
    .description =
        "a reader thread hands chunks of R whole lines (R = packing) through a bounded queue to T processor threads",
    .reads = kReadsBlockThreadsAndPacking,
    .run = run,
};

}  // namespace sfp::wordcount
