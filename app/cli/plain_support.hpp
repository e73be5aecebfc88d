#pragma once
// What every command shares that needs no Qt: exit codes, error lines, standard output's health,
// Ctrl-C, and the end of a one-run command. The lean sfpbench (lean_main.cpp) links only this and
// the engine, so that its commands start without loading Qt (docs/architecture.md).
#include <csignal>
#include <string>

#include "sfp/algorithm_io.hpp"
#include "sfp/progress.hpp"
#include "sfp/types.hpp"

namespace cli {

// exit_cancelled is what a command returns when a signal stopped it; main() turns it into
// 128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
enum Exit { exit_ok = 0, exit_different = 1, exit_trouble = 2, exit_cancelled = 130 };

// Flushes standard output, remembering why the first failed write failed (ENOSPC, EPIPE, ...).
// Returns false once any write to it has failed; main() then exits 2 with that reason.
bool flush_stdout();
int stdout_error();  // errno of the first failure, 0 when none
// flush_stdout, and the reason on standard error when what was printed did not all arrive.
bool standard_output_written();

// A standard stream started closed (`>&-`) must stay unusable: the next file opened would get
// its number and receive what we print. /dev/null opened read-only takes the number instead, so
// writes to it still fail with EBADF, as to a closed descriptor.
void keep_closed_streams_closed();

void print_error(const std::string& message);  // one line on stderr, prefixed "sfpbench: " (paths as bytes)
// "real 0.123000s  cpu 0.120000s  user 0.100000s  sys 0.020000s  1234.5 MB/s" on stderr; the
// user/sys split only where it was resolved (else "user/sys split not resolved" in its place).
void print_timing(const sfp::RunResult& result);

// The end every one-run command shares: exit_cancelled, or the error and exit_trouble, or the
// notes, `before_timing` (a line, "" none) and the timing on stderr and exit_ok.
int finish_run(const sfp::RunResult& result, const std::string& before_timing = {});

// Runs once a spec the command has judged (sfp::check_experiment of experiment_of(spec), valid):
// the registry's strategy, observed by signal_progress(), not judged again.
sfp::RunResult run_judged(const sfp::RunSpec& spec);
// What the algorithm's unit prints for a run (empty unless it succeeded).
sfp::Printout printout_of(const sfp::RunSpec& spec, const sfp::RunResult& result);
// After the results are on standard output: flushes them, then on stderr `cancelled_note` (when
// a signal stopped the run and it is not empty), the printout's notes and finish_run's lines.
// Returns finish_run's exit code, or exit_different when the unit says the inputs differ.
int end_one_run(const sfp::RunResult& result, const sfp::Printout& printed, const std::string& cancelled_note);

// Every catchable signal that would end the process (INT, TERM, HUP, QUIT, PIPE, USR1, USR2,
// ALRM, XCPU, VTALRM, PROF) sets signal_progress().cancel instead: the run stops within a
// block, its temporaries are removed and its completed results kept. main() installs this
// before anything else, so no moment is left in which a signal kills a writer.
void cancel_on_signals();
sigset_t cancelling_signals();     // those signals
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
int caught_signal();  // 0 when none
// A command's exit code as the process's: 128 + N when signal N cancelled it, exit_trouble when
// standard output lost what was printed.
int process_exit_code(int code);

}  // namespace cli
