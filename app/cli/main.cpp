// sfpbench: the command-line front end. Dispatches to one function per subcommand.
#include <QCoreApplication>
#include <cstdio>
#include <cstring>
#include <map>

#include "cli_support.hpp"
#include "commands.hpp"

namespace {

struct Command {
    int (*run)(const QStringList&);
    const char* summary;
};

const std::map<QString, Command>& commands() {
    static const std::map<QString, Command> table = {
        {"cipher", {cli::cmd_cipher, "transform a file (caesar, letters, widen) into another, safely"}},
        {"compare", {cli::cmd_compare, "compare two files; prints what `cmp -l | head -N` prints"}},
        {"generate", {cli::cmd_generate, "write test data: random, pair or text"}},
        {"strategies", {cli::cmd_strategies, "list the strategies and whether they run here"}},
        {"run", {cli::cmd_run, "run an experiment matrix (or a saved spec); CSV/JSON, statistics"}},
        {"wordcount", {cli::cmd_wordcount, "count lines, words, bytes; prints what `LC_ALL=C wc` prints, or a histogram"}},
        {"clean", {cli::cmd_clean, "remove the generated data from the workspace (only the tool's files)"}},
    };
    return table;
}

void print_usage(FILE* to) {
    std::fprintf(to, "usage: sfpbench COMMAND [options] [arguments]\n\ncommands:\n");
    for (const auto& [name, cmd] : commands()) std::fprintf(to, "  %-11s %s\n", qPrintable(name), cmd.summary);
    std::fprintf(to, "\n`sfpbench COMMAND --help` describes each command; `sfpbench --version` prints the version.\n");
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("sfpbench");
    QCoreApplication::setApplicationVersion(SFP_VERSION);
    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        print_usage(stderr);
        return cli::exit_trouble;
    }
    const QString name = args.takeFirst();
    if (name == "--help" || name == "-h" || name == "help") {
        print_usage(stdout);
        return cli::exit_ok;
    }
    if (name == "--version" || name == "-V") {
        std::printf("sfpbench %s\n", SFP_VERSION);
        return cli::exit_ok;
    }
    const auto it = commands().find(name);
    if (it == commands().end()) {
        cli::print_error(QString("unknown command '%1' (try `sfpbench --help`)").arg(name));
        return cli::exit_trouble;
    }
    try {
        return it->second.run(args);
    } catch (const cli::UsageError& e) {
        cli::print_error(e.message);
        return cli::exit_trouble;
    } catch (const std::exception& e) {
        cli::print_error(e.what());
        return cli::exit_trouble;
    }
}
