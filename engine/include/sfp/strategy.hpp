#pragma once
// A strategy is one plain descriptor: what it is, what it uses, whether it can run here, how.
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "sfp/run_context.hpp"
#include "sfp/types.hpp"

namespace sfp {

// Which run parameters a strategy uses; the others do not multiply its cells in a matrix.
enum Uses : unsigned {
    uses_nothing = 0,
    uses_block = 1u << 0,
    uses_threads = 1u << 1,
};

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
    unsigned uses = uses_nothing;  // Uses flags
    bool reference_floor = false;  // a baseline that does not compute the same thing (a plain copy)
    Support (*probe)() = nullptr;  // can it run on this machine?
    // Does the work. Throws sfp::Failure (or anything) on error; the runner turns it into a result.
    Outcome (*run)(const RunSpec& spec, RunContext& ctx) = nullptr;
    // Optional, runs after the clock stopped: completes the outcome without being timed
    // (cipher hashes its output file here so the digest covers it). May throw like run.
    void (*finish)(const RunSpec& spec, Outcome& outcome) = nullptr;
    // Optional: judges the options for this strategy alone, from the spec without its files
    // (e.g. cipher's direct with a mapped strategy), so preflight refuses the experiment before
    // anything runs. Throws sfp::Failure naming the strategy and the option; run checks again.
    void (*check)(const RunSpec& spec) = nullptr;
    // The swept options (sfp/swept_option.hpp) it reads, e.g. {"packing"}; the others do not
    // multiply its cells.
    std::span<const std::string_view> swept = {};
    // Optional: whether it can run with these options at all (iterate's xxhsum hashes whole
    // files only). Not a mistake in the experiment, as `check` finds: an experiment that names
    // no strategies leaves it out, the window greys it out with the reason, and a run that
    // names it anyway reports itself unsupported.
    Support (*takes)(const RunSpec& spec) = nullptr;
};

}  // namespace sfp
