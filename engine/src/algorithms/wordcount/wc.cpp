// wordcount/wc — the baseline: the system `wc` (C locale) as a child process, under the same clock.
// It counts lines, words and bytes but makes no histogram, so it is a reference floor: its
// counts are shown and tested, but it stays out of the runner's digest agreement.
#include <sys/resource.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <sstream>

#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "algorithms/wordcount/wc_lines.hpp"
#include "measure/child_process.hpp"
#include "sfp/failure.hpp"
#include "sfp/visible_text.hpp"

namespace sfp::wordcount {

std::vector<WordCounts> parse_wc_lines(const std::string& text, std::size_t files, std::string_view who) {
    std::vector<WordCounts> out;
    std::istringstream in(text);
    std::string line;
    while (out.size() < files && std::getline(in, line)) {
        std::istringstream fields(line);
        WordCounts c;
        if (!(fields >> c.lines >> c.words >> c.bytes))
            fail("cannot parse " + std::string(who) + "'s output line '" + visible_text(line) + "'");
        out.push_back(c);
    }
    if (out.size() != files)
        fail(std::string(who) + " printed " + std::to_string(out.size()) + " lines for " + std::to_string(files) +
             " files");
    return out;
}

namespace {

Support probe() {
    if (find_on_path("wc").empty()) return Support::no("`wc` is not installed (package coreutils)");
    if (find_on_path("env").empty()) return Support::no("`env` is not installed (package coreutils)");
    return Support::yes();
}

// How many inputs one wc child takes: each is open here twice while the child starts (the file and
// the copy passed on), and the pipes and the child's own files need a few more. All of them
// (up to 1024) when the descriptor limit (`ulimit -n`) leaves room; fewer children are fewer
// process starts in the timing.
std::size_t files_per_child(std::size_t files) {
    rlimit limit{};
    std::size_t open = 0;
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return std::min<std::size_t>(files, 1024);
    std::error_code error;
    for (std::filesystem::directory_iterator it("/proc/self/fd", error), end; !error && it != end; it.increment(error))
        ++open;
    if (error) open = 64;  // no /proc: a guess on the safe side
    const std::size_t spare = limit.rlim_cur > open + 16 ? std::size_t(limit.rlim_cur) - open - 16 : 0;
    return std::clamp<std::size_t>(spare / 2, 1, std::min<std::size_t>(files, 1024));
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    // The same checks (and FIFO safety) as the others, and wc's counts checked against the files.
    return count_inputs(spec, ctx, [&](const Inputs& in) -> std::optional<WordCountOutcome> {
        if (!in.separators.extra().empty()) fail("wc splits words at white space only; it cannot use extra separators");
        WordCountOutcome out;
        const std::size_t per_child = files_per_child(in.files.size());
        for (std::size_t first = 0; first < in.files.size(); first += per_child) {
            std::vector<std::string> argv = {"env", "LC_ALL=C", "wc", "--"};  // env execs wc: wait4 measures wc
            std::vector<File> batch;  // wc reads the very files opened and checked here, never a path again
            std::vector<int> inherit;
            std::uint64_t bytes = 0;
            for (std::size_t i = first; i < std::min(in.files.size(), first + per_child); ++i) {
                batch.push_back(open_input(in, i));
                argv.push_back(inherited_path(inherit.size()));
                inherit.push_back(batch.back().fd());
                bytes += batch.back().size();
            }
            const ChildRun child = run_child(argv, ctx, std::numeric_limits<std::size_t>::max(), inherit);
            if (ctx.should_stop()) return std::nullopt;
            if (child.exit_code != 0) fail("wc failed: " + child.failure());
            ctx.add_progress(bytes);
            const std::vector<WordCounts> counts = parse_wc_lines(child.out, batch.size(), "wc");
            for (std::size_t k = 0; k < batch.size(); ++k) check_counted(batch[k], counts[k].bytes);
            out.files.insert(out.files.end(), counts.begin(), counts.end());
        }
        return out;
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
