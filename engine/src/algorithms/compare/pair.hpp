#pragma once
// What every compare strategy starts from: both inputs open, sizes known, options parsed.
#include <cstdint>

#include "io/file.hpp"
#include "sfp/compare.hpp"
#include "sfp/run_context.hpp"
#include "sfp/types.hpp"

namespace sfp::compare {

struct InputPair {
    File a, b;
    std::uint64_t common = 0;        // bytes both files have: the part that is compared
    std::size_t max_mismatches = 0;  // N: report the first N
    bool same = false;               // both paths name one file
};

// compare's one option, parsed with an error naming it (also the runner's up-front check).
std::size_t max_mismatches_of(const RunSpec& spec);
inline void check_options(const RunSpec& spec) { max_mismatches_of(spec); }

// Throws unless the spec names exactly two inputs.
void require_two_inputs(const RunSpec& spec);

// Opens both inputs (regular files only), parses max_mismatches, sets the progress total.
InputPair open_pair(const RunSpec& spec, RunContext& ctx, int extra_flags = 0);

// The error for an input that shrank or was truncated while being compared (`how` says which).
[[noreturn]] void fail_changed(const InputPair& pair, const std::string& how);

// The outcome of a finished scan: the table's mismatches plus both sizes.
CompareOutcome outcome_of(const InputPair& pair, std::vector<Mismatch> mismatches);

}  // namespace sfp::compare
