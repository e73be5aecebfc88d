// sfpbench-gui: the workbench window (or, with --headless, its experiment without a display).
#include <QApplication>
#include <QCommandLineParser>
#include <QTemporaryDir>
#include <QTimer>
#include <clocale>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <memory>

#include "controller.hpp"

#include "default_experiment.hpp"
#include "experiment_panel.hpp"
#include "headless.hpp"
#include "lessons_menu.hpp"
#include "plot_panel.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "plot_slice.hpp"
#include "signal_stop.hpp"
#include "window_stop.hpp"

namespace {

// Decided before QApplication exists: without a display the offscreen platform draws
// (headless runs, --help, --version); a window without a display is a clear error.
bool choose_platform(int argc, char** argv) {
    bool needsWindow = true;
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"--headless", "--help", "-h", "--help-all", "--version", "-v"})
            if (std::strcmp(argv[i], flag) == 0) needsWindow = false;
    const bool display = !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && !display) {
        if (needsWindow) {
            std::fprintf(stderr,
                         "sfpbench-gui: no display ($DISPLAY and $WAYLAND_DISPLAY are unset); "
                         "run the experiment without a window with --headless (see --help)\n");
            return false;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    return true;
}

QCommandLineOption flag(const char* name, const QString& help, const char* value = nullptr) {
    return value ? QCommandLineOption(QString::fromLatin1(name), help, QString::fromLatin1(value))
                 : QCommandLineOption(QString::fromLatin1(name), help);
}

// The window's flags, in the order --help lists them.
struct Flags {
    QCommandLineOption headless = flag("headless", QStringLiteral("Run the experiment without a window, then write "
                                                                  "--csv and --png."));
    QCommandLineOption csv = flag("csv", QStringLiteral("Headless: write the runs CSV here."), "file");
    QCommandLineOption png = flag("png", QStringLiteral("Headless: write the plot PNG here."), "file");
    QCommandLineOption plotData = flag("plot-data",
                                       QStringLiteral("Headless: write the plot's data here (JSON: every series as "
                                                      "drawn, with its kind, axis, unit, points and their cells)."),
                                       "file");
    QCommandLineOption plot = flag("plot",
                                   QStringLiteral("Which plot to show (headless: which plot --png draws): %1 "
                                                  "(default: lines; box for an algorithm judged by its spread).")
                                       .arg(gui::plot_kind_names().join(QStringLiteral(", "))),
                                   "kind");
    QCommandLineOption x =
        flag("x", QStringLiteral("Headless lines plot: the x axis (%1).").arg(plots::dim_flags(true)), "dimension");
    QCommandLineOption per =
        flag("per", QStringLiteral("Headless lines plot: one line per value of one of: %1.").arg(plots::dim_flags()),
             "dimension");
    QCommandLineOption fix = flag("fix",
                                  QStringLiteral("Headless lines plot: fix a remaining dimension (%1) at a value or "
                                                 "at best, e.g. threads=4, block=best (repeatable).")
                                      .arg(plots::dim_flags()),
                                  "dimension=value");
    QCommandLineOption allowCommands =
        flag("allow-commands", QStringLiteral("Headless: run the commands the experiment "
                                              "file holds (refused without it)."));
    QCommandLineOption runNow = flag("run", QStringLiteral("Start the experiment as soon as the window is up."));
    QCommandLineOption fresh =
        flag("default-experiment", QStringLiteral("Start with the default experiment instead of the last one."));
    QCommandLineOption import = flag("import",
                                     QStringLiteral("Overlay a result set: a report JSON, or a reference set such "
                                                    "as :/reference/cci-table1.json (repeatable)."),
                                     "report");
    QCommandLineOption lesson = flag("lesson",
                                     QStringLiteral("Open a lesson (its name or number, as in the Lessons menu): "
                                                    "its experiment, reference set, plot and note; headless: run "
                                                    "its experiments in order and draw its plot."),
                                     "name");

    void addTo(QCommandLineParser& parser) const {
        parser.addOptions(
            {headless, csv, png, plotData, plot, x, per, fix, allowCommands, runNow, fresh, import, lesson});
    }
};

// Bad flags exit 2 as the CLI's do (QCommandLineParser::process would exit 1).
int usage_error(const QString& why) {
    std::fprintf(stderr, "sfpbench-gui: %s (see --help)\n", qPrintable(why));
    return 2;
}

// Imported sets before anything runs; a bad file is reported like a bad experiment file.
bool import_sets(gui::MainWindow& window, const QStringList& paths) {
    for (const QString& path : paths) {
        try {
            window.overlays()->add(path);
        } catch (const core::ImportError& e) {
            std::fprintf(stderr, "sfpbench-gui: %s\n", e.what());
            return false;
        }
    }
    return true;
}

int run_without_window(const QCommandLineParser& parser, const Flags& f, const QString& experiment,
                       gui::SignalStop& stop) {
    // A throwaway settings file: a headless run never changes the user's window state.
    QTemporaryDir scratch;
    gui::MainWindow window(std::make_unique<gui::Settings>(scratch.filePath(QStringLiteral("settings.ini"))));
    if (!import_sets(window, parser.values(f.import))) return 2;
    return gui::run_headless(window,
                             {experiment, parser.value(f.csv), parser.value(f.png), parser.value(f.plot),
                              parser.value(f.x), parser.value(f.per), parser.values(f.fix), parser.value(f.plotData),
                              parser.value(f.lesson), parser.isSet(f.allowCommands)},
                             stop);
}

// Scripts (screenshot.sh) wait for the "finished" line before they look at the window. A lesson
// runs its experiments in order first (lesson 4's two cache states, as its plot shows them).
void run_when_up(gui::MainWindow& window, bool in_lesson) {
    auto* lessons = window.findChild<gui::LessonsMenu*>();
    auto sequence = std::make_shared<QMetaObject::Connection>();
    *sequence =
        QObject::connect(window.controller(), &core::Controller::finished, &window,
                         [&window, lessons, sequence, in_lesson](const sfp::ExperimentReport& r) {
                             const auto failed = [&window] {
                                 std::fprintf(stderr, "sfpbench-gui: %s -- the lesson's next run did not start\n",
                                              qPrintable(window.messageArea()->text()));
                             };
                             if (in_lesson && lessons->runNext(
                                                  r, [&window] { return window.run(); }, failed))
                                 return;
                             std::fprintf(stderr, "sfpbench-gui: finished %zu runs\n", r.runs.size());
                             QObject::disconnect(*sequence);  // later runs are the user's
                         });
    QTimer::singleShot(0, &window, &gui::MainWindow::run);
}

int run_window(const QCommandLineParser& parser, const Flags& f, const QString& experiment, gui::SignalStop& stop) {
    gui::MainWindow window(std::make_unique<gui::Settings>());
    if (parser.isSet(f.fresh)) window.experimentPanel()->setExperiment(gui::default_experiment());
    const bool opened = experiment.isEmpty() || window.openExperiment(experiment);
    if (parser.isSet(f.lesson)) {
        try {
            window.findChild<gui::LessonsMenu*>()->open(core::find_lesson(parser.value(f.lesson)));
        } catch (const core::LessonError& e) {
            return usage_error(QStringLiteral("--lesson: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    if (!import_sets(window, parser.values(f.import))) return 2;
    if (parser.isSet(f.plot)) {
        const qsizetype kind = gui::plot_kind_names().indexOf(parser.value(f.plot));
        if (kind < 0)
            return usage_error(QStringLiteral("--plot '%1': expected one of %2")
                                   .arg(parser.value(f.plot), gui::plot_kind_names().join(QStringLiteral(", "))));
        window.plotPanel()->setKind(plots::Kind(kind));
    }
    QObject::connect(&stop, &gui::SignalStop::caught, &window, [&window](int signal) {
        gui::stop_window(window, signal, [&window](int code) {
            window.close();
            QCoreApplication::exit(code);
        });
    });
    window.show();
    if (parser.isSet(f.runNow) && !opened) {
        // The window shows why; nothing runs in place of the file the user named.
        std::fprintf(stderr, "sfpbench-gui: %s -- nothing run\n", qPrintable(window.messageArea()->text()));
    } else if (parser.isSet(f.runNow)) {
        run_when_up(window, parser.isSet(f.lesson));
    }
    return QApplication::exec();
}

}  // namespace

int main(int argc, char** argv) {
    std::signal(SIGXFSZ, SIG_IGN);  // a file-size limit fails the export's write (EFBIG), not the window
    if (!choose_platform(argc, argv)) return 2;
    QApplication app(argc, argv);
    std::setlocale(LC_NUMERIC, "C");  // numbers with a '.' under every locale, as sfpbench writes them
    QApplication::setOrganizationName(QStringLiteral("sfpbench"));
    QApplication::setApplicationName(QStringLiteral("sfpbench-gui"));
    QApplication::setApplicationVersion(QStringLiteral(SFP_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("sfpbench-gui"));
    gui::SignalStop stop;  // from here a signal cancels the run and keeps its completed runs

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("The sfpbench workbench: run an experiment matrix, watch it, plot it."));
    parser.addHelpOption();
    parser.addVersionOption();
    const Flags flags;
    flags.addTo(parser);
    parser.addPositionalArgument(
        QStringLiteral("experiment"),
        QStringLiteral("An experiment file to open (JSON, as saved by the window or `sfpbench run --print-spec`)."),
        QStringLiteral("[experiment.json]"));
    if (!parser.parse(QApplication::arguments())) return usage_error(parser.errorText());
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))) parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version"))) parser.showVersion();
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return usage_error(QStringLiteral("one experiment file at a time, got %1: %2")
                               .arg(positional.size())
                               .arg(positional.join(QStringLiteral(", "))));
    const QString experiment = positional.value(0);
    if (parser.isSet(flags.headless)) return run_without_window(parser, flags, experiment, stop);
    return run_window(parser, flags, experiment, stop);
}
