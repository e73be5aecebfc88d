// sfpbench compare A B — stdout exactly as `cmp -l A B | head -N`; exit 0 same, 1 different.
#include "cli_support.hpp"
#include "commands.hpp"
#include "one_run.hpp"

namespace cli {
namespace {

const std::span<const FlagHint> kHints = one_run_command("compare")->hints;

}  // namespace

int cmd_compare(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Compare two files and print the first N differing bytes exactly as `cmp -l A B | head -N`\n"
        "does. Timing and length notes go to standard error. Exit: 0 identical, 1 different, 2 trouble.");
    p.addPositionalArgument("A", "first file");
    p.addPositionalArgument("B", "second file");
    add_one_run_flags(p, "compare", kHints);
    p.addOption({"json", "Print the whole result as JSON instead."});
    if (!parse_or_help(p, "compare", args)) return exit_ok;
    const QStringList files = p.positionalArguments();
    check_operands("compare", files);
    return run_and_print(p, one_run_spec(p, "compare", files, kHints));
}

}  // namespace cli
