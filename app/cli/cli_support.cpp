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
            const bool two = args.contains("--" + name) ||
                             !args.filter(QRegularExpression("^--" + QRegularExpression::escape(name) + "=")).isEmpty();
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
        throw UsageError{QString("%1 '%2' is too large (at most %3)").arg(what, text, QString::number(max))};
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
    p.addOption({"noise",
                 QString("The noise band: a ratio whose whole 95% confidence interval lies within 1 +- PCT "
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

}  // namespace cli
