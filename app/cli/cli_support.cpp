#include "cli_support.hpp"

#include "sfp/comparison.hpp"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include "arg_bytes.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace cli {

bool parse_or_help(CommandLine& parser, const QString& command, const QStringList& args,
                   const QStringList& repeatable) {
    if (record_if_describing(parser)) return false;
    const QCommandLineOption help({"h", "help"}, "Show this help.");
    parser.addOption(help);
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);  // "-dash" is one (wrong) option
    if (!parser.parse(QStringList{"sfpbench " + command} + args)) {
        QStringList unknown;
        for (const QString& name : parser.unknownOptionNames()) {
            const bool two = args.contains("--" + name) || !args.filter(QRegularExpression("^--" + QRegularExpression::escape(name) + "=")).isEmpty();
            unknown << QString("'%1%2'").arg(two ? "--" : "-", name);
        }
        if (unknown.isEmpty()) throw UsageError{command + ": " + parser.errorText()};
        throw UsageError{QString("%1: unknown option %2 (see `sfpbench %1 --help`)").arg(command, unknown.join(", "))};
    }
    if (parser.isSet(help)) {
        // Qt names the executable's full path in the usage line; users type "sfpbench COMMAND".
        QString text = parser.helpText();
        const QString exe = QCoreApplication::arguments().value(0);
        if (!exe.isEmpty()) text.replace(text.indexOf(exe), exe.size(), "sfpbench " + command);
        std::fputs(qPrintable(text), stdout);
        return false;
    }
    for (const QString& name : parser.optionNames())
        if (!repeatable.contains(name) && parser.optionNames().count(name) > 1)
            throw UsageError{QString("%1: --%2 was given more than once").arg(command, name)};
    return true;
}

std::string path_bytes(const QString& argument) { return bytes_of_text(argument); }

namespace {
int first_stdout_error = 0;
}

bool flush_stdout() {
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    if (errno == 0) {  // the write failed in an earlier automatic flush (over 4K printed); its errno is gone
        std::clearerr(stdout);  // what was printed is already incomplete: one more newline learns the reason
        if (std::fputc('\n', stdout) != EOF) std::fflush(stdout);  // sets errno when it fails
    }
    if (!first_stdout_error) first_stdout_error = errno ? errno : EIO;
    return false;
}

int stdout_error() { return first_stdout_error; }

std::uint64_t size_value(const QString& text, const char* what) {
    try {
        return sfp::parse_size(text.toStdString());
    } catch (const sfp::Failure& e) {
        throw UsageError{QString("%1: %2").arg(what, e.what())};
    }
}

namespace {
bool all_digits(const QString& text) {
    static const QRegularExpression digits("^[0-9]+$");
    return digits.match(text).hasMatch();
}
}  // namespace

std::uint64_t count_value(const QString& text, const char* what, bool zero_ok, std::uint64_t max) {
    bool ok = false;
    const qulonglong v = text.toULongLong(&ok);
    if (!ok && all_digits(text))  // a whole number, only too large for any count
        throw UsageError{QString("%1 '%2' is too large (at most %3)").arg(what, text).arg(max)};
    if (!ok || (v == 0 && !zero_ok) || v > max)
        throw UsageError{QString("%1 '%2' is not a %3%4")
                             .arg(what, text, zero_ok ? "whole number" : "positive whole number",
                                  max == UINT64_MAX ? QString() : QString(" up to %1").arg(max))};
    return v;
}

double percent_value(const QString& text, const char* what, bool below_100) {
    QString number = text.trimmed();
    if (number.endsWith('%')) number.chop(1);
    bool ok = false;
    const double v = number.trimmed().toDouble(&ok);
    if (!ok || !(v >= 0 && std::isfinite(v)) || (below_100 && v >= 100))
        throw UsageError{QString("%1 '%2' is not a percentage from 0 %3 (e.g. 5%)")
                             .arg(what, text, below_100 ? "to below 100" : "or more")};
    return v / 100;
}

void add_noise_option(CommandLine& p) {
    p.addOption({"noise", QString("The noise band: a ratio whose whole 95% confidence interval lies within 1 +- PCT "
                                  "is reported as ~ (no difference), like p > 0.05 (default %1%).")
                              .arg(sfp::kDefaultNoise * 100),
                 "pct"});
}

double noise_of(const QCommandLineParser& p) {
    return p.isSet("noise") ? percent_value(p.value("noise"), "--noise") : sfp::kDefaultNoise;
}

void check_output_path(const QString& flag, const QString& shown, core::OutputPaths& taken) {
    if (const QString why = taken.claim("--" + flag, shown, path_bytes(shown)); !why.isEmpty()) throw UsageError{why};
}

void print_error(const QString& message) { print_error(bytes_of_text(message)); }

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
    the_progress.cancel.store(true);  // lock-free atomic: signal-safe
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

}  // namespace cli
