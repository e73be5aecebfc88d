#include "algorithms/search/tool_search.hpp"

#include <algorithm>
#include <limits>
#include <string_view>

#include "algorithms/search/job.hpp"
#include "algorithms/units.hpp"
#include "measure/child_process.hpp"
#include "sfp/failure.hpp"
#include "spec_options.hpp"

namespace sfp::search {

Support takes_command_line_pattern(const RunSpec& spec) {  // any pattern, fixed or a regex
    if (option_text(spec, parameters(), "pattern").find('\0') != std::string::npos)
        return Support::no("the pattern goes on a command line, which cannot hold a NUL byte");
    return Support::yes();
}

namespace {

// "NAME:OFFSET:TEXT" (-H): the input is known by its name, /dev/fd/N of inherited_path; a regex's
// text is kept (the line or the match), a fixed pattern's is the pattern.
SearchMatch parse_line(std::string_view line, const std::vector<std::string>& names, const std::string& tool,
                       bool keep_text) {
    for (std::uint32_t f = 0; f < names.size(); ++f) {
        const std::string_view name = names[f];
        if (line.size() <= name.size() || line.substr(0, name.size()) != name || line[name.size()] != ':') continue;
        const std::string_view rest = line.substr(name.size() + 1);
        std::uint64_t offset = 0;
        std::size_t i = 0;
        for (; i < rest.size() && rest[i] >= '0' && rest[i] <= '9'; ++i) offset = offset * 10 + unsigned(rest[i] - '0');
        if (i > 0 && i < rest.size() && rest[i] == ':') {
            if (!keep_text) return {f, offset};
            return {f, offset, std::string(rest.substr(i + 1))};
        }
    }
    fail("cannot parse " + tool + "'s output line '" + std::string(line.substr(0, 200)) + "'");
}

}  // namespace

Outcome search_with_tool(const RunSpec& spec, RunContext& ctx, std::vector<std::string> argv, const std::string& tool,
                         bool in_order) {
    const Job job = open_job(spec, ctx);  // the same checks (and FIFO safety) as the others
    std::vector<File> files;
    std::vector<int> inherit;
    std::vector<std::string> names;
    argv.push_back(job.regex ? "-P" : "-F");
    if (!job.regex || job.only_matching) argv.push_back("-o");
    argv.push_back("--");
    argv.push_back(job.pattern);
    for (const Input& in : job.inputs) {  // the tool reads the very files opened and checked here
        files.push_back(open_input(in));
        names.push_back(inherited_path(inherit.size()));
        inherit.push_back(files.back().fd());
        argv.push_back(names.back());
    }
    const bool all_lines = job.count || (!in_order && job.inputs.size() > 1);
    const std::size_t lines = all_lines ? std::numeric_limits<std::size_t>::max() : std::size_t(job.max_matches);
    const ChildRun child = run_child(argv, ctx, lines, inherit);
    if (ctx.should_stop()) return {};
    if (!child.cut_off && child.exit_code != 0 && child.exit_code != 1) fail(tool + " failed: " + child.failure());
    std::vector<SearchMatch> matches;
    for (std::size_t from = 0; from < child.out.size();) {
        std::size_t end = child.out.find('\n', from);
        if (end == std::string::npos) end = child.out.size();
        matches.push_back(parse_line(std::string_view(child.out).substr(from, end - from), names, tool, job.regex));
        from = end + 1;
    }
    std::stable_sort(matches.begin(), matches.end());  // files searched at once print as they finish
    Collector out(job);
    for (SearchMatch& m : matches)
        if (!(job.only_matching && m.text && m.text->empty()))  // rg -o prints empty matches; grep -o does not
            out.add(m.file, m.offset, std::move(m.text));
    std::uint64_t bytes = 0;
    for (const Input& in : job.inputs) bytes += in.size;
    ctx.add_progress(bytes);
    return out.take();
}

}  // namespace sfp::search
