// search/grep — the baseline: the system `grep -F -o -b -a` (C locale) as a child process, under
// the same clock; cut off after N lines as `| head -N` does, unless counting.
#include <limits>
#include <string_view>
#include <vector>

#include "algorithms/search/job.hpp"
#include "algorithms/search/strategies.hpp"
#include "measure/child_process.hpp"
#include "sfp/failure.hpp"

namespace sfp::search {
namespace {

Support probe() {
    if (find_on_path("grep").empty()) return Support::no("`grep` is not installed (package grep)");
    if (find_on_path("env").empty()) return Support::no("`env` is not installed (package coreutils)");
    return Support::yes();
}

// A command line cannot carry a NUL byte.
Support takes(const RunSpec& spec) {
    const auto p = spec.options.find("pattern");
    if (p != spec.options.end() && p->second.find('\0') != std::string::npos)
        return Support::no("grep takes the pattern on its command line, which cannot hold a NUL byte");
    return Support::yes();
}

// "NAME:OFFSET:PATTERN" (-H): the input is known by its name, /dev/fd/N of inherited_path.
SearchMatch parse_line(std::string_view line, const std::vector<std::string>& names) {
    for (std::uint32_t f = 0; f < names.size(); ++f) {
        const std::string_view name = names[f];
        if (line.size() <= name.size() || line.substr(0, name.size()) != name || line[name.size()] != ':') continue;
        const std::string_view rest = line.substr(name.size() + 1);
        std::uint64_t offset = 0;
        std::size_t i = 0;
        for (; i < rest.size() && rest[i] >= '0' && rest[i] <= '9'; ++i) offset = offset * 10 + unsigned(rest[i] - '0');
        if (i > 0 && i < rest.size() && rest[i] == ':') return {f, offset};
    }
    fail("cannot parse grep's output line '" + std::string(line.substr(0, 200)) + "'");
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    const Job job = open_job(spec, ctx);  // the same checks (and FIFO safety) as the others
    std::vector<File> files;
    std::vector<int> inherit;
    std::vector<std::string> names;
    std::vector<std::string> argv = {"env", "LC_ALL=C", "grep", "-F", "-o", "-b", "-a", "-H", "--", job.pattern};
    for (const Input& in : job.inputs) {  // grep reads the very files opened and checked here
        files.push_back(open_input(in));
        names.push_back(inherited_path(inherit.size()));
        inherit.push_back(files.back().fd());
        argv.push_back(names.back());
    }
    const std::size_t lines = job.count ? std::numeric_limits<std::size_t>::max() : std::size_t(job.max_matches);
    const ChildRun child = run_child(argv, ctx, lines, inherit);
    if (ctx.should_stop()) return {};
    if (!child.cut_off && child.exit_code != 0 && child.exit_code != 1) fail("grep failed: " + child.failure());
    Collector out(job);
    std::size_t from = 0;
    while (from < child.out.size()) {
        std::size_t end = child.out.find('\n', from);
        if (end == std::string::npos) end = child.out.size();
        const SearchMatch m = parse_line(std::string_view(child.out).substr(from, end - from), names);
        out.add(m.file, m.offset);
        from = end + 1;
    }
    std::uint64_t bytes = 0;
    for (const Input& in : job.inputs) bytes += in.size;
    ctx.add_progress(bytes);
    return out.take();
}

}  // namespace

const Strategy grep_strategy{
    .algorithm = "search",
    .name = "grep",
    .description = "baseline: the system `grep -F -o -b -a` as a child process (wall and its exact CPU time)",
    .probe = probe,
    .run = run,
    .takes = takes,
};

}  // namespace sfp::search
