// sfpbench clean — remove the generated data the tool made in its workspace, nothing else.
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "sfp/failure.hpp"
#include "sfp/workspace.hpp"

namespace cli {

int cmd_clean(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Remove the files sfpbench generated in its workspace (listed in its manifest) and the\n"
        "temporaries a killed writer left there, and print each removed path. Other files in the\n"
        "workspace are never touched. A running experiment holds its workspace: clean then refuses,\n"
        "naming the process, or waits for it with --wait.");
    p.addOption({"workdir", "The workspace (default ~/.cache/sfpbench, as `sfpbench run` uses).", "dir"});
    p.addOption({"wait", "Wait for the experiments using the workspace to end instead of refusing."});
    if (!parse_or_help(p, "clean", args)) return exit_ok;
    if (!p.positionalArguments().isEmpty()) throw UsageError{"clean takes no arguments (use --workdir DIR)"};
    const std::string workdir = p.isSet("workdir") ? path_bytes(p.value("workdir")) : sfp::default_workdir();
    sfp::Progress& progress = signal_progress();
    std::vector<std::string> removed;
    try {
        removed = sfp::clean_workspace(workdir, p.isSet("wait"), &progress.cancel);
    } catch (const sfp::Failure& e) {
        if (progress.cancel) return exit_cancelled;
        throw;
    }
    for (const std::string& path : removed) std::printf("%s\n", path.c_str());
    std::fprintf(stderr, "removed %zu file(s) from %s\n", removed.size(), workdir.c_str());
    return exit_ok;
}

}  // namespace cli
