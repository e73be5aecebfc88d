// sfpbench: the lean front end. The plain command lines of the one-run commands (compare, cipher,
// wordcount, iterate) it runs itself, linked with the engine only, so that they start without
// loading Qt; every other command line -- other commands, --help, --json, anything its parser does not
// fully understand -- it hands, unchanged, to sfpbench-full (main.cpp), which prints every message,
// help and error as it always has. Why: docs/architecture.md, "Start-up".
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>

#include "lean_command.hpp"
#include "plain_support.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/run.hpp"
#include "sibling_program.hpp"

namespace {

[[noreturn]] void run_full_program(char** argv) {
    const cli::NotRun failed = cli::run_instead("sfpbench-full", SFP_FULL_FROM_BINDIR, argv);
    cli::print_error("cannot run sfpbench-full, which runs this command line (" + failed.tried +
                     "): " + std::strerror(failed.error));
    std::exit(cli::exit_trouble);
}

int run(const cli::OneRun& lean) {
    const sfp::RunResult r = cli::run_judged(lean.spec);  // judged by lean_run
    const sfp::Printout printed = cli::printout_of(lean.spec, r);
    std::fwrite(printed.out.data(), 1, printed.out.size(), stdout);
    return cli::end_one_run(r, printed, lean.cancelled_note);
}

}  // namespace

int main(int argc, char** argv) {
    cli::keep_closed_streams_closed();
    // A file-size limit (ulimit -f) must fail a write with EFBIG, not kill us before cleanup.
    std::signal(SIGXFSZ, SIG_IGN);
    cli::cancel_on_signals();
    // The environment's locale where it shows in what a one-run command prints -- system error
    // texts (LC_MESSAGES, in LC_CTYPE's character set) -- as QCoreApplication sets it in
    // sfpbench-full, so both print alike; numbers keep their '.', as sfpbench-full then sets them.
    // Not LC_ALL: loading the other ten categories' files was a third of the lean start-up's
    // instructions and some forty system calls (docs/architecture.md, "Start-up").
    std::setlocale(LC_CTYPE, "");
    std::setlocale(LC_MESSAGES, "");
    if (argc < 2) run_full_program(argv);
    const std::optional<cli::OneRun> lean = cli::lean_run(argv[1], std::span<char* const>(argv + 2, argc - 2));
    if (!lean) run_full_program(argv);
    try {
        return cli::process_exit_code(run(*lean));
    } catch (const std::exception& e) {  // as the full program reports what escapes a command
        cli::print_error(std::string(e.what()));
        return cli::process_exit_code(cli::exit_trouble);
    }
}
