// sfpbench wordcount FILE... — stdout exactly as `LC_ALL=C wc FILE...`, or the word-length histogram.
#include <QJsonDocument>
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "parameter_flags.hpp"
#include "result_json.hpp"
#include "sfp/run.hpp"
#include "sfp/wordcount.hpp"

namespace cli {
namespace {

const FlagHint kHints[] = {{"block_size", "256K", {}}, {"separators", {}, "E.g. ' \\t,.'."}};

}  // namespace

int cmd_wordcount(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Count lines, words and bytes and print them exactly as `LC_ALL=C wc FILE...` does, or the\n"
        "word-length histogram (--histogram). Timing and notes go to standard error. Exit: 0 counted,\n"
        "2 trouble (a missing file, a directory or a FIFO is refused before anything is read).");
    p.addPositionalArgument("FILE", "files to count", "FILE...");
    p.addOption({"strategy", "auto, strtok, loop, pipeline, simd, striped, files or wc (default auto: times striped and\n"
                             "simd on the start of the inputs, the faster counts the rest).",
                 "name", "auto"});
    add_parameter_flags(p, "wordcount", kHints);
    p.addOption({"histogram", "Print the word-length histogram (lengths 1 to 31, 31 = 31 or more) instead."});
    p.addOption({"json", "Print the whole result as JSON instead."});
    if (!parse_or_help(p, "wordcount", args)) return exit_ok;
    const QStringList files = p.positionalArguments();
    if (files.isEmpty()) throw UsageError{"wordcount needs at least one file (see `sfpbench wordcount --help`)"};

    sfp::RunSpec spec;
    spec.algorithm = "wordcount";
    spec.strategy = p.value("strategy").toStdString();
    for (const QString& f : files) spec.inputs.push_back(path_bytes(f));
    read_parameter_flags(p, "wordcount", spec, kHints);
    if (p.isSet("histogram") && spec.strategy == "wc")
        throw UsageError{"the wc strategy counts no word lengths; --histogram needs another strategy"};

    sfp::Progress& progress = signal_progress();
    const sfp::RunResult r = sfp::run_once(spec, progress);

    if (p.isSet("json")) {
        std::fputs(QJsonDocument(core::result_json(r)).toJson().constData(), stdout);
    } else if (const auto* o = r.outcome.get_if<sfp::WordCountOutcome>()) {
        const std::string text = p.isSet("histogram") ? sfp::format_histogram(*o) : sfp::format_wc_lines(*o, spec.inputs);
        std::fputs(text.c_str(), stdout);
        flush_stdout();
    }
    return finish_run(r);
}

}  // namespace cli
