#include "headless.hpp"

#include <QCoreApplication>
#include <QDir>
#include <cstdio>

#include "cell_text.hpp"
#include "controller.hpp"
#include "default_experiment.hpp"
#include "experiment_panel.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "plot_panel.hpp"
#include "summary_text.hpp"

namespace gui {
namespace {

void say(const QString& line) {
    std::fprintf(stderr, "%s\n", qPrintable(line));
    std::fflush(stderr);
}

}  // namespace

QStringList plot_kind_names() {
    return {QStringLiteral("lines"), QStringLiteral("time-split"), QStringLiteral("box"), QStringLiteral("slowdown"),
            QStringLiteral("histogram")};
}

int run_headless(MainWindow& window, const HeadlessOptions& options) {
    window.resize(1400, 900);
    if (!options.plot.isEmpty()) {
        const qsizetype kind = plot_kind_names().indexOf(options.plot);
        if (kind < 0) {
            say(QStringLiteral("sfpbench-gui: --plot '%1': expected one of %2")
                    .arg(options.plot, plot_kind_names().join(QStringLiteral(", "))));
            return 2;
        }
        window.plotPanel()->setKind(plots::Kind(kind));
    }
    if (options.experiment.isEmpty()) window.experimentPanel()->setExperiment(default_experiment());
    else if (!window.openExperiment(options.experiment)) {
        say(QStringLiteral("sfpbench-gui: ") + window.messageArea()->text());
        return 2;
    }
    core::Controller* controller = window.controller();
    int code = 0;
    QObject::connect(controller, &core::Controller::message, [](const QString& text) { say(text); });
    QObject::connect(controller, &core::Controller::runFinished, [controller](const sfp::RunRecord& r) {
        const std::size_t total = controller->report().cells.size() * controller->report().experiment.repetitions;
        say(QStringLiteral("run %1/%2 %3: %4 s")
                .arg(controller->report().runs.size())
                .arg(total)
                .arg(QString::fromStdString(sfp::cell_label(controller->report().cells[r.cell])))
                .arg(r.result.real_s, 0, 'f', 4));
    });
    QObject::connect(controller, &core::Controller::finished, [&](const sfp::ExperimentReport& report) {
        std::fputs(qPrintable(core::summary_text(report)), stdout);
        std::fflush(stdout);
        for (const auto& [path, format] : {std::pair{options.csv, ExportFormat::runs_csv}, std::pair{options.png, ExportFormat::plot_png}}) {
            if (path.isEmpty()) continue;
            if (window.exportTo(path, format)) say(QStringLiteral("wrote %1").arg(QDir(path).absolutePath()));
            else say(QStringLiteral("sfpbench-gui: ") + window.messageArea()->text()), code = 2;
        }
        // As `sfpbench run`: failed or disagreeing runs make the exit status 2 (after writing).
        std::size_t trouble = 0;
        for (const sfp::RunRecord& r : report.runs) trouble += r.status != "ok";
        if (trouble) say(QStringLiteral("sfpbench-gui: %1 did not succeed (see the status column)").arg(runs_text(trouble))), code = 2;
        QCoreApplication::exit(code);
    });
    QObject::connect(controller, &core::Controller::failed, [&](const QString& why) {
        say(QStringLiteral("sfpbench-gui: ") + why);
        QCoreApplication::exit(2);
    });
    if (!window.run()) {
        say(QStringLiteral("sfpbench-gui: ") + window.messageArea()->text());
        return 2;
    }
    return QCoreApplication::exec();
}

}  // namespace gui
