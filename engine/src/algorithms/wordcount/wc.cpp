// wordcount/wc — the baseline: the system `wc` (C locale) as a child process, under the same clock.
// It counts lines, words and bytes but makes no histogram, so it is a reference floor: its
// counts are shown and tested, but it stays out of the runner's digest agreement.
#include <limits>
#include <sstream>

#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "measure/child_process.hpp"
#include "sfp/failure.hpp"

namespace sfp::wordcount {
namespace {

Support probe() {
    if (find_on_path("wc").empty()) return Support::no("`wc` is not installed (package coreutils)");
    if (find_on_path("env").empty()) return Support::no("`env` is not installed (package coreutils)");
    return Support::yes();
}

// The first `files` lines of wc's output: "<lines> <words> <bytes> <name>".
std::vector<WordCounts> parse_wc_lines(const std::string& text, std::size_t files) {
    std::vector<WordCounts> out;
    std::istringstream in(text);
    std::string line;
    while (out.size() < files && std::getline(in, line)) {
        std::istringstream fields(line);
        WordCounts c;
        if (!(fields >> c.lines >> c.words >> c.bytes)) fail("cannot parse wc's output line '" + line + "'");
        out.push_back(c);
    }
    if (out.size() != files) fail("wc printed " + std::to_string(out.size()) + " lines for " + std::to_string(files) + " files");
    return out;
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    // The same checks (and FIFO safety) as the others, and wc's counts checked against the files.
    return count_inputs(spec, ctx, [&](const Inputs& in) -> std::optional<WordCountOutcome> {
        if (!in.separators.extra().empty()) fail("wc splits words at white space only; it cannot use extra separators");
        std::vector<std::string> argv = {"env", "LC_ALL=C", "wc", "--"};  // env execs wc: wait4 measures wc
        std::vector<int> inherit;  // wc reads the very files opened and checked here, never a path again
        std::uint64_t total = 0;
        for (const File& f : in.files) {
            argv.push_back(inherited_path(inherit.size()));
            inherit.push_back(f.fd());
            total += f.size();
        }
        const ChildRun child = run_child(argv, ctx, std::numeric_limits<std::size_t>::max(), inherit);
        if (ctx.should_stop()) return std::nullopt;
        if (child.exit_code != 0) fail("wc failed: " + child.failure());
        ctx.add_progress(total);
        return WordCountOutcome{parse_wc_lines(child.out, in.files.size())};
    });
}

}  // namespace

const Strategy wc_strategy{
    .algorithm = "wordcount",
    .name = "wc",
    .description = "baseline: the system `LC_ALL=C wc` as a child process (counts only, no histogram)",
    .reference_floor = true,
    .probe = probe,
    .run = run,
};

}  // namespace sfp::wordcount
