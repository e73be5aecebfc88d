// sfpbench iterate DIR... — hash every file of a tree; files, bytes, skipped and the
// order-independent digest on stdout, listing and processing time apart on stderr.
#include "cli_support.hpp"
#include "commands.hpp"
#include "one_run.hpp"

namespace cli {
namespace {

const std::span<const FlagHint> kHints = one_run_command("iterate")->hints;

}  // namespace

int cmd_iterate(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Hash the first SCOPE bytes (or all) of every regular file under each DIR with XXH3-64.\n"
        "Symbolic links are not followed; FIFOs, sockets and devices are not opened; unreadable or\n"
        "vanished entries are skipped and named on standard error. Standard output: files, bytes,\n"
        "skipped and a digest that is the same for every order and strategy. Exit: 0 done, 2 trouble.");
    p.addPositionalArgument("DIR", "directories to hash (one or more)", "DIR...");
    add_one_run_flags(p, "iterate", kHints);
    p.addOption({"json", "Print the whole result as JSON instead."});
    if (!parse_or_help(p, "iterate", args)) return exit_ok;
    const QStringList dirs = p.positionalArguments();
    check_operands("iterate", dirs);

    return run_and_print(p, one_run_spec(p, "iterate", dirs, kHints));
}

}  // namespace cli
