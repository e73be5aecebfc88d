#pragma once
// What every subcommand shares: exit codes, error printing, parsing, Ctrl-C.
#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <string>

#include "sfp/progress.hpp"
#include "sfp/types.hpp"

namespace cli {

enum Exit { exit_ok = 0, exit_different = 1, exit_trouble = 2, exit_cancelled = 130 };

// Thrown for bad command-line input; main() prints "sfpbench: <message>" and exits 2.
struct UsageError {
    QString message;
};

// Parses `args` (after the subcommand) with `parser`, which has --help added. Returns false
// after printing help; throws UsageError on unknown options.
bool parse_or_help(QCommandLineParser& parser, const QString& command, const QStringList& args);

std::uint64_t size_value(const QString& text, const char* what);   // 64K, 1M, 640000000
unsigned threads_value(const QString& text);                       // 1..1024
std::uint64_t count_value(const QString& text, const char* what);  // plain positive integer

void print_error(const QString& message);  // one line on stderr, prefixed "sfpbench: "
// "real 0.123s  user 0.100s  sys 0.020s  1234.5 MB/s" on stderr.
void print_timing(const sfp::RunResult& result);

// Ctrl-C sets progress.cancel (the run stops within a block) instead of killing the process.
void cancel_on_interrupt(sfp::Progress& progress);

}  // namespace cli
