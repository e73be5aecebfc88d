// sfpbench wordcount FILE... — stdout exactly as `LC_ALL=C wc FILE...`, or the word-length histogram.
#include "cli_support.hpp"
#include "commands.hpp"
#include "one_run.hpp"

namespace cli {
namespace {

const std::span<const FlagHint> kHints = one_run_command("wordcount")->hints;

}  // namespace

int cmd_wordcount(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Count lines, words and bytes and print them exactly as `LC_ALL=C wc FILE...` does, or the\n"
        "word-length histogram (--histogram). Timing and notes go to standard error. Exit: 0 counted,\n"
        "2 trouble (a missing file, a directory or a FIFO is refused before anything is read).");
    p.addPositionalArgument("FILE", "files to count", "FILE...");
    add_one_run_flags(p, "wordcount", kHints);  // --histogram among them: count lengths and print them instead
    p.addOption({"json", "Print the whole result as JSON instead."});
    if (!parse_or_help(p, "wordcount", args)) return exit_ok;
    const QStringList files = p.positionalArguments();
    check_operands("wordcount", files);

    const sfp::RunSpec spec = one_run_spec(p, "wordcount", files, kHints);
    if (p.isSet("histogram") && spec.strategy == "wc")
        throw UsageError{"the wc strategy counts no word lengths; --histogram needs another strategy"};
    return run_and_print(p, spec);
}

}  // namespace cli
