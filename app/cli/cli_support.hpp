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
#include "plain_support.hpp"
#include "sfp/progress.hpp"
#include "sfp/types.hpp"

namespace cli {

// Thrown for bad command-line input; main() prints "sfpbench: <message>" and exits 2.
struct UsageError {
    QString message;
};

// Parses `args` (after the subcommand) with `parser`, which has --help added. Returns false
// after printing help (or, while describe() runs, after handing the parser to it); throws UsageError on unknown options
// and on an option given twice (except those listed in `repeatable`), so that no value is silently dropped.
bool parse_or_help(CommandLine& parser, const QString& command, const QStringList& args,
                   const QStringList& repeatable = {});

// A path argument as the bytes the user typed (see arg_bytes.hpp).
std::string path_bytes(const QString& argument);

std::uint64_t size_value(const QString& text, const char* what);  // 64K, 1M, 640000000
// A plain whole number (positive unless zero_ok), at most `max`; the error names `what`.
std::uint64_t count_value(const QString& text, const char* what, bool zero_ok = false, std::uint64_t max = UINT64_MAX);

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

void print_error(const QString& message);  // one line on stderr, prefixed "sfpbench: "

}  // namespace cli
