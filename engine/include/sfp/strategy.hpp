#pragma once
// A strategy is one plain descriptor: what it is, what it reads, whether it can run here, how.
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "sfp/run_context.hpp"
#include "sfp/types.hpp"

namespace sfp {

// The lists of parameters (Strategy::reads) most strategies share.
inline constexpr std::string_view kReadsBlock[] = {"block_size"};
inline constexpr std::string_view kReadsThreads[] = {"threads"};
inline constexpr std::string_view kReadsBlockAndThreads[] = {"block_size", "threads"};

struct Support {
    bool supported = true;
    std::string reason;  // why not, when unsupported
    static Support yes() { return {}; }
    static Support no(std::string why) { return {false, std::move(why)}; }
};

struct Strategy {
    std::string_view algorithm;    // "compare"
    std::string_view name;         // "mmap-mt"
    std::string_view description;  // one line
    // The swept parameters it reads, by their names in its algorithm's table (sfp/parameter.hpp),
    // e.g. kReadsBlockAndThreads; the others do not multiply its cells in a matrix.
    std::span<const std::string_view> reads = {};
    bool reference_floor = false;  // a baseline that does not compute the same thing (a plain copy)
    // It reads its input through a mapping, or may choose to (auto): the page cache is scanned in
    // place, not copied out by read(), and a mapped scan is its limit.
    bool maps_input = false;
    Support (*probe)() = nullptr;  // can it run on this machine? Null: it needs nothing a machine may lack
    Support support() const { return probe ? probe() : Support::yes(); }  // its probe's answer, or yes
    // Does the work. Throws sfp::Failure (or anything) on error; the runner turns it into a result.
    Outcome (*run)(const RunSpec& spec, RunContext& ctx) = nullptr;
    // Optional, runs after the clock stopped: completes the outcome without being timed
    // (cipher hashes its output file here so the digest covers it). May throw like run.
    void (*finish)(const RunSpec& spec, Outcome& outcome) = nullptr;
    // Optional: judges the options for this strategy alone, from the spec without its files
    // (e.g. cipher's direct with a mapped strategy), so preflight refuses the experiment before
    // anything runs. Throws sfp::Failure naming the strategy and the option; run checks again.
    void (*check)(const RunSpec& spec) = nullptr;
    // Optional: whether it can run with these options at all (iterate's xxhsum hashes whole
    // files only). Not a mistake in the experiment, as `check` finds: an experiment that names
    // no strategies leaves it out, the window greys it out with the reason, and a run that
    // names it anyway reports itself unsupported.
    Support (*takes)(const RunSpec& spec) = nullptr;
};

}  // namespace sfp
