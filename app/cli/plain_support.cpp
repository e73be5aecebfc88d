#include "plain_support.hpp"
#include "sfp/algorithm_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "sfp/explain.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"

namespace cli {

namespace {
int first_stdout_error = 0;
}

bool flush_stdout() {
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    if (errno == 0) {           // the write failed in an earlier automatic flush (over 4K printed); its errno is gone
        std::clearerr(stdout);  // what was printed is already incomplete: one more newline learns the reason
        if (std::fputc('\n', stdout) != EOF) std::fflush(stdout);  // sets errno when it fails
    }
    if (!first_stdout_error) first_stdout_error = errno ? errno : EIO;
    return false;
}

int stdout_error() { return first_stdout_error; }

void print_error(const std::string& message) { std::fprintf(stderr, "sfpbench: %s\n", message.c_str()); }

int finish_run(const sfp::RunResult& r, const std::string& before_timing) {
    if (r.status == sfp::Status::cancelled) return exit_cancelled;
    if (r.status != sfp::Status::ok) {
        print_error(r.error);
        return exit_trouble;
    }
    for (const std::string& note : r.notes) print_error(note);
    if (!before_timing.empty()) std::fprintf(stderr, "%s\n", before_timing.c_str());
    print_timing(r);
    return exit_ok;
}

void print_timing(const sfp::RunResult& r) {
    const double mbs = r.real_s > 0 ? double(r.bytes) / r.real_s / 1e6 : 0.0;
    const sfp::Usage& u = r.usage;
    // The split only where the kernel's tick sampling could tell it (Usage::split_resolved).
    if (u.split_resolved)
        std::fprintf(stderr, "real %.6fs  cpu %.6fs  user %.6fs  sys %.6fs  %.1f MB/s\n", r.real_s, u.cpu_s, u.user_s,
                     u.sys_s, mbs);
    else
        std::fprintf(stderr, "real %.6fs  cpu %.6fs  user/sys split not resolved  %.1f MB/s\n", r.real_s, u.cpu_s, mbs);
}

namespace {
sfp::Progress the_progress;
volatile std::sig_atomic_t first_signal = 0;
volatile std::sig_atomic_t exit_at_once = 0, writing = 0;
extern "C" void on_signal(int sig) {
    if (!first_signal) first_signal = sig;
    the_progress.cancel.store(true);                          // lock-free atomic: signal-safe
    if (exit_at_once && !writing) _exit(128 + first_signal);  // nothing of ours on disk to clean up
}
}  // namespace

void exit_at_once_on_signals() {
    exit_at_once = 1;
    if (first_signal) _exit(128 + first_signal);  // one that came before: nothing is written yet either
}

OutputWriting::OutputWriting() { writing = 1; }
OutputWriting::~OutputWriting() { writing = 0; }

sfp::Progress& signal_progress() { return the_progress; }

sigset_t cancelling_signals() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF})
        sigaddset(&set, sig);
    return set;
}

void cancel_on_signals() {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    const sigset_t set = cancelling_signals();
    for (int sig = 1; sig < NSIG; ++sig)
        if (sigismember(&set, sig) == 1) sigaction(sig, &sa, nullptr);
    // sfpbench hands a command line that draws to sfpbench-draw with these blocked, so that one
    // arriving meanwhile waits for the handler (drawing_handover.cpp): delivered here, if pending.
    sigprocmask(SIG_UNBLOCK, &set, nullptr);
}

int caught_signal() { return first_signal; }

int process_exit_code(int code) {
    if (!standard_output_written()) code = exit_trouble;
    if (code == exit_cancelled && caught_signal()) code = 128 + caught_signal();
    return code;
}

// What reached standard output must really have been written: a full disk or a closed pipe
// behind it is trouble (exit 2, as cmp does), never a silent loss.
bool standard_output_written() {
    if (flush_stdout()) return true;
    print_error(std::string("cannot write standard output: ") + std::strerror(stdout_error()));
    return false;
}

void keep_closed_streams_closed() {
    for (int fd = 0; fd <= 2; ++fd)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            const int null = ::open("/dev/null", O_RDONLY);
            if (null >= 0 && null != fd) {
                ::dup2(null, fd);
                ::close(null);
            }
        }
}

sfp::RunResult run_judged(const sfp::RunSpec& spec) {
    return sfp::run_once(*sfp::find_strategy(spec.algorithm, spec.strategy), spec, signal_progress());
}

sfp::Printout printout_of(const sfp::RunSpec& spec, const sfp::RunResult& r) {
    const sfp::AlgorithmIo* io = sfp::algorithm_io(spec.algorithm);
    if (r.status == sfp::Status::ok && io && io->print) return io->print(spec, r);
    return {};
}

int end_one_run(const sfp::RunResult& r, const sfp::Printout& printed, const std::string& cancelled_note) {
    flush_stdout();  // the results before the notes on standard error
    if (r.status == sfp::Status::cancelled && !cancelled_note.empty()) print_error(cancelled_note);
    for (const std::string& note : printed.notes) print_error(note);
    const int code = finish_run(r, printed.timing);
    // After the timing it qualifies, where a script reading the timing line first still finds it.
    if (r.status == sfp::Status::ok && sfp::disturbed_by_load(r, sfp::online_cpus()))
        print_error("note: disturbed by other load: " +
                    std::to_string(int(*r.usage.runnable_wait_s / *r.usage.thread_s * 100 + 0.5)) +
                    "% of the run's threads' time was runnable with no CPU to run on; time it on a quieter machine");
    return code == exit_ok && printed.different ? exit_different : code;
}

}  // namespace cli
