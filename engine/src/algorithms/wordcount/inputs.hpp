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

struct Inputs {
    std::vector<File> files;  // regular files only, in argument order
    Separators separators;
    bool histogram = false;   // word lengths asked for (the `histogram` option)
};

// Opens every input (at least one; directories, FIFOs, devices and kernel pseudo-files refused
// before any is read), parses the `separators` and `histogram` options and sets the progress
// total to the sum of the sizes.
Inputs open_inputs(const RunSpec& spec, RunContext& ctx);
// Throws sfp::Failure naming the first file that shrank, grew or was rewritten since it was
// opened, or whose counted bytes are not its size: counts of a changing file are no file's counts.
void check_unchanged(const Inputs& in, const WordCountOutcome& counted);
// The frame of every strategy's run, so none can skip a check: opens the inputs, lets
// count(inputs) count them (nullopt when told to stop), then check_unchanged.
template <class Count>
Outcome count_inputs(const RunSpec& spec, RunContext& ctx, Count&& count) {
    Inputs in = open_inputs(spec, ctx);
    std::optional<WordCountOutcome> counted = count(in);
    if (!counted) return {};
    check_unchanged(in, *counted);
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
// Every file of `in` in turn, counted by count(file, inputs, counts) -> false when told to stop;
// nothing then.
template <class Count>
std::optional<WordCountOutcome> count_in_turn(Inputs& in, Count&& count) {
    WordCountOutcome out;
    for (File& f : in.files)
        if (!count(f, in, out.files.emplace_back())) return std::nullopt;
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
