// sfpbench clean — remove the generated data the tool made in its workspace, nothing else.
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "sfp/workspace.hpp"

namespace cli {

int cmd_clean(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Remove the files sfpbench generated in its workspace (listed in its manifest) and print\n"
        "each removed path. Other files in the workspace are never touched.");
    p.addOption({"workdir", "The workspace (default ~/.cache/sfpbench, as `sfpbench run` uses).", "dir"});
    if (!parse_or_help(p, "clean", args)) return exit_ok;
    if (!p.positionalArguments().isEmpty()) throw UsageError{"clean takes no arguments (use --workdir DIR)"};
    const std::string workdir = p.isSet("workdir") ? path_bytes(p.value("workdir")) : sfp::default_workdir();
    const std::vector<std::string> removed = sfp::clean_workspace(workdir);
    for (const std::string& path : removed) std::printf("%s\n", path.c_str());
    std::fprintf(stderr, "removed %zu file(s) from %s\n", removed.size(), workdir.c_str());
    return exit_ok;
}

}  // namespace cli
