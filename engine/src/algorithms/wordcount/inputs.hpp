#pragma once
// What every wordcount strategy starts from: the input files open, the options parsed, and the
// one read loop the single-threaded strategies share.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "algorithms/wordcount/tally.hpp"
#include "io/file.hpp"
#include "io/mapping.hpp"
#include "sfp/wordcount.hpp"
#include "sfp/run_context.hpp"
#include "sfp/types.hpp"

namespace sfp::wordcount {

inline constexpr std::uint64_t kDefaultPacking = 1000;  // lines per hand-off (pipeline)
inline constexpr std::uint64_t kMaxPacking = 100'000;

// One input as the run found it when it began: opened, checked, noted and closed again, so that
// a run over more files than the descriptor limit (`ulimit -n`) holds open only the few it is
// counting (open_input when a file's turn comes).
struct Input {
    std::string path;
    std::uint64_t size = 0;  // what every strategy counts
    dev_t device = 0;
    ino_t inode = 0;
    timespec modified{};
};

struct Inputs {
    std::vector<Input> files;  // regular files only, in argument order
    Separators separators;
    bool histogram = false;  // word lengths asked for (the `histogram` option)
};

// Looks at every input (at least one; directories, FIFOs, devices and kernel pseudo-files refused
// before any is read), parses the `separators` and `histogram` options and sets the progress
// total to the sum of the sizes. No input stays open.
Inputs open_inputs(const RunSpec& spec, RunContext& ctx);
// Opens input `i` for its turn: throws sfp::Failure naming it unless it is the file the run
// began with, unchanged (not replaced, shrunk, grown or rewritten).
File open_input(const Inputs& in, std::size_t i);
// Throws sfp::Failure naming `file` when it shrank, grew or was rewritten since it was opened,
// or when `counted` bytes are not its size: counts of a changing file are no file's counts. Called
// on each file before it is closed.
void check_counted(const File& file, std::uint64_t counted);
// Throws sfp::Failure naming the first input whose counted bytes are not its size.
void check_sizes(const Inputs& in, const WordCountOutcome& counted);
// The frame of every strategy's run: looks at the inputs, lets count(inputs) count them (nullopt
// when told to stop; each file checked with check_counted before it is closed), then checks
// every input's count against its size, so no file is left out or counted short.
template <class Count>
Outcome count_inputs(const RunSpec& spec, RunContext& ctx, Count&& count) {
    Inputs in = open_inputs(spec, ctx);
    std::optional<WordCountOutcome> counted = count(in);
    if (!counted) return {};
    check_sizes(in, *counted);
    return *std::move(counted);
}

// `separators`: extra bytes, where a backslash starts one of the escapes \t \n \v \f \r \\ and
// \xHH (exactly two hex digits); any other escape, and a NUL (strtok cannot split at one), is
// refused naming the offending text.
Separators separators_of(const RunSpec& spec);
std::uint64_t packing_of(const RunSpec& spec);
// Those and `histogram`: the runner's preflight refuses bad option values before anything runs.
void check_options(const RunSpec& spec);

// Reads `file` from its current offset to the end in blocks of `block` bytes, passing each to
// feed(data, length). Returns false when the run was told to stop first.
template <class Feed>
bool read_blocks(File& file, std::size_t block, RunContext& ctx, Feed&& feed) {
    const auto buf = std::make_unique_for_overwrite<std::uint8_t[]>(block);
    ProgressMeter meter(ctx);
    while (!ctx.should_stop()) {
        const std::size_t n = file.read_full(buf.get(), block);
        if (n == 0) return true;
        feed(buf.get(), n);
        meter.add(n);
    }
    return false;
}

enum class Kernel { plain, simd };
// One file of `in` from start to end with one thread: read() in blocks, counted by `kernel`.
// Returns false when the run was told to stop.
bool count_file(File& file, const Inputs& in, std::size_t block, Kernel kernel, RunContext& ctx, WordCounts& counts);
// Every file of `in` in turn, opened for its turn, counted by count(file, inputs, counts) ->
// false when told to stop (nothing then), checked and closed.
template <class Count>
std::optional<WordCountOutcome> count_in_turn(Inputs& in, Count&& count) {
    WordCountOutcome out;
    for (std::size_t i = 0; i < in.files.size(); ++i) {
        File f = open_input(in, i);
        WordCounts& counts = out.files.emplace_back();
        if (!count(f, in, counts)) return std::nullopt;
        check_counted(f, counts.bytes);
    }
    return out;
}
// count_in_turn over the spec's inputs: the whole run of every strategy that works on one file at a time.
template <class Count>
Outcome count_each_file(const RunSpec& spec, RunContext& ctx, Count&& count) {
    return count_inputs(spec, ctx, [&](Inputs& in) { return count_in_turn(in, count); });
}
// The tally of file[begin, end) (one of `in`) counted by `stripes` threads, each one contiguous
// stripe read with pread() -- or scanned where `mapped` (the whole file, mapped) has it -- a block
// at a time by the vector kernel, joined in file order (striped.cpp; mmap and mmap-mt use it with
// a mapping, auto for every candidate).
Tally tally_stripes(File& file, const Inputs& in, std::uint64_t begin, std::uint64_t end, unsigned stripes,
                    std::size_t block, RunContext& ctx, const Mapping* mapped = nullptr);
// Every file of `in` counted by count_file in turn; nothing when told to stop (auto's small inputs).
std::optional<WordCountOutcome> count_files(Inputs& in, std::size_t block, Kernel kernel, RunContext& ctx);
// count_inputs with count_files: the whole run of `loop` and `simd`.
Outcome count_one_by_one(const RunSpec& spec, RunContext& ctx, Kernel kernel);

}  // namespace sfp::wordcount
