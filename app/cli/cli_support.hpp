#pragma once
// What every subcommand shares: exit codes, error printing, parsing, Ctrl-C.
#include <QSet>
#include <QString>
#include <QStringList>
#include <csignal>
#include <cstdint>
#include <string>

#include "command_line.hpp"
#include "output_paths.hpp"
#include "sfp/progress.hpp"
#include "sfp/types.hpp"

namespace cli {

// exit_cancelled is what a command returns when a signal stopped it; main() turns it into
// 128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
enum Exit { exit_ok = 0, exit_different = 1, exit_trouble = 2, exit_cancelled = 130 };

// Thrown for bad command-line input; main() prints "sfpbench: <message>" and exits 2.
struct UsageError {
    QString message;
};

// Parses `args` (after the subcommand) with `parser`, which has --help added. Returns false
// after printing help (or, while describe() runs, after handing the parser to it); throws UsageError on unknown options and on an option given twice
// (except those listed in `repeatable`), so that no value is silently dropped.
bool parse_or_help(CommandLine& parser, const QString& command, const QStringList& args,
                   const QStringList& repeatable = {});

// Flushes standard output, remembering why the first failed write failed (ENOSPC, EPIPE, ...).
// Returns false once any write to it has failed; main() then exits 2 with that reason.
bool flush_stdout();
int stdout_error();  // errno of the first failure, 0 when none

// A path argument as the bytes the user typed (see arg_bytes.hpp).
std::string path_bytes(const QString& argument);

std::uint64_t size_value(const QString& text, const char* what);   // 64K, 1M, 640000000
// A plain whole number (positive unless zero_ok), at most `max`; the error names `what`.
std::uint64_t count_value(const QString& text, const char* what, bool zero_ok = false,
                          std::uint64_t max = UINT64_MAX);

// A percentage such as "5%", "5" or "2.5 %" as a fraction (0.05); from 0 to below 100, or with
// !below_100 any finite size (a regression of 100 % is twice as slow).
double percent_value(const QString& text, const char* what, bool below_100 = true);
// --noise PCT, which run, report and diff share (sfp::verdict's noise band), and its value
// (sfp::kDefaultNoise when not given). A bad value throws UsageError.
void add_noise_option(CommandLine& p);
double noise_of(const QCommandLineParser& p);

// Checks an output file given with --`flag` before any work: not a directory, in a directory that
// exists and can be written, and not a file already `taken` (an input or another output: its
// absolute and resolved paths); then adds it to `taken` (core::OutputPaths). Throws UsageError naming the flag.
void check_output_path(const QString& flag, const QString& path, core::OutputPaths& taken);

void print_error(const QString& message);      // one line on stderr, prefixed "sfpbench: "
void print_error(const std::string& message);  // the same for engine messages (paths as bytes)
// "real 0.123000s  cpu 0.120000s  user 0.100000s  sys 0.020000s  1234.5 MB/s" on stderr; the
// user/sys split only where it was resolved (else "user/sys split not resolved" in its place).
void print_timing(const sfp::RunResult& result);

// The end every one-run command shares: exit_cancelled, or the error and exit_trouble, or the
// notes, `before_timing` (a line, "" none) and the timing on stderr and exit_ok.
int finish_run(const sfp::RunResult& result, const std::string& before_timing = {});

// Every catchable signal that would end the process (INT, TERM, HUP, QUIT, PIPE, USR1, USR2,
// ALRM, XCPU, VTALRM, PROF) sets signal_progress().cancel instead: the run stops within a
// block, its temporaries are removed and its completed results kept. main() installs this
// before anything else, so no moment is left in which a signal kills a writer.
void cancel_on_signals();
sigset_t cancelling_signals();  // those signals
sfp::Progress& signal_progress();  // the one run a command starts observes this
// For commands that read and render and write only at their end (report, diff): from this call
// a signal ends the process at once with 128 + the signal, however long the rendering, except
// while an OutputWriting lives; the command then sees signal_progress().cancel and returns
// exit_cancelled once the write is whole or undone.
void exit_at_once_on_signals();
struct OutputWriting {
    OutputWriting();
    ~OutputWriting();
    OutputWriting(const OutputWriting&) = delete;
    OutputWriting& operator=(const OutputWriting&) = delete;
};
int caught_signal();               // 0 when none

}  // namespace cli
