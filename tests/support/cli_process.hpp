#pragma once
// Runs a program as a user would -- the sfpbench executable, or the system tool it is compared
// with -- as a child process, and keeps what the user sees: stdout, stderr and the exit code.
#include <QDir>
#include <QProcess>
#include <QStringList>

namespace testing {

struct Output {
    int code = -1;  // the exit code; -1 when a signal ended it, -2 when the hang guard fired
    QByteArray out, err;
};

struct ProcessSetup {
    QString cwd{};            // working directory; empty: the test's own
    QStringList env{};        // "NAME=value" set on top of the test's environment
    QStringList unset{};      // names taken out of it
    int timeout_ms = 180000;  // a hang guard, not a timing claim
};

inline Output run(const QString& program, const QStringList& args, const ProcessSetup& setup = {}) {
    QProcess p;
    if (!setup.cwd.isEmpty()) p.setWorkingDirectory(setup.cwd);
    if (!setup.env.isEmpty() || !setup.unset.isEmpty()) {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const QString& kv : setup.env) e.insert(kv.section('=', 0, 0), kv.section('=', 1));
        for (const QString& name : setup.unset) e.remove(name);
        p.setProcessEnvironment(e);
    }
    p.start(program, args);
    p.closeWriteChannel();  // a child that reads stdin sees its end, not a hang
    if (!p.waitForFinished(setup.timeout_ms)) {
        p.kill();
        p.waitForFinished();
        return {-2, {}, "timed out"};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

#ifdef SFPBENCH  // the executable's path, given by the test's CMake target
inline Output sfpbench(const QStringList& args, const ProcessSetup& setup = {}) {
    return run(QStringLiteral(SFPBENCH), args, setup);
}
#endif

// The text files Debian installs in /usr/share/common-licenses, by name: real text for the tests.
inline QStringList licenses() {
    QStringList out;
    const QDir dir("/usr/share/common-licenses");
    for (const QString& name : dir.entryList(QDir::Files, QDir::Name)) out << dir.filePath(name);
    return out;
}

}  // namespace testing
