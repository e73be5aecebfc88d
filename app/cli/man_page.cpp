// sfpbench(1) in roff (man(7)): the commands with their arguments and options as each command
// declares them, the strategies as the registry lists them; only the frame is written here.
#include "cli_support.hpp"
#include "reference.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/registry.hpp"
#include "qtext.hpp"

namespace cli {
namespace {

using core::qtext;

// Text as roff: backslashes, minus signs and quotes escaped; no line taken for a request.
QString roff(QString text) {
    text.replace('\\', "\\e").replace('-', "\\-").replace('\'', "\\(aq").replace('`', "\\(ga");
    return text.startsWith('.') ? "\\&" + text : text;
}

// A help text as roff: its lines run on into filled paragraphs, an empty line starts the next;
// lines indented by the author (a table of modes) are kept as they are.
QString paragraphs(const QString& text) {
    QString out;
    bool kept = false;
    for (const QString& line : text.split('\n')) {
        const bool indented = line.startsWith(' ');
        if (indented != kept) out += indented ? ".nf\n" : ".fi\n";
        kept = indented;
        out += line.trimmed().isEmpty() ? QString(".PP\n") : roff(line) + '\n';
    }
    return kept ? out + ".fi\n" : out;
}

// "\fB\-\-strategy\fR \fIname\fR", "\fB\-n\fR, \fB\-\-lines\fR".
QString option_term(const OptionDoc& o) {
    QStringList names;
    for (const QString& n : o.names) names << "\\fB" + roff(QString(n.size() == 1 ? "-" : "--") + n) + "\\fR";
    const QString value = o.value_name.isEmpty() ? QString() : " \\fI" + roff(o.value_name) + "\\fR";
    return names.join(", ") + value;
}

QString term(const QString& label, const QString& text) {
    return ".TP\n" + label + '\n' + roff(text.simplified()) + '\n';
}

QString command_section(const CommandDoc& c) {
    QString out = ".SS \"" + roff(c.name) + "\"\n\\fBsfpbench " + roff(c.name) + "\\fR [\\fIoptions\\fR]";
    for (const ArgumentDoc& a : c.arguments) out += " \\fI" + roff(a.syntax) + "\\fR";
    out += "\n.PP\n" + paragraphs(c.description);
    for (const ArgumentDoc& a : c.arguments) out += term("\\fI" + roff(a.name) + "\\fR", a.description);
    for (const OptionDoc& o : c.options) out += term(option_term(o), o.description);
    return out + term("\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Show this help.");
}

QString strategies_section() {
    QString out =
        ".SH STRATEGIES\nEach algorithm's strategies, as the registry lists them; "
        "\\fBsfpbench strategies\\fR also says which run on this machine, and with an "
        "algorithm's name, its parameters.\n";
    for (std::string_view algorithm : sfp::algorithms()) {
        out += ".SS " + roff(qtext(algorithm)) + '\n';
        const std::string_view fallback = sfp::algorithm_io(algorithm)->default_strategy;
        for (const sfp::Strategy* s : sfp::strategies_of(algorithm))
            out += term("\\fB" + roff(qtext(s->name)) + "\\fR" + (s->name == fallback ? " (default)" : ""),
                        qtext(s->description));
    }
    return out;
}

QString exit_status_section() {
    return QString(".SH \"EXIT STATUS\"\n") +
           term(QString(".B %1").arg(exit_ok), "Success; for compare: the files are identical.") +
           term(QString(".B %1").arg(exit_different), "compare: the files differ.") +
           term(QString(".B %1").arg(exit_trouble),
                "Trouble: a bad flag or value, a file that cannot be read or written, a run that failed "
                "or whose result disagreed with the others (MISMATCH), or standard output that could not "
                "be written. The message on standard error names what, which path and why.") +
           term(QString(".B %1").arg(exit_cancelled),
                "Cancelled by Ctrl-C (128 + the signal's number: 143 for SIGTERM, 129 for SIGHUP). The "
                "current run stops within a block, its temporary files are removed and the completed "
                "runs are kept.");
}

const char* const kFrame = R"sh(.SH DESCRIPTION
sfpbench measures sequential file processing: comparing two files, transforming one into another,
counting words and hashing every file of a tree, each by a choice of strategies (read with a block
size, memory mapping, threads over stripes, io_uring, the system tool) over parameters such as the
block size and the number of threads.
It reports elapsed, user and system time (CPU time of its own threads only), the page-cache
residency of the inputs before every run, and a digest of every outcome, so that a fast but wrong
strategy is flagged.
The one-run commands print what the system tool prints (cmp, wc, xxhsum); timing goes to standard
error.
.B sfpbench\-gui
is the same engine in a window.
)sh";

const char* const kEnd = R"sh(.SH ENVIRONMENT
.TP
.B XDG_CACHE_HOME
The workspace for generated data is \fI$XDG_CACHE_HOME/sfpbench\fR when it is an absolute path.
.SH FILES
.TP
.I ~/.cache/sfpbench
The workspace: data that \fBrun \-\-sizes\fR generates, kept for the next run with the same
kind, size and seed.
.TP
.I ~/.cache/sfpbench/sfpbench\-manifest.txt
The files sfpbench generated there; \fBsfpbench clean\fR removes those and nothing else.
.SH EXAMPLES
Compare two files as \fBcmp \-l A B | head \-8\fR would:
.PP
.RS
.EX
sfpbench compare A B
.EE
.RE
.PP
Time two compare strategies over block sizes and threads on a generated 64 MiB pair, keeping
every run as CSV and the report as JSON:
.PP
.RS
.EX
sfpbench run \-\-strategies read,mmap\-mt \-\-block 4K..64K \-\-threads 1,2 \e
    \-\-sizes 64M \-\-csv runs.csv \-\-json report.json
.EE
.RE
.PP
Count words as \fBLC_ALL=C wc\fR does, and the word-length histogram:
.PP
.RS
.EX
sfpbench wordcount /usr/share/common\-licenses/GPL\-3
sfpbench wordcount \-\-histogram /usr/share/common\-licenses/GPL\-3
.EE
.RE
.PP
Compare your results with another machine's, and render them for readers:
.PP
.RS
.EX
sfpbench diff theirs.json report.json
sfpbench report report.json \-\-pdf report.pdf
.EE
.RE
.SH "SEE ALSO"
.BR cmp (1),
.BR wc (1),
.BR xxhsum (1),
.BR fio (1)
)sh";

}  // namespace

std::string man_page(std::span<const CommandDoc> commands, const QString& version) {
    QString out =
        ".\\\" Generated by `sfpbench help man` from the commands and the strategy registry; do not edit.\n"
        ".TH SFPBENCH 1 \"\" \"sfpbench " +
        roff(version) +
        "\" \"User Commands\"\n"
        ".nh\n.ad l\n"  // option and strategy names stay whole
        ".SH NAME\nsfpbench \\- measure how fast sequential file processing can go\n"
        ".SH SYNOPSIS\n.B sfpbench\n.I command\n.RI [ options ]\n.RI [ arguments ]\n.br\n"
        ".B sfpbench\n.RB [ \\-\\-help | \\-\\-version ]\n.br\n"
        ".B sfpbench help\n.RB [ man | completion ]\n";
    out += kFrame;
    out += ".PP\nThe commands:\n";
    for (const CommandDoc& c : commands) out += term("\\fB" + roff(c.name) + "\\fR", c.summary);
    out += ".SH COMMANDS\n";
    for (const CommandDoc& c : commands) out += command_section(c);
    out += strategies_section() + exit_status_section() + kEnd;
    return out.toStdString();
}

}  // namespace cli
