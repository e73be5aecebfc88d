// sfpbench report — report JSON files (from `run --json` or the window) rendered for readers:
// a Markdown table per input, or a PDF with machine, method, plots, statistics and replay.
#include <QFileInfo>
#include <QSet>
#include <cstring>

#include "cli_support.hpp"
#include "atomic_write.hpp"
#include "commands.hpp"
#include "drawing.hpp"
#include "report_import.hpp"
#include "report_load.hpp"
#include "report_markdown.hpp"
#include "sfp/report.hpp"

namespace cli {
namespace {

// The first file is the report; the others are set beside it, named by their file names.
struct Loaded {
    sfp::ExperimentReport report;
    std::vector<core::ComparedSet> extra;
};

Loaded load(const QStringList& files) {
    Loaded out;
    try {
        out.report = core::load_report(files[0]);
        for (qsizetype i = 1; i < files.size(); ++i) {  // the rule diff follows: same algorithm, differences said
            out.extra.push_back({QFileInfo(files[i]).completeBaseName(), core::load_report(files[i])});
            core::check_comparable(core::traits_of(out.report), core::traits_of(out.extra.back().report), files[i]);
        }
    } catch (const core::ReportError& e) {
        throw UsageError{QString::fromUtf8(e.what())};
    }
    return out;
}

void write_pdf(const QString& path, const Loaded& in) {
    const QByteArray pdf = render_report_pdf(in.report, in.extra);
    if (pdf.isEmpty()) throw UsageError{QString("cannot render the report for '%1'").arg(path)};
    const OutputWriting writing;
    core::write_atomically(path, pdf);
}

}  // namespace

// Only --pdf draws (drawing.hpp); decided from the bytes, before Qt is set up, as main() needs it.
bool command_draws(int argc, char** argv) {
    bool pdf = false;
    for (int i = 2; i < argc; ++i) pdf = pdf || std::strncmp(argv[i], "--pdf", 5) == 0;
    return argc >= 2 && std::strcmp(argv[1], "report") == 0 && pdf;
}

int cmd_report(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Render report files (from `sfpbench run --json` or the window's export) for readers.\n"
        "The first REPORT.json is the report; any further ones are compared with it cell by cell.\n"
        "--markdown: one table per input (median, +/- 95% CI, CV, MB/s, x slower; the fastest in bold),\n"
        "then method, machine and the spec that replays it. --pdf: the same with the plots (one Lines\n"
        "plot per swept parameter and the slowdown chart), vector, fonts embedded; no display needed.\n"
        "Exit: 0 written, 2 a file that is not a report, an output that cannot be written.\n"
        "Example: sfpbench report runs.json --markdown report.md --pdf report.pdf");
    p.addPositionalArgument("REPORT.json", "reports written by `sfpbench run --json`", "REPORT.json...");
    p.addOption({"markdown", "Write the report as Markdown to FILE.", "file"});
    p.addOption({"pdf", "Write the report as PDF to FILE.", "file"});
    add_noise_option(p);
    if (!parse_or_help(p, "report", args)) return exit_ok;
    const double noise = noise_of(p);  // checked before anything is read
    const QStringList files = p.positionalArguments();
    if (files.isEmpty()) throw UsageError{"report: give one or more report files (from `sfpbench run --json`)"};
    if (!p.isSet("markdown") && !p.isSet("pdf")) throw UsageError{"report: give --markdown FILE, --pdf FILE or both"};
    core::OutputPaths taken;
    for (const QString& f : files) taken.protect(f);
    for (const char* flag : {"markdown", "pdf"})
        if (p.isSet(flag)) check_output_path(flag, p.value(flag), taken);
    exit_at_once_on_signals();  // reading and rendering a large report may take long; nothing is written until the end
    Loaded in = load(files);
    if (p.isSet("noise")) in.report.noise = noise;  // else the one the report recorded
    if (p.isSet("markdown")) {
        const QByteArray markdown = core::report_markdown(in.report, in.extra);
        const OutputWriting writing;
        core::write_atomically(path_bytes(p.value("markdown")), markdown);
    }
    if (p.isSet("pdf")) write_pdf(p.value("pdf"), in);
    return signal_progress().cancel ? exit_cancelled : exit_ok;
}

}  // namespace cli
