// wordcount/files — wcMTMM's whole-file parallelism: T threads take the next file from a shared
// queue and count it alone (one thread, the vector kernel); results come back in argument order.
// A thread opens its file when it takes it and closes it when done: T files open at most.
#include <algorithm>
#include <atomic>

#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"

namespace sfp::wordcount {
namespace {

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return count_inputs(spec, ctx, [&](Inputs& in) -> std::optional<WordCountOutcome> {
        WordCountOutcome out;
        out.files.resize(in.files.size());
        std::atomic<std::size_t> next{0};
        const unsigned threads = unsigned(std::min<std::size_t>(spec.threads, in.files.size()));
        ctx.run_threads(threads, [&](unsigned) {
            for (std::size_t i; (i = next.fetch_add(1)) < in.files.size();) {  // one file open a thread
                File f = open_input(in, i);
                if (!count_file(f, in, std::size_t(spec.block_size), Kernel::simd, ctx, out.files[i])) return;
                check_counted(f, out.files[i].bytes);
            }
        });
        if (ctx.should_stop()) return std::nullopt;
        return out;
    });
}

}  // namespace

const Strategy files_strategy{
    .algorithm = "wordcount",
    .name = "files",
    .description = "T threads take whole files from a shared queue, one thread per file (wcMTMM)",
    .reads = kReadsBlockAndThreads,
    .run = run,
};

}  // namespace sfp::wordcount
