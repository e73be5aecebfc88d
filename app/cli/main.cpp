// sfpbench: the command-line front end. Dispatches to one function per subcommand.
#include <QCoreApplication>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>

#include "arg_bytes.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "drawing.hpp"
#include "one_run.hpp"
#include "one_run_commands.hpp"
#include "qtext.hpp"
#include "reference.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/registry.hpp"

namespace {

struct Command {
    std::function<int(const QStringList&)> run;
    std::string summary;
};

// The commands of their own, and one for every algorithm the registry knows (one_run.hpp).
std::map<QString, Command> all_commands() {
    std::map<QString, Command> table = {
        {"generate", {cli::cmd_generate, "write test data: " + sfp::input_kind_names()}},
        {"strategies", {cli::cmd_strategies, "list the strategies and whether they run here"}},
        {"run", {cli::cmd_run, "run an experiment matrix (or a saved spec); CSV/JSON, statistics"}},
        {"diff", {cli::cmd_diff, "compare two result sets (reports or reference sets) cell by cell: medians, ratio"}},
        {"lesson",
         {cli::cmd_lesson, "the lessons for a class (list), or one: predict, run it, compare with the article"}},
        {"report", {cli::cmd_report, "render report JSON files as Markdown or PDF (machine, method, plots, replay)"}},
        {"limits", {cli::cmd_limits, "measure this machine's ceilings (memory, page cache, device), kept per machine"}},
        {"evict", {cli::cmd_evict, "empty the page cache of files or trees, as run --cache cold does"}},
        {"clean", {cli::cmd_clean, "remove the generated data from the workspace (only the tool's files)"}},
    };
    for (std::string_view algorithm : sfp::algorithms())
        table[core::qtext(algorithm)] = {
            [algorithm](const QStringList& args) { return cli::cmd_one_run(algorithm, args); },
            std::string(cli::one_run_command(algorithm)->summary)};
    return table;
}

const std::map<QString, Command>& commands() {
    static const std::map<QString, Command> table = all_commands();
    return table;
}

void print_usage(FILE* to) {
    std::fprintf(to, "usage: sfpbench COMMAND [options] [arguments]\n\ncommands:\n");
    for (const auto& [name, cmd] : commands()) std::fprintf(to, "  %-11s %s\n", qPrintable(name), cmd.summary.c_str());
    std::fprintf(to, "\n`sfpbench COMMAND --help` describes each command; `sfpbench --version` prints the version.\n");
}

// `sfpbench help man` and `sfpbench help completion`: sfpbench(1) and the bash completion,
// from what each command declares and the registry (the build installs both).
int print_reference(const QStringList& args) {
    const QString what = args.join(' ');
    std::vector<cli::CommandDoc> docs;
    for (const auto& [name, cmd] : commands())
        docs.push_back(cli::describe(name, QString::fromStdString(cmd.summary), cmd.run));
    if (what == "man")
        std::fputs(cli::man_page(docs, SFP_VERSION).c_str(), stdout);
    else if (what == "completion")
        std::fputs(cli::bash_completion(docs).c_str(), stdout);
    else
        throw cli::UsageError{QString("help: expected man or completion, not '%1'").arg(what)};
    return cli::exit_ok;
}

int run_command(const Command& cmd, const QStringList& args) {
    try {
        return cmd.run(args);
    } catch (const cli::UsageError& e) {  // one line per problem
        for (const QString& line : e.message.split('\n')) cli::print_error(line);
    } catch (const std::exception& e) {
        cli::print_error(std::string(e.what()));
    }
    return cli::exit_trouble;
}

}  // namespace

int main(int argc, char** argv) {
    cli::keep_closed_streams_closed();
    // A file-size limit (ulimit -f) must fail a write with EFBIG, not kill us before cleanup.
    std::signal(SIGXFSZ, SIG_IGN);
    cli::cancel_on_signals();
    const std::unique_ptr<QCoreApplication> app = cli::start_application(argc, argv);  // drawing.hpp
    // Qt set the whole locale from the environment; numbers are written with a '.' under every
    // locale (printf, the limits file), as the CSV and JSON need and the tables then agree.
    std::setlocale(LC_NUMERIC, "C");
    QCoreApplication::setApplicationName("sfpbench");
    QCoreApplication::setApplicationVersion(SFP_VERSION);
    QStringList args;  // as bytes: a file name that is not UTF-8 still names its file
    for (int i = 1; i < argc; ++i) args << cli::text_of_bytes(argv[i]);
    if (args.isEmpty()) {
        print_usage(stderr);
        return cli::exit_trouble;
    }
    const QString name = args.takeFirst();
    if (name == "--help" || name == "-h" || (name == "help" && args.isEmpty())) {
        print_usage(stdout);
        return cli::standard_output_written() ? cli::exit_ok : cli::exit_trouble;
    }
    if (name == "--version" || name == "-V") {
        std::printf("sfpbench %s\n", SFP_VERSION);
        return cli::standard_output_written() ? cli::exit_ok : cli::exit_trouble;
    }
    const Command reference{print_reference, ""};
    const auto it = commands().find(name);
    if (it == commands().end() && name != "help") {
        cli::print_error(QString("unknown command '%1' (try `sfpbench --help`)").arg(name));
        return cli::exit_trouble;
    }
    return cli::process_exit_code(run_command(name == "help" ? reference : it->second, args));
}
