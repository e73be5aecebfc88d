#include "headless.hpp"

#include <QCoreApplication>
#include <QComboBox>
#include <QDir>
#include <QProcess>
#include <cstdio>

#include "cell_text.hpp"
#include "controller.hpp"
#include "default_experiment.hpp"
#include "experiment_panel.hpp"
#include "lessons_menu.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "plot_panel.hpp"
#include "plot_slice.hpp"
#include "signal_stop.hpp"
#include "sfp/datagen.hpp"
#include "sfp/expand.hpp"
#include "sfp/labels.hpp"
#include "summary_text.hpp"

namespace gui {
namespace {

void say(const QString& line) {
    std::fprintf(stderr, "%s\n", qPrintable(line));
    std::fflush(stderr);
}

// A --fix value as a key: "best", a strategy name, or a value of the dimension's parameter read by
// its type ("16M", "4", a choice's name). Empty with `why` set when the value is not one.
QString fixed_key(plots::Dim d, const QString& text, QString* why) {
    if (text == plots::kBest || text == QLatin1String("fastest")) return plots::kBest;
    if (d == plots::Dim::strategy) return text;
    if (const sfp::Parameter* p = d.parameter()) {
        const sfp::ParsedValue v = sfp::parse_value(*p, text.toStdString());
        if (!v.error.empty()) return *why = QString::fromStdString(v.error), QString();
        return plots::is_numeric(d) ? QString::number(v.value) : QString::fromStdString(sfp::value_text(*p, v.value));
    }
    try {  // the file size
        return QString::number(sfp::parse_size(text.toStdString()));
    } catch (const std::exception&) {
        return *why = QStringLiteral("'%1' is not a size like 16M").arg(text), QString();
    }
}

// Headless: the slice must fit the experiment before anything runs.
bool apply_slice_flags(MainWindow& window, const HeadlessOptions& options) {
    if (options.x.isEmpty() && options.per.isEmpty() && options.fix.isEmpty()) return true;
    QString why;
    const std::optional<sfp::Experiment> e = window.experimentPanel()->validExperiment(&why);
    if (!e) return say(QStringLiteral("sfpbench-gui: ") + why), false;
    std::vector<sfp::Cell> cells;
    try {
        cells = sfp::expand(*e);
    } catch (const std::exception& error) {
        return say(QStringLiteral("sfpbench-gui: ") + QString::fromUtf8(error.what())), false;
    }
    const plots::PlotSlice slice(cells);
    plots::SliceChoice choice;
    why = slice_from_flags(slice, options.x, options.per, options.fix, &choice);
    if (!why.isEmpty()) return say(QStringLiteral("sfpbench-gui: ") + why), false;
    window.plotPanel()->setCells(cells);
    window.plotPanel()->setSlice(choice);
    return true;
}

// A lesson that is about the machine's limits measures them first, as `sfpbench lesson` does
// (`sfpbench limits --quick`, kept for the run that follows).
bool measure_limits_first(const core::Lesson& lesson) {
    if (!lesson.limits_first) return true;
    say(QStringLiteral("== sfpbench limits --quick"));
    QProcess limits;
    limits.setProcessChannelMode(QProcess::ForwardedChannels);
    limits.start(QCoreApplication::applicationDirPath() + QStringLiteral("/sfpbench"),
                 {QStringLiteral("limits"), QStringLiteral("--quick")});
    if (!limits.waitForFinished(-1) || limits.exitStatus() != QProcess::NormalExit || limits.exitCode() != 0)
        return say(QStringLiteral("sfpbench-gui: --lesson %1: `sfpbench limits --quick` failed: %2")
                       .arg(lesson.name, limits.errorString())),
               false;
    return true;
}

// --lesson: the lesson's first experiment, reference set and plot, as the Lessons menu loads them.
bool open_lesson(MainWindow& window, const HeadlessOptions& options, core::Lesson* out) {
    try {
        *out = core::find_lesson(options.lesson);
    } catch (const core::LessonError& e) {
        return say(QStringLiteral("sfpbench-gui: --lesson: ") + QString::fromUtf8(e.what())), false;
    }
    if (!options.experiment.isEmpty())
        return say(QStringLiteral("sfpbench-gui: --lesson runs the lesson's own experiments: give no experiment file")),
               false;
    if (!measure_limits_first(*out)) return false;
    if (!window.findChild<LessonsMenu*>()->open(*out, 0))
        return say(QStringLiteral("sfpbench-gui: ") + window.messageArea()->text()), false;
    return true;
}

}  // namespace

QString slice_from_flags(const plots::PlotSlice& slice, const QString& x, const QString& per, const QStringList& fix,
                         plots::SliceChoice* out) {
    plots::SliceChoice c = slice.defaults();
    const auto dim = [](const QString& flag, const QString& word, plots::Dim* d) {
        return plots::dim_from_flag(word, d)
                   ? QString()
                   : QStringLiteral("%1 '%2': expected one of %3").arg(flag, word, plots::dim_flags());
    };
    if (!x.isEmpty())
        if (QString why = dim(QStringLiteral("--x"), x, &c.x); !why.isEmpty()) return why;
    if (!per.isEmpty())
        if (QString why = dim(QStringLiteral("--per"), per, &c.per); !why.isEmpty()) return why;
    if (!x.isEmpty() || !per.isEmpty()) {
        // The remaining dimensions change with x and per: start them from their defaults.
        const plots::SliceChoice fitted = slice.fitted(c);
        if (fitted.x == c.x && fitted.per == c.per) c.fixed = fitted.fixed;
    }
    for (const QString& item : fix) {
        const QString name = item.section(QLatin1Char('='), 0, 0), value = item.section(QLatin1Char('='), 1);
        plots::Dim d;
        if (!item.contains(QLatin1Char('=')) || value.isEmpty())
            return QStringLiteral("--fix '%1': expected dimension=value, as threads=4 or block=best").arg(item);
        if (QString why = dim(QStringLiteral("--fix"), name, &d); !why.isEmpty()) return why;
        QString why;
        const QString key = fixed_key(d, value, &why);
        if (key.isEmpty()) return QStringLiteral("--fix '%1': %2").arg(item, why);
        if (!slice.varies(d)) {  // --fix chooses what a line shows; it does not change the experiment
            if (key == plots::kBest || slice.values(d) == std::vector<QString>{key})
                continue;  // what every cell has anyway
            return QStringLiteral(
                       "--fix '%1': %2; --fix picks one of the values an experiment sweeps "
                       "(the experiment itself sets its %3)")
                .arg(item, slice.unvaried(d), plots::dim_name(d));
        }
        c.fixed[d] = key;
    }
    if (QString why = slice.problem(c); !why.isEmpty()) return QStringLiteral("the plot slice: ") + why;
    *out = c;
    return {};
}

QStringList plot_kind_names() {
    return {QStringLiteral("lines"),    QStringLiteral("time-split"), QStringLiteral("box"),
            QStringLiteral("slowdown"), QStringLiteral("histogram"),  QStringLiteral("listing"),
            QStringLiteral("why"),      QStringLiteral("matches"),    QStringLiteral("timeline")};
}

namespace {

// The plot kind, the experiment or lesson, the slice and every output checked before anything runs.
bool prepare(MainWindow& window, const HeadlessOptions& options) {
    if (!options.plot.isEmpty()) {
        const qsizetype kind = plot_kind_names().indexOf(options.plot);
        if (kind < 0)
            return say(QStringLiteral("sfpbench-gui: --plot '%1': expected one of %2")
                           .arg(options.plot, plot_kind_names().join(QStringLiteral(", ")))),
                   false;
        window.plotPanel()->setKind(plots::Kind(kind));
    }
    core::Lesson lesson;
    if (!options.lesson.isEmpty()) {
        if (!open_lesson(window, options, &lesson)) return false;
    } else if (options.experiment.isEmpty())
        window.experimentPanel()->setExperiment(default_experiment());
    else if (!window.openExperiment(options.experiment))
        return say(QStringLiteral("sfpbench-gui: ") + window.messageArea()->text()), false;
    if (!options.plot.isEmpty()) {  // only the kinds the window offers for this algorithm
        const std::string algorithm = window.experimentPanel()->algorithm()->currentText().toStdString();
        if (!plots::kind_applies(plots::Kind(plot_kind_names().indexOf(options.plot)), algorithm))
            return say(QStringLiteral("sfpbench-gui: --plot '%1' does not apply to %2")
                           .arg(options.plot, QString::fromStdString(algorithm))),
                   false;
    }
    if (!apply_slice_flags(window, options)) return false;
    // Every output is checked before the experiment runs, as `sfpbench run` does: a bad path
    // costs nothing, and no input, experiment file or imported set is ever overwritten.
    core::OutputPaths outputs = window.readPaths();
    for (const auto& [flag, path] :
         {std::pair{QStringLiteral("--csv"), options.csv}, std::pair{QStringLiteral("--png"), options.png},
          std::pair{QStringLiteral("--plot-data"), options.plot_data}}) {
        if (path.isEmpty()) continue;
        if (const QString why = outputs.claim(flag, path); !why.isEmpty())
            return say(QStringLiteral("sfpbench-gui: ") + why), false;
    }
    return true;
}

// A line per run, written at once for each batch the controller delivers.
void say_each_run(core::Controller* controller) {
    QObject::connect(controller, &core::Controller::runsFinished,
                     [controller](const std::vector<sfp::RunUpdate>& updates) {
                         const sfp::ExperimentReport& report = controller->report();
                         const std::size_t total = report.cells.size() * report.experiment.repetitions;
                         QStringList lines;
                         for (const sfp::RunUpdate& u : updates) {
                             const sfp::RunRecord& r = report.runs[u.index];
                             lines << QStringLiteral("run %1/%2 %3: %4 s")
                                          .arg(QString::number(u.index + 1), QString::number(total),
                                               QString::fromStdString(sfp::cell_label(report.cells[r.cell])),
                                               QString::number(r.result.real_s, 'f', 4));
                         }
                         say(lines.join(QLatin1Char('\n')));
                     });
}

// The end of the experiment (or of a lesson's last one): the summary, the outputs, the exit code.
void finish(MainWindow& window, const HeadlessOptions& options, const sfp::ExperimentReport& report, int stopped_by) {
    std::fputs(qPrintable(core::summary_text(report)), stdout);
    std::fflush(stdout);
    const auto run = [&window] { return window.run(); };
    const auto failed = [&window] {
        say(QStringLiteral("sfpbench-gui: ") + window.messageArea()->text()), QCoreApplication::exit(2);
    };
    if (!options.lesson.isEmpty() && window.findChild<LessonsMenu*>()->runNext(report, run, failed))
        return;                                     // the lesson's next run
    if (report.cancelled && report.runs.empty()) {  // as `sfpbench run`: earlier outputs stay as they were
        say(QStringLiteral("sfpbench-gui: cancelled before any run completed"));
        return QCoreApplication::exit(SignalStop::exitCode(stopped_by));
    }
    int code = 0;
    window.plotPanel()->redrawNow();  // the plot as it stands at the end, for its exports
    for (const auto& [path, format] :
         {std::pair{options.csv, ExportFormat::runs_csv}, std::pair{options.png, ExportFormat::plot_png},
          std::pair{options.plot_data, ExportFormat::plot_data}}) {
        if (path.isEmpty()) continue;
        if (window.exportTo(path, format))
            say(QStringLiteral("wrote %1").arg(QDir(path).absolutePath()));
        else
            say(QStringLiteral("sfpbench-gui: ") + window.messageArea()->text()), code = 2;
    }
    if (report.cancelled) {  // as `sfpbench run`: 128 + the signal once the completed runs are written
        say(QStringLiteral("sfpbench-gui: cancelled: %1 completed run(s) kept").arg(report.runs.size()));
        return QCoreApplication::exit(code ? code : SignalStop::exitCode(stopped_by));
    }
    // As `sfpbench run`: failed or disagreeing runs make the exit status 2 (after writing).
    std::size_t trouble = 0;
    for (const sfp::RunRecord& r : report.runs) trouble += r.status != sfp::RunStatus::ok;
    if (trouble)
        say(QStringLiteral("sfpbench-gui: %1 did not succeed (see the status column)").arg(plots::runs_text(trouble))),
            code = 2;
    QCoreApplication::exit(code);
}

}  // namespace

int run_headless(MainWindow& window, const HeadlessOptions& options, SignalStop& stop) {
    window.resize(1400, 900);
    if (!prepare(window, options)) return 2;
    core::Controller* controller = window.controller();
    int stopped_by = 0;  // the first signal: the run is cancelled, its completed runs written
    QObject::connect(&stop, &SignalStop::caught, &window, [&](int signal) {
        if (stopped_by) return;
        stopped_by = signal;
        if (controller->isRunning())
            controller->cancel();
        else
            QCoreApplication::exit(SignalStop::exitCode(signal));  // between a lesson's runs: nothing running to keep
    });
    QObject::connect(controller, &core::Controller::message, [](const QString& text) { say(text); });
    say_each_run(controller);
    QObject::connect(controller, &core::Controller::finished,
                     [&](const sfp::ExperimentReport& report) { finish(window, options, report, stopped_by); });
    for (auto signal : {&core::Controller::failed, &core::Controller::refused})  // the plan's problems too
        QObject::connect(controller, signal, [&](const QString& why) {
            say(QStringLiteral("sfpbench-gui: ") + why);
            QCoreApplication::exit(2);
        });
    window.setCommandApproval([&](const std::vector<sfp::Command>& commands) {
        if (options.allow_commands) return true;
        say(QStringLiteral("sfpbench-gui: the experiment holds %1 command(s), which run only with --allow-commands:")
                .arg(commands.size()));
        for (const sfp::Command& c : commands) say(QStringLiteral("  ") + QString::fromStdString(sfp::command_text(c)));
        return false;
    });
    if (!window.run()) {
        say(QStringLiteral("sfpbench-gui: ") + window.messageArea()->text());
        return 2;
    }
    return QCoreApplication::exec();
}

}  // namespace gui
