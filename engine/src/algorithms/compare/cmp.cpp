// compare/cmp — the baseline: the system `cmp -l` as a child process, under the same clock.
#include <sstream>

#include "algorithms/compare/pair.hpp"
#include "algorithms/compare/strategies.hpp"
#include "measure/child_process.hpp"
#include "sfp/failure.hpp"

namespace sfp::compare {
namespace {

Support probe() {
    if (find_on_path("cmp").empty()) return Support::no("`cmp` is not installed (package diffutils)");
    return Support::yes();
}

// Parses cmp -l lines: "<1-based byte number> <octal> <octal>".
std::vector<Mismatch> parse_cmp_lines(const std::string& text) {
    std::vector<Mismatch> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        unsigned long long number = 0;
        unsigned a = 0, b = 0;
        if (!(fields >> number >> std::oct >> a >> b) || number == 0)
            fail("cannot parse cmp's output line '" + line + "'");
        out.push_back(Mismatch{number - 1, std::uint8_t(a), std::uint8_t(b)});
    }
    return out;
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const InputPair pair = open_pair(spec, ctx);  // same checks (and FIFO safety) as the others
    const ChildRun child = run_child({"cmp", "-l", "--", pair.a.path(), pair.b.path()}, ctx, pair.max_mismatches);
    if (ctx.should_stop()) return {};
    if (!child.cut_off && child.exit_code != 0 && child.exit_code != 1) fail("cmp failed: " + child.failure());
    std::vector<Mismatch> mismatches = parse_cmp_lines(child.out);
    // cmp read the common part unless it was cut off early; count what we know it covered. (Reported
    // before the checks below, as the engine strategies report before their last check.)
    ctx.add_progress(2 * (child.cut_off && !mismatches.empty() ? mismatches.back().offset + 1 : pair.common));
    // cmp saw other sizes than we did ("EOF on A after byte N" for files opened equal): an input
    // changed under it. Its complaint is reported, never taken for agreement.
    if (child.err.find("EOF on") != std::string::npos && pair.a.size() == pair.b.size())
        fail_changed(pair, "changed size (cmp: " + child.failure() + ")");
    if (child.exit_code == 1 && mismatches.empty() && pair.a.size() == pair.b.size())
        fail("cmp reported a difference it did not list: " + child.failure());
    if (pair.a.current_size() != pair.a.size() || pair.b.current_size() != pair.b.size())
        fail_changed(pair, "changed size");
    return outcome_of(pair, std::move(mismatches));
}

}  // namespace

const Strategy cmp_strategy{
    .algorithm = "compare",
    .name = "cmp",
    .description = "baseline: the system `cmp -l` as a child process (wall and its exact CPU time)",
    .probe = probe,
    .run = run,
};

}  // namespace sfp::compare
