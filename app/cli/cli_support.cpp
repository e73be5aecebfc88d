#include "cli_support.hpp"

#include <csignal>
#include <cstdio>

#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"

namespace cli {

bool parse_or_help(QCommandLineParser& parser, const QString& command, const QStringList& args) {
    const QCommandLineOption help({"h", "help"}, "Show this help.");
    parser.addOption(help);
    if (!parser.parse(QStringList{"sfpbench " + command} + args)) throw UsageError{command + ": " + parser.errorText()};
    if (parser.isSet(help)) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return false;
    }
    return true;
}

std::uint64_t size_value(const QString& text, const char* what) {
    try {
        return sfp::parse_size(text.toStdString());
    } catch (const sfp::Failure& e) {
        throw UsageError{QString("%1: %2").arg(what, e.what())};
    }
}

std::uint64_t count_value(const QString& text, const char* what) {
    bool ok = false;
    const qulonglong v = text.toULongLong(&ok);
    if (!ok || v == 0) throw UsageError{QString("%1 '%2' is not a positive whole number").arg(what, text)};
    return v;
}

unsigned threads_value(const QString& text) {
    bool ok = false;
    const long long v = text.toLongLong(&ok);
    if (!ok) throw UsageError{QString("threads '%1' is not a whole number").arg(text)};
    if (v < 1 || v > sfp::kMaxThreads)
        throw UsageError{QString("threads %1 is out of range (1 to %2)").arg(v).arg(sfp::kMaxThreads)};
    return unsigned(v);
}

void print_error(const QString& message) {
    std::fprintf(stderr, "sfpbench: %s\n", qPrintable(message));
}

void print_timing(const sfp::RunResult& r) {
    const double mbs = r.real_s > 0 ? double(r.bytes) / r.real_s / 1e6 : 0.0;
    std::fprintf(stderr, "real %.3fs  user %.3fs  sys %.3fs  %.1f MB/s\n", r.real_s, r.usage.user_s,
                 r.usage.sys_s, mbs);
}

namespace {
sfp::Progress* interrupt_target = nullptr;
extern "C" void on_interrupt(int) {
    if (interrupt_target) interrupt_target->cancel.store(true);  // lock-free atomic: signal-safe
}
}  // namespace

void cancel_on_interrupt(sfp::Progress& progress) {
    interrupt_target = &progress;
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

}  // namespace cli
