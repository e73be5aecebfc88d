#include "window_stop.hpp"

#include <QDateTime>
#include <QDir>
#include <QStandardPaths>
#include <cstdio>

#include "controller.hpp"
#include "exporter.hpp"
#include "main_window.hpp"
#include "plot_panel.hpp"
#include "signal_stop.hpp"

namespace gui {
namespace {

void say(const QString& line) {
    std::fprintf(stderr, "sfpbench-gui: %s\n", qPrintable(line));
    std::fflush(stderr);
}

// A new file's name in `dir`: the time, then -2, -3... should one of that second exist.
QString fresh_name(const QDir& dir) {
    const QString stem =
        QStringLiteral("runs-") + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString name = stem + QStringLiteral(".json");
    for (int n = 2; dir.exists(name); ++n) name = QStringLiteral("%1-%2.json").arg(stem).arg(n);
    return dir.filePath(name);
}

void keep_runs(MainWindow& window, int signal) {
    const sfp::ExperimentReport& report = window.controller()->report();
    if (report.runs.empty()) return say(QStringLiteral("stopped by signal %1: no completed run to keep").arg(signal));
    const QDir dir(interrupted_runs_dir());
    try {
        if (!dir.mkpath(QStringLiteral("."))) throw std::runtime_error("cannot create " + dir.path().toStdString());
        const QString path = fresh_name(dir);
        export_to(path, ExportFormat::report_json, report, *window.plotPanel());
        say(QStringLiteral("stopped by signal %1: %2 completed run(s) kept in %3")
                .arg(signal)
                .arg(report.runs.size())
                .arg(path));
    } catch (const std::exception& e) {
        say(QStringLiteral("stopped by signal %1: the completed runs could not be kept: %2")
                .arg(signal)
                .arg(QString::fromUtf8(e.what())));
    }
}

}  // namespace

QString interrupted_runs_dir() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/interrupted");
}

void stop_window(MainWindow& window, int signal, std::function<void(int code)> done) {
    const char* const stopping = "sfpStoppingBySignal";
    if (window.property(stopping).toBool()) return;
    window.setProperty(stopping, true);
    const auto finish = [&window, signal, done] {
        keep_runs(window, signal);
        done(SignalStop::exitCode(signal));
    };
    core::Controller* controller = window.controller();
    if (!controller->isRunning()) return finish();
    QObject::connect(controller, &core::Controller::finished, &window, finish, Qt::SingleShotConnection);
    QObject::connect(controller, &core::Controller::failed, &window, finish, Qt::SingleShotConnection);
    QObject::connect(controller, &core::Controller::refused, &window, finish, Qt::SingleShotConnection);
    window.cancel();
}

}  // namespace gui
