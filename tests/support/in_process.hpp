#pragma once
// Runs one of the CLI's commands (the sfp_cli library) in the test's own process, catching what
// it prints: the way a test reaches a registry it changed first (sfp::add_algorithm,
// sfp::add_strategy), which a child sfpbench would not see.
#include <fcntl.h>
#include <unistd.h>

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

#include "cli_support.hpp"
#include "one_run.hpp"

namespace testing {

// What a command printed on standard output, its exit code, and a usage error's message
// (main() prints it and exits 2).
struct Printed {
    int code = -1;
    QByteArray out, err;
    QString usage_error;  // what the command threw, or else what it printed on stderr
};

inline QByteArray content_of(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Points `fd` at a new file; returns a copy of what it was, for put_back.
inline int redirect(int fd, const QString& file) {
    std::fflush(nullptr);
    const int saved = ::dup(fd);
    const int to = ::open(QFile::encodeName(file).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    ::dup2(to, fd);
    ::close(to);
    return saved;
}

inline QByteArray put_back(int fd, int saved, const QString& file) {
    std::fflush(nullptr);
    ::dup2(saved, fd);
    ::close(saved);
    return content_of(file);
}

// The one-run command of `algorithm` (`sfpbench compare`), as a command to call.
inline std::function<int(const QStringList&)> one_run(std::string_view algorithm) {
    return [name = std::string(algorithm)](const QStringList& args) { return cli::cmd_one_run(name, args); };
}

// `scratch` holds the two files the output goes through.
inline Printed call(const std::function<int(const QStringList&)>& command, const QStringList& args,
                    const QString& scratch) {
    const QString out = scratch + "/stdout.txt", err = scratch + "/stderr.txt";
    const int saved_out = redirect(STDOUT_FILENO, out), saved_err = redirect(STDERR_FILENO, err);
    Printed p;
    try {
        p.code = command(args);
    } catch (const cli::UsageError& e) {
        p.code = cli::exit_trouble;
        p.usage_error = e.message;
    }
    p.out = put_back(STDOUT_FILENO, saved_out, out);
    p.err = put_back(STDERR_FILENO, saved_err, err);
    if (p.usage_error.isEmpty()) p.usage_error = QString::fromUtf8(p.err);
    return p;
}

}  // namespace testing
