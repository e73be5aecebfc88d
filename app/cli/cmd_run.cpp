// sfpbench run — an experiment matrix from flags or a saved spec; CSV/JSON exports, summary.
#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <memory>
#include <optional>

#include "cli_support.hpp"
#include "commands.hpp"
#include "experiment_file.hpp"
#include "limits_json.hpp"
#include "limits_text.hpp"
#include "parameter_flags.hpp"
#include "progress_line.hpp"
#include "arg_bytes.hpp"
#include "report_export.hpp"
#include "report_markdown.hpp"
#include "sfp/atomic_file.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/command.hpp"
#include "sfp/experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/parameter.hpp"
#include "sfp/plan.hpp"
#include "sfp/preflight.hpp"
#include "sfp/registry.hpp"
#include "sfp/report.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_record.hpp"
#include "sfp/schedule.hpp"
#include "value_lists.hpp"
#include "visible_text.hpp"
#include "qtext.hpp"

namespace cli {
namespace {

// The flags that describe the experiment (as opposed to where its results go), by the spec
// field each sets (SpecError names fields).
const FieldFlag kSpecFlags[] = {
    {"algorithm", "algorithm"},
    {"strategies", "strategies"},
    {"block_sizes", "block"},
    {"threads", "threads"},
    {"sizes", "sizes"},
    {"data_kind", "data"},
    {"inputs", "input"},
    {"repetitions", "reps"},
    {"warmups", "warmup"},
    {"cache", "cache"},
    {"order", "order"},
    {"seed", "seed"},
    {"options", "option"},
    {"workdir", "workdir"},
    {"limits_in_rounds", "limits-in-rounds"},
    {"commands", "command"},
    {"command_output", "command-output"},
    {"timeline", "timeline"},
};

std::vector<std::string> swept_names() {
    std::vector<std::string> names;
    for (const sfp::Parameter* p : sfp::swept_parameters()) names.emplace_back(p->name);
    return names;
}

using core::qtext;

// "packing: lines per hand-off ... (wordcount); 1 to 100000, a list 1,10,100 or a range 1..100000 in steps of x10."
QString swept_help(const sfp::Parameter& p) {
    QStringList users;
    for (std::string_view algorithm : sfp::algorithms())
        if (const sfp::Parameter* q = sfp::find_parameter(algorithm, p.name); q && q->sweepable)
            users << qtext(algorithm);
    const QString how = p.type == sfp::ParameterType::count ? "a list 1,10,100 or a range 1..100000 in steps of x10"
                                                            : "a comma-separated list";
    return QString("%1 (%2): %3; %4, %5.")
        .arg(qtext(p.name), users.join(", "), qtext(p.help), QString::fromStdString(sfp::limits_text(p)), how);
}

// The values of a swept flag by the algorithm's declaration of it: counts as decade lists,
// sizes, choices and flags by name. An algorithm without it: read as numbers, refused later.
std::vector<std::uint64_t> swept_values(const QString& text, const std::string& algorithm, const std::string& name) {
    const std::string flag = "--" + name;
    const sfp::Parameter* p = sfp::find_parameter(algorithm, name);
    if (!p || p->type == sfp::ParameterType::count) return decade_list(text, flag.c_str(), p);
    std::vector<std::uint64_t> out;
    for (const std::string& item : name_list(text, flag.c_str()))
        out.push_back(std::uint64_t(table_value(*p, QString::fromStdString(item), flag.c_str())));
    return out;
}

struct Output {
    const char* flag;
    QByteArray (*render)(const sfp::ExperimentReport&);
};
const Output kOutputs[] = {{"csv", core::runs_csv},
                           {"summary-csv", core::summary_csv},
                           {"json", core::report_json},
                           {"markdown", core::report_markdown}};

void add_options(CommandLine& p) {
    p.addPositionalArgument("EXPERIMENT.json", "replay a saved experiment (from --print-spec or the GUI)",
                            "[EXPERIMENT.json]");
    QStringList algorithms;  // the registry's, the first by default
    for (std::string_view a : sfp::algorithms()) algorithms << qtext(a);
    p.addOption({"algorithm", QString("%1 (default %2).").arg(algorithms.join(", "), algorithms.value(0)), "name",
                 algorithms.value(0)});
    p.addOption({"strategies", "Comma-separated strategies (default: all of the algorithm's).", "list"});
    p.addOption({"block", "Block sizes: 512,4K,64K or a range of powers of two 512..1M (default 4K).", "list", "4K"});
    p.addOption({"threads", "Thread counts: 1,2 or a range 1..4; 0 = all online CPUs (the default).", "list"});
    p.addOption({"sizes", "Generate inputs of these sizes in the workspace: 64M,256M.", "list"});
    p.addOption({"data",
                 QString("Kind of generated data: %1 (default: what the algorithm reads).")
                     .arg(QString::fromStdString(sfp::input_kind_names())),
                 "kind"});
    p.addOption({"input", "An existing input file instead of generated data (repeat for two files).", "file"});
    p.addOption({"reps", "Timed repetitions per cell (default 5).", "n", "5"});
    p.addOption({"warmup", "Untimed warm-up runs per cell before its first timed run (default 1).", "n", "1"});
    p.addOption({"cache",
                 "hot: evict the inputs, then read them once before the runs (the state of a file read "
                 "from disk); hot-written: keep the state writing leaves (generated data is written "
                 "just before); cold: evict them before every run (default hot).",
                 "mode", "hot"});
    p.addOption({"order",
                 "interleaved: each round runs every cell once in a seeded random order;\n"
                 "sequential: all repetitions of a cell together (default interleaved).",
                 "order", "interleaved"});
    p.addOption({"seed", "Seed of the generated data and the interleaved order (default 1).", "n", "1"});
    for (const sfp::Parameter* swept : sfp::swept_parameters())
        p.addOption({qtext(swept->name), swept_help(*swept), "list"});
    p.addOption({"option",
                 "An algorithm option, e.g. max_mismatches=8 (repeatable; `sfpbench strategies ALG` lists them).",
                 "key=value"});
    p.addOption({"command",
                 "Your own program as a strategy NAME (repeatable): its TEMPLATE's placeholders {input} ({a} {b} "
                 "for a pair), {output} (cipher), {block}, {threads} and any option by name; run without a shell "
                 "unless it starts with sh: (docs/cli.md).",
                 "NAME=TEMPLATE"});
    p.addOption({"command-output",
                 "How the --command programs' answers are checked: status (compare's exit 0/1), wc (wordcount), "
                 "file (cipher's output), xxhsum (iterate) or none (unchecked; default: the algorithm's).",
                 "check"});
    p.addOption({"allow-commands",
                 "Run the commands an experiment file holds (refused without it: a file from elsewhere never "
                 "runs a program you did not see)."});
    p.addOption({"workdir", "Workspace for generated data (default ~/.cache/sfpbench).", "dir"});
    p.addOption({"csv", "Write every timed run as CSV (RFC 4180) to FILE.", "file"});
    p.addOption({"summary-csv", "Write one CSV row of statistics per cell to FILE.", "file"});
    p.addOption({"json", "Write spec, machine, runs, statistics and rankings as JSON to FILE.", "file"});
    p.addOption({"markdown", "Write the statistics as Markdown tables, with method and machine, to FILE.", "file"});
    p.addOption({"limits-in-rounds",
                 "Measure the limits the cells are judged against once per repetition round, "
                 "among the cells (quick, about a second a round): each run against its own "
                 "round's figure (docs/limits.md); interleaved order only. The experiment file's "
                 "\"limits_in_rounds\": true."});
    p.addOption({"timeline",
                 "Record what each thread of every run did when (each block, hand-off and wait) into the --json "
                 "report's runs (docs/results-format.md). Costs a clock read per unit of work. The experiment "
                 "file's \"timeline\": true."});
    p.addOption({"print-spec", "Print the experiment as JSON (a file to replay) instead of running it."});
    add_noise_option(p);
}

template <typename Enum, std::size_t N>
Enum enum_flag(const QCommandLineParser& p, const char* flag, const Enum (&values)[N]) {
    const QString text = p.value(flag);
    QStringList names;
    for (Enum e : values) {
        if (text == QLatin1String(sfp::to_string(e))) return e;
        names << sfp::to_string(e);
    }
    throw UsageError{QString("--%1 '%2': expected %3").arg(flag, text, names.join(" or "))};
}

// The absolute path as bytes (a name that is not UTF-8 stays what the user typed). In a
// directory deeper than PATH_MAX getcwd fails (an empty current path): the name stays relative,
// which the kernel still resolves, never "/NAME".
std::string absolute(const QString& path) {
    const std::string bytes = path_bytes(path);
    const std::string here = bytes.starts_with('/') ? std::string() : path_bytes(QDir::currentPath());
    return here.empty() ? bytes : here + "/" + bytes;
}

// Every bad flag of a run, one line each, so all are fixed at once. Steps are tried flag by
// flag; a flag already named is not named again by the checks that follow the reading.
class FlagProblems {
public:
    template <typename Step>
    void attempt(const QString& flag, Step&& step) {
        try {
            step();
        } catch (const UsageError& e) {
            add(flag, e.message);
        }
    }
    void add(const QString& flag, const QString& text) {  // one line per line of `text`
        if (flag.isEmpty() || !named_.contains(flag)) lines_ << text.split('\n');
        if (!flag.isEmpty()) named_.insert(flag);
    }
    // A problem the validator found: every one, but none about a flag that could not be read.
    void add_checked(const QString& flag, const QString& text) {
        if (flag.isEmpty() || !named_.contains(flag)) lines_ << text;
    }
    bool empty() const { return lines_.isEmpty(); }
    const QStringList& lines() const { return lines_; }

private:
    QStringList lines_;
    QSet<QString> named_;
};

// The --command flags: NAME=TEMPLATE each, checked as --command-output says (else the algorithm's way).
void read_commands(const QCommandLineParser& p, sfp::Experiment& e, FlagProblems& problems) {
    sfp::CommandCheck check = sfp::CommandCheck::automatic;
    if (p.isSet("command-output")) {
        const auto named = sfp::command_check_named(p.value("command-output").toStdString());
        if (named)
            check = *named;
        else
            problems.add("command-output", QString("--command-output '%1': expected %2")
                                               .arg(core::visible_text(p.value("command-output")),
                                                    QString::fromUtf8(sfp::kCommandCheckNames.data(),
                                                                      qsizetype(sfp::kCommandCheckNames.size()))));
    }
    for (const QString& given : p.values("command")) {
        const qsizetype eq = given.indexOf('=');
        if (eq <= 0)
            problems.add("", QString("--command '%1': expected NAME=TEMPLATE").arg(core::visible_text(given)));
        else
            e.commands.push_back({given.left(eq).toStdString(), given.mid(eq + 1).toStdString(), check});
    }
}

sfp::Experiment experiment_from_flags(const QCommandLineParser& p, FlagProblems& problems) {
    sfp::Experiment e;
    e.algorithm = p.value("algorithm").toStdString();
    if (p.isSet("strategies")) {
        problems.attempt("strategies", [&] { e.strategies = name_list(p.value("strategies"), "--strategies"); });
    }
    problems.attempt("block", [&] { e.sweeps["block_size"] = block_list(p.value("block"), "--block"); });
    if (p.isSet("threads"))
        problems.attempt("threads", [&] {
            const std::vector<unsigned> threads = threads_list(p.value("threads"), "--threads");
            e.sweeps["threads"].assign(threads.begin(), threads.end());
        });
    for (const QString& file : p.values("input")) {
        if (file.isEmpty())
            problems.add("input", "--input '': an empty path names no file");
        else
            e.inputs.push_back(absolute(file));
    }
    if (p.isSet("sizes")) problems.attempt("sizes", [&] { e.sizes = size_list(p.value("sizes"), "--sizes"); });
    if (p.isSet("data")) {
        e.data_kind = p.value("data").toStdString();
    } else if (e.inputs.empty()) {
        e.data_kind = core::default_data_kind(e.algorithm);
    }
    if (e.inputs.empty() && !p.isSet("sizes"))
        problems.add("sizes", "run: give --sizes (generated data) or --input FILE (see `sfpbench run --help`)");
    problems.attempt("reps", [&] { e.repetitions = unsigned(count_value(p.value("reps"), "--reps", true, UINT_MAX)); });
    problems.attempt("warmup",
                     [&] { e.warmups = unsigned(count_value(p.value("warmup"), "--warmup", true, UINT_MAX)); });
    static const sfp::CacheMode caches[] = {sfp::CacheMode::hot, sfp::CacheMode::hot_written, sfp::CacheMode::cold};
    static const sfp::Order orders[] = {sfp::Order::interleaved, sfp::Order::sequential};
    problems.attempt("cache", [&] { e.cache = enum_flag(p, "cache", caches); });
    problems.attempt("order", [&] { e.order = enum_flag(p, "order", orders); });
    bool seed_ok = false;
    e.seed = p.value("seed").toULongLong(&seed_ok);
    if (!seed_ok) problems.add("seed", QString("--seed '%1' is not a whole number").arg(p.value("seed")));
    for (const QString& kv : p.values("option")) {
        const qsizetype eq = kv.indexOf('=');
        if (eq <= 0)
            problems.add("", QString("--option '%1': expected key=value").arg(kv));
        else
            e.options[kv.left(eq).toStdString()] = kv.mid(eq + 1).toStdString();
    }
    e.limits_in_rounds = p.isSet("limits-in-rounds");
    e.timeline = p.isSet("timeline");
    if (p.isSet("workdir") && p.value("workdir").isEmpty())
        problems.add("workdir", "--workdir '': an empty path names no directory (. is the current one)");
    else if (p.isSet("workdir"))
        e.workdir = absolute(p.value("workdir"));
    for (const std::string& name : swept_names()) {
        const QString flag = QString::fromStdString(name);
        if (p.isSet(flag))
            problems.attempt(flag, [&] { e.sweeps[name] = swept_values(p.value(flag), e.algorithm, name); });
    }
    // None named: every strategy that takes these options (not regex for a fixed pattern, not
    // xxhsum for a partial scope), written out: a replay must not pick up strategies added later.
    if (!p.isSet("strategies"))
        for (const sfp::Strategy* s : sfp::strategies_of(e.algorithm))
            if (sfp::takes_options(*s, e.options).supported) e.strategies.emplace_back(s->name);
    read_commands(p, e, problems);
    for (const sfp::Command& c : e.commands)  // a command given is a cell, named or not
        if (std::find(e.strategies.begin(), e.strategies.end(), c.name) == e.strategies.end())
            e.strategies.push_back(c.name);
    return e;
}

// The experiment the flags or the file describe, judged and planned once (sfp::plan); nothing,
// after printing every problem, when they describe none.
using Judged = core::PlannedExperiment;

// "--block" for a field a flag sets (never for a file's field), else the field.
QString where_of(const sfp::Experiment& e, const std::string& field, bool from_file) {
    const QString flag = from_file ? QString() : flag_of_field(e.algorithm, field, kSpecFlags);
    return flag.isEmpty() ? QString::fromStdString(field) : "--" + flag;
}

// The problems only the files and the workspace tell (bad option values, unusable inputs or
// workspace, sizes that do not fit), one line each; nothing has run or been generated yet.
void print_file_problems(const Judged& j, bool from_file) {
    const std::vector<sfp::Problem>& problems = j.outcome.problems;
    for (std::size_t i = j.outcome.spec_problems; i < problems.size(); ++i)
        print_error(bytes_of_text(where_of(j.experiment, problems[i].field, from_file)) + ": " + problems[i].message);
}

std::optional<Judged> judged_flags(const QCommandLineParser& p) {
    FlagProblems problems;
    Judged j;
    j.experiment = experiment_from_flags(p, problems);
    j.outcome = sfp::plan(j.experiment);
    for (std::size_t i = 0; i < j.outcome.spec_problems;
         ++i) {  // in flag terms: "--block: block size 0 is out of range"
        const sfp::Problem& problem = j.outcome.problems[i];
        const QString flag = flag_of_field(j.experiment.algorithm, problem.field, kSpecFlags);
        problems.add_checked(flag, flag.isEmpty()
                                       ? QString::fromStdString(core::SpecError(problem.field, problem.message).what())
                                       : QString("--%1: %2").arg(flag, QString::fromStdString(problem.message)));
    }
    for (const QString& line : problems.lines()) print_error(line);
    if (problems.empty()) return j;
    print_file_problems(j, false);  // the inputs' and workspace's problems too, all at once
    return std::nullopt;
}

std::optional<Judged> judged(const QCommandLineParser& p) {
    const QStringList files = p.positionalArguments();
    if (files.size() > 1) throw UsageError{"run takes at most one experiment file"};
    if (files.isEmpty()) return judged_flags(p);
    QStringList spec_flags;
    for (const FieldFlag& f : kSpecFlags) spec_flags << QString::fromUtf8(f.flag.data(), qsizetype(f.flag.size()));
    for (const std::string& name : swept_names()) spec_flags << QString::fromStdString(name);
    for (const QString& flag : spec_flags)
        if (p.isSet(flag))
            throw UsageError{QString("--%1 cannot be combined with an experiment file: edit the file, or give only "
                                     "flags (--print-spec writes a file from flags)")
                                 .arg(flag)};
    try {
        return core::plan_experiment_file(files[0]);
    } catch (const core::SpecError& err) {  // one line per problem, each naming the file
        for (const core::SpecProblem& problem : err.problems)
            print_error(std::string(core::SpecError(problem.field, problem.reason, path_bytes(files[0])).what()));
        return std::nullopt;
    }
}

// Output files are checked before a possibly long experiment: a directory that exists and can
// be written, no two outputs the same file, and never an input or the spec itself.
void check_outputs(const QCommandLineParser& p, const sfp::Experiment& e) {
    core::OutputPaths taken;
    for (const std::string& in : e.inputs) taken.protect(text_of_bytes(in));
    for (const QString& spec : p.positionalArguments()) taken.protect(spec);
    for (const Output& out : kOutputs)
        if (p.isSet(out.flag)) check_output_path(out.flag, p.value(out.flag), taken);
}

// Writes every requested export; a failure is reported and the others are still written.
bool write_outputs(const QCommandLineParser& p, const sfp::ExperimentReport& report) {
    bool ok = true;
    for (const Output& out : kOutputs) {
        if (!p.isSet(out.flag)) continue;
        try {
            core::write_atomically(path_bytes(p.value(out.flag)), out.render(report));
        } catch (const core::ExportError& e) {
            print_error(std::string(e.what()));
            ok = false;
        }
    }
    return ok;
}

// A file's commands run only with --allow-commands: else every one is named in full (control
// characters made visible) and nothing runs. Commands given as flags the user typed.
bool commands_allowed(const QCommandLineParser& p, const sfp::Experiment& e) {
    if (e.commands.empty() || p.positionalArguments().isEmpty() || p.isSet("allow-commands")) return true;
    print_error(QString("%1 holds %2 command(s), which run only with --allow-commands; read them first:")
                    .arg(core::visible_text(p.positionalArguments().front()))
                    .arg(e.commands.size()));
    for (const sfp::Command& c : e.commands) print_error("  " + sfp::command_text(c));
    return false;
}

std::size_t bad_runs(const sfp::ExperimentReport& report) {
    std::size_t n = 0;
    for (const sfp::RunRecord& r : report.runs)
        n += r.status == sfp::RunStatus::error || r.status == sfp::RunStatus::mismatch;
    return n;
}

}  // namespace

int cmd_run(const QStringList& args) {
    CommandLine p;
    p.setApplicationDescription(
        "Run an experiment: every strategy x block size x thread count x input, repeated, measured\n"
        "and checked against each other. Parameters a strategy does not use do not multiply its cells.\n"
        "Prints a summary table and, per input, the fastest cell and how much slower the others are,\n"
        "each with a 95% confidence interval and a rank test from 6 repetitions on (docs/statistics.md).\n"
        "Ctrl-C stops the current run, writes the completed runs and exits 130.\n"
        "Exit: 0 all runs ok, 2 bad flags or spec, an output that could not be written, or runs that\n"
        "failed or disagreed (MISMATCH), 130 cancelled.\n"
        "Example: sfpbench run --strategies read,mmap-mt --block 4K..64K --threads 1,2 --sizes 64M --csv runs.csv");
    add_options(p);
    if (!parse_or_help(p, "run", args, {"input", "option", "command"})) return exit_ok;
    const double noise = noise_of(p);
    const std::optional<Judged> spec = judged(p);
    if (!spec) return exit_trouble;
    const sfp::Experiment& experiment = spec->experiment;
    if (p.isSet("print-spec")) {
        std::fputs(core::experiment_text(experiment).constData(), stdout);
        return exit_ok;
    }
    print_file_problems(*spec, !p.positionalArguments().isEmpty());
    if (!spec->outcome.ready() || !commands_allowed(p, experiment)) return exit_trouble;
    check_outputs(p, experiment);
    if (p.isSet("timeline") && !p.isSet("json"))
        throw UsageError{"--timeline: the timeline is written into the --json report; add --json FILE"};

    sfp::Progress& progress = signal_progress();
    sfp::ExperimentReport report;
    {
        std::unique_ptr<ProgressLine> line;
        if (::isatty(STDERR_FILENO)) line = std::make_unique<ProgressLine>(progress, experiment.repetitions);
        report = sfp::run_experiment(*spec->outcome.plan, progress, line.get(), core::run_limits_policy());
    }
    report.noise = noise;
    if (report.cancelled && report.runs.empty()) {  // nothing to keep: earlier exports stay as they were
        QStringList kept;
        for (const Output& out : kOutputs)
            if (p.isSet(out.flag)) kept << p.value(out.flag);
        print_error(kept.isEmpty() ? QString("cancelled before any run completed")
                                   : QString("cancelled before any run completed: %1 left as %2")
                                         .arg(kept.join(", "), kept.size() == 1 ? "it was" : "they were"));
        return exit_cancelled;
    }
    const bool written = write_outputs(p, report);
    std::fputs(qPrintable(core::summary_text(report)), stdout);
    flush_stdout();
    if (const QString warning = core::load_warning(report.limits); !warning.isEmpty()) print_error(warning);
    for (const QString& suspect : core::suspect_lines(report)) print_error(suspect);
    if (report.cancelled) {
        print_error(QString("cancelled: %1 completed run(s) kept").arg(report.runs.size()));
        return written ? exit_cancelled : exit_trouble;
    }
    if (const std::size_t bad = bad_runs(report)) {
        print_error(QString("%1 of %2 runs failed or disagreed with the other strategies (see the summary)")
                        .arg(bad)
                        .arg(report.runs.size()));
        return exit_trouble;
    }
    return written ? exit_ok : exit_trouble;
}

}  // namespace cli
