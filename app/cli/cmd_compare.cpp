// sfpbench compare A B — stdout exactly as `cmp -l A B | head -N`; exit 0 same, 1 different.
#include <QJsonDocument>
#include <cstdio>

#include "cli_support.hpp"
#include "commands.hpp"
#include "parameter_flags.hpp"
#include "result_json.hpp"
#include "sfp/compare.hpp"
#include "sfp/run.hpp"

namespace cli {

int cmd_compare(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Compare two files and print the first N differing bytes exactly as `cmp -l A B | head -N`\n"
        "does. Timing and length notes go to standard error. Exit: 0 identical, 1 different, 2 trouble.");
    p.addPositionalArgument("A", "first file");
    p.addPositionalArgument("B", "second file");
    p.addOption({"strategy", "read, pread-mt, mmap, mmap-mt, adaptive or cmp (default adaptive).", "name", "adaptive"});
    add_parameter_flags(p, "compare");
    p.addOption({"json", "Print the whole result as JSON instead."});
    if (!parse_or_help(p, "compare", args)) return exit_ok;
    const QStringList files = p.positionalArguments();
    if (files.size() != 2) throw UsageError{"compare needs two files (see `sfpbench compare --help`)"};

    sfp::RunSpec spec;
    spec.algorithm = "compare";
    spec.strategy = p.value("strategy").toStdString();
    spec.inputs = {path_bytes(files[0]), path_bytes(files[1])};
    read_parameter_flags(p, "compare", spec);

    sfp::Progress& progress = signal_progress();
    const sfp::RunResult r = sfp::run_once(spec, progress);

    if (p.isSet("json")) {
        std::fputs(QJsonDocument(core::result_json(r)).toJson().constData(), stdout);
    } else if (const auto* o = r.outcome.get_if<sfp::CompareOutcome>()) {
        std::fputs(sfp::format_cmp_lines(*o).c_str(), stdout);
        flush_stdout();  // the mismatch lines before the length note on stderr
        const std::string eof = sfp::format_length_note(*o, spec.inputs[0], spec.inputs[1]);
        if (!eof.empty()) print_error(eof);
    }
    if (const int code = finish_run(r); code != exit_ok) return code;
    return r.outcome.get<sfp::CompareOutcome>().identical() ? exit_ok : exit_different;
}

}  // namespace cli
