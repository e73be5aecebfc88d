#include "algorithms/compare/pair.hpp"

#include <algorithm>

#include "algorithms/units.hpp"
#include "sfp/compare.hpp"
#include "sfp/failure.hpp"
#include "spec_options.hpp"

namespace sfp::compare {

void require_two_inputs(const RunSpec& spec) {
    if (spec.inputs.size() != 2)
        fail("compare needs exactly two input files, got " + std::to_string(spec.inputs.size()));
}

std::size_t max_mismatches_of(const RunSpec& spec) {
    return std::size_t(option_value(spec, parameters(), "max_mismatches"));
}

InputPair open_pair(const RunSpec& spec, RunContext& ctx, int extra_flags) {
    require_two_inputs(spec);
    InputPair p;
    p.max_mismatches = max_mismatches_of(spec);
    p.a = File::open_read(spec.inputs[0], extra_flags);
    p.b = File::open_read(spec.inputs[1], extra_flags);
    p.common = std::min(p.a.size(), p.b.size());
    p.same = same_file(p.a, p.b);
    ctx.set_total(p.same ? 0 : 2 * p.common);
    if (p.same) ctx.note("both paths name the same file: identical without reading");
    return p;
}

void fail_changed(const InputPair& pair, const std::string& how) {
    fail("an input " + how + " while it was being compared ('" + pair.a.path() + "', '" + pair.b.path() + "')");
}

CompareOutcome outcome_of(const InputPair& pair, std::vector<Mismatch> mismatches) {
    CompareOutcome o;
    o.mismatches = std::move(mismatches);
    o.size_a = pair.a.size();
    o.size_b = pair.b.size();
    return o;
}

}  // namespace sfp::compare
