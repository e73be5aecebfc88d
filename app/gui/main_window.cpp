#include "main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QScrollArea>
#include <QScreen>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>
#include <QVBoxLayout>

#include "command_approval.hpp"
#include "cell_text.hpp"
#include "limits_text.hpp"
#include "controller.hpp"
#include "default_experiment.hpp"
#include "elided_label.hpp"
#include "experiment_panel.hpp"
#include "inputs_box.hpp"
#include "lesson_panel.hpp"
#include "lessons_menu.hpp"
#include "message_area.hpp"
#include "overlay_menu.hpp"
#include "overlay_sets.hpp"
#include "plot_panel.hpp"
#include "progress_panel.hpp"
#include "export_report_action.hpp"
#include "results_panel.hpp"
#include "value_toggles.hpp"
#include "wheel_guard.hpp"

namespace gui {
namespace {

constexpr int kTableRows = 4;  // a lesson points at 2-6 cells: the class sees 4 rows at once

}  // namespace

MainWindow::MainWindow(std::unique_ptr<Settings> settings, QWidget* parent)
    : QMainWindow(parent), settings_(std::move(settings)), controller_(new core::Controller(this)),
      messages_(new MessageArea(this)), experiment_(new ExperimentPanel(this)), progress_(new ProgressPanel(this)),
      results_(new ResultsPanel(this)), plot_(new PlotPanel(this)), main_split_(new QSplitter(Qt::Horizontal, this)),
      right_split_(new QSplitter(Qt::Vertical, this)), base_font_(font()) {
    setWindowTitle(tr("sfpbench — sequential file processing workbench"));
    setWindowIcon(QIcon::fromTheme(QStringLiteral("sfpbench"), QIcon(QStringLiteral(":/sfpbench.svg"))));
    setAcceptDrops(true);
    QPushButton* runButton = buildLayout();
    limits_status_ = new ElidedLabel(this);  // never widens the window; cut text whole in its tooltip
    limits_status_->setObjectName(QStringLiteral("limitsStatus"));
    statusBar()->addPermanentWidget(limits_status_, 1);

    overlays_ = new OverlaySets(this);
    plot_->setOverlays(overlays_);
    buildMenus();
    connect(runButton, &QPushButton::clicked, this, &MainWindow::run);
    connect(progress_, &ProgressPanel::cancelRequested, this, &MainWindow::cancel);
    connect(experiment_->inputs(), &InputsBox::filesAdded, this, [this](const QStringList& paths) {
        settings_->addRecentInputs(paths);
        experiment_->inputs()->setRecentFiles(settings_->recentInputs());
    });
    connect(experiment_->inputs(), &InputsBox::refused, messages_, &MessageArea::showError);
    connect(experiment_, &ExperimentPanel::changed, this, &MainWindow::formChanged);
    connectController();
    restoreState();
    setRunning(false);
    fitLeftWidth();
}

MainWindow::~MainWindow() = default;

// The form and its Run button on the left; the plot over the tables and the lesson's note on the
// right; the progress under both. Returns the Run button.
QPushButton* MainWindow::buildLayout() {
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(experiment_);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // fitLeftWidth gives it the room
    scroll->setObjectName(QStringLiteral("experimentScroll"));
    scroll_ = scroll;
    guard_wheel(experiment_);
    auto* runButton = new QPushButton(tr("Run  (Ctrl+R)"), this);
    runButton->setObjectName(QStringLiteral("runButton"));
    auto* left = new QWidget(this);
    left_ = left;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(scroll, 1);
    leftLayout->addWidget(experiment_->estimateLabel());
    leftLayout->addWidget(runButton);
    // The lesson's note beside the tables, under the plot: the plot keeps the window's whole
    // width (its legend and title on fewer lines), and the note never covers a row.
    lesson_panel_ = new LessonPanel(this);
    tables_split_ = new QSplitter(Qt::Horizontal, this);
    tables_split_->addWidget(results_);
    tables_split_->addWidget(lesson_panel_);
    tables_split_->setStretchFactor(0, 1);
    tables_split_->setCollapsible(0, false);
    right_split_->addWidget(plot_);
    right_split_->addWidget(tables_split_);
    right_split_->setStretchFactor(0, 3);
    right_split_->setStretchFactor(1, 2);
    main_split_->addWidget(left);
    main_split_->addWidget(right_split_);
    main_split_->setStretchFactor(1, 1);
    main_split_->setCollapsible(1, false);
    right_split_->setCollapsible(0, false);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(main_split_, 1);
    messages_->setParent(central);  // not in the layout: it floats (placeMessages)
    connect(messages_, &MessageArea::shown, this, &MainWindow::placeMessages);
    connect(messages_, &MessageArea::lessonChanged, this, [this](const QString& note) {
        const bool appears = lesson_panel_->isHidden() && !note.isEmpty();
        lesson_panel_->setNote(note);
        if (appears) fitLessonPanel();
    });
    right_split_->installEventFilter(this);  // the banner follows the plot (placeMessages)
    plot_->installEventFilter(this);
    layout->addWidget(progress_);
    setCentralWidget(central);
    return runButton;
}

// What the window shows of a run as it goes: progress, status line, tables and plot.
void MainWindow::connectController() {
    connect(controller_, &core::Controller::started, this, &MainWindow::onStarted);
    connect(controller_, &core::Controller::refused, this, [this](const QString& problems) {
        setRunning(false);
        progress_->end(tr("Not run: the experiment has problems."));
        messages_->showError(problems);
    });
    connect(controller_, &core::Controller::runStarted, progress_, &ProgressPanel::runStarted);
    connect(controller_, &core::Controller::progress, progress_, &ProgressPanel::progress);
    connect(controller_, &core::Controller::message, this, [this](const QString& text) {
        statusBar()->showMessage(text, 5000);
        if (progress_->runsDone() == 0) progress_->note(text);
    });
    connect(controller_, &core::Controller::runsFinished, this, [this](const std::vector<sfp::RunUpdate>& updates) {
        std::vector<ProgressPanel::FinishedRun> done;
        for (const sfp::RunUpdate& u : updates) {
            const sfp::RunRecord& r = controller_->report().runs[u.index];
            done.push_back({r.cell, r.result.real_s});
        }
        statusBar()->clearMessage();  // "preparing ... data" is over once runs finish
        progress_->runsFinished(done);
        results_->append(updates);
        plot_->follow(controller_->report());
    });
    connect(controller_, &core::Controller::finished, this, &MainWindow::onFinished);
    connect(results_, &ResultsPanel::runPicked, plot_, &PlotPanel::setPickedRun);
    connect(results_, &ResultsPanel::noiseChanged, this, [this](double noise) {  // verdicts judged again
        controller_->setNoise(noise);
        if (!controller_->isRunning() && !controller_->report().runs.empty())
            results_->setReport(controller_->report());
        plot_->redrawNow();
    });
    connect(controller_, &core::Controller::failed, this, [this](const QString& why) {
        setRunning(false);
        progress_->end(tr("Failed."));
        messages_->showError(tr("The experiment could not run: %1").arg(why));
    });
}

void MainWindow::buildMenus() {
    buildFileMenu();
    buildRunMenu();
    buildViewMenu();
    imported_ = new OverlayMenu(
        overlays_, messages_, [this]() -> const sfp::ExperimentReport& { return plot_->report(); }, this);
    menuBar()->addMenu(imported_);
    lessons_ = new LessonsMenu([this](const QString& path) { return openExperiment(path); }, overlays_, messages_,
                               plot_, this);
    menuBar()->addMenu(lessons_);
    connect(lessons_, &LessonsMenu::namedColumns, results_, &ResultsPanel::setNamedColumns);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About sfpbench"), this, [this] {
        messages_->showInfo(tr("sfpbench %1 measures how fast sequential file processing strategies run: "
                               "elapsed, user and system time against block size, threads and file size.")
                                .arg(QApplication::applicationVersion()));
    });

    QToolBar* bar = addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->addAction(run_);
    bar->addAction(cancel_);
    bar->addAction(export_);
    updateRecentMenu();
}

void MainWindow::buildFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open experiment…"), QKeySequence::Open, this, &MainWindow::openDialog);
    recent_menu_ = file->addMenu(tr("Open &recent"));
    file->addAction(tr("&Save experiment…"), QKeySequence::Save, this, &MainWindow::saveDialog);
    file->addSeparator();
    file->addAction(tr("&Add input files…"), this, [this] {
        experiment_->inputs()->addFiles(
            QFileDialog::getOpenFileNames(this, tr("Choose input files"), settings_->lastDirectory()));
    });
    file->addAction(tr("&Import results…"), this, [this] { imported_->importDialog(); });
    export_ = file->addAction(tr("&Export…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportDialog);
    file->addAction(tr("Export &plot data…"), this, [this] {
        QString path = QFileDialog::getSaveFileName(this, tr("Export plot data"), settings_->lastDirectory(),
                                                    export_choice(ExportFormat::plot_data).filter);
        if (path.isEmpty()) return;
        if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
        exportTo(path, ExportFormat::plot_data);
    });
    add_export_report_action(file, this);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::buildRunMenu() {
    QMenu* runMenu = menuBar()->addMenu(tr("&Run"));
    run_ = runMenu->addAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run experiment"),
                              QKeySequence(Qt::CTRL | Qt::Key_R), this, &MainWindow::run);
    cancel_ = runMenu->addAction(style()->standardIcon(QStyle::SP_MediaStop), tr("&Cancel"),
                                 QKeySequence(Qt::Key_Escape), this, &MainWindow::cancel);
    runMenu->addAction(tr("Reset to the &default experiment"), this, [this] {
        experiment_->setExperiment(default_experiment());
        overlays_->removeLessonSets();
        lessons_->leave();
        messages_->dropLesson();
    });
    runMenu->addAction(tr("Remove &generated data"), this, &MainWindow::cleanWorkspace);
}

void MainWindow::buildViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    presentation_ = view->addAction(tr("&Presentation mode"));
    presentation_->setCheckable(true);
    presentation_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    connect(presentation_, &QAction::toggled, this, &MainWindow::setPresentation);
    panel_ = view->addAction(tr("&Experiment panel"));
    panel_->setCheckable(true);
    panel_->setChecked(true);
    panel_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    panel_->setToolTip(
        tr("Hide the experiment form so the plot and tables fill the window (Run and Cancel stay in the toolbar)"));
    connect(panel_, &QAction::toggled, this, [this](bool on) { left_->setVisible(on); });
    plot_controls_ = view->addAction(tr("Plot &controls"));
    plot_controls_->setCheckable(true);
    plot_controls_->setChecked(true);
    plot_controls_->setToolTip(tr("Show or hide the plot's choosers (kind, metric, slice) above it"));
    connect(plot_controls_, &QAction::toggled, plot_, &PlotPanel::setControlsShown);
    QAction* note = view->addAction(tr("&Lesson note"));
    note->setCheckable(true);
    note->setChecked(true);
    note->setToolTip(tr("Show or fold away the lesson's note beside the tables"));
    connect(note, &QAction::toggled, lesson_panel_, [this](bool on) {
        lesson_panel_->setFolded(!on);
        if (on) fitLessonPanel();
    });
    connect(lesson_panel_, &LessonPanel::foldedChanged, note, [note](bool folded) { note->setChecked(!folded); });
}

void MainWindow::updateRecentMenu() {
    recent_menu_->clear();
    for (const QString& path : settings_->recentExperiments())
        recent_menu_->addAction(path, this, [this, path] { openExperiment(path); });
    recent_menu_->setEnabled(!recent_menu_->isEmpty());
}

void MainWindow::restoreState() {
    if (!restoreGeometry(settings_->geometry())) fitFirstWindow();
    if (!main_split_->restoreState(settings_->splitterState(QStringLiteral("main"))))
        main_split_->setSizes({experiment_->sizeHint().width(), width()});  // the form its width, the plot the rest
    if (!right_split_->restoreState(settings_->splitterState(QStringLiteral("right"))))
        right_split_->setSizes({2 * height(), height()});  // the plot two thirds
    experiment_->setExperiment(settings_->lastExperiment().value_or(default_experiment()));
    experiment_->inputs()->setRecentFiles(settings_->recentInputs());
    rates_ = RateBook::fromVariant(settings_->estimateRates());
    experiment_->setRates(rates_);
    plot_->restoreState(settings_->plotState());
    presentation_->setChecked(settings_->presentation());
    results_->setNoise(settings_->noise());
    for (const QString& path : settings_->importedSets()) {
        try {
            overlays_->add(path);
        } catch (const core::ImportError& e) {  // moved or deleted since: say so, keep the rest
            messages_->showError(QString::fromStdString(e.what()));
        }
    }
}

void MainWindow::fitFirstWindow() {
    // Room for the plot and the tables, but never more than the screen offers (a 1024x700
    // laptop keeps Run and Cancel in view): the frame and the desktop's panels count.
    QSize size(1280, 820);
    if (const QScreen* s = screen()) {
        const QRect room = s->availableGeometry();
        size = size.boundedTo(room.size() - kFrameAllowance);
        move(room.topLeft());
    }
    resize(size.expandedTo(minimumSizeHint()));
}

void MainWindow::saveState() {
    settings_->setGeometry(saveGeometry());
    settings_->setSplitterState(QStringLiteral("main"), main_split_->saveState());
    settings_->setSplitterState(QStringLiteral("right"), right_split_->saveState());
    settings_->setPresentation(presentation_->isChecked());
    settings_->setNoise(results_->noise());
    settings_->setImportedSets(overlays_->userPaths());  // a lesson's set goes with the lesson
    settings_->setEstimateRates(rates_.toVariant());
    settings_->setPlotState(plot_->state());
    try {
        settings_->setLastExperiment(experiment_->experiment());
    } catch (const InputError&) {
        // half-typed form: keep the last experiment that was valid
    }
    settings_->sync();
}

void MainWindow::setRunning(bool running) {
    run_->setEnabled(!running);
    cancel_->setEnabled(running);
    experiment_->setEnabled(!running);
    fitProgress(presentation_->isChecked());
    formChanged();
}

void MainWindow::fitProgress(bool presentation) {
    // On a projector the bars show while a run goes; between runs the plot has their room.
    progress_->setVisible(controller_->isRunning() || !presentation);
}

void MainWindow::formChanged() {
    const bool running = controller_->isRunning();
    // An invalid form cannot start: the reasons are listed under it, all at once.
    run_->setEnabled(!running && experiment_->isValid());
    findChild<QPushButton*>(QStringLiteral("runButton"))->setEnabled(!running && experiment_->isValid());
    if (!running) progress_->ready(experiment_->plannedRuns());
}

void MainWindow::fitLeftWidth() {
    // The form keeps its whole width (no sideways scrolling); the splitter may still hide it.
    const int width = experiment_->minimumSizeHint().width() + scroll_->verticalScrollBar()->sizeHint().width() +
                      2 * scroll_->frameWidth();
    scroll_->setMinimumWidth(width);
}

void MainWindow::fitLessonPanel() {
    // A third of the tables' width for the note, at least what a line of its words needs: the
    // tables keep the rest (and all their rows).
    const int total = tables_split_->width();
    const int note = std::max(lesson_panel_->minimumWidth(), total / 3);
    tables_split_->setSizes({std::max(0, total - note), note});
}

void MainWindow::placeMessages() {
    if (messages_->isHidden()) return;
    // Over the bottom of the plot: never over the tables a lesson's note points at, the form and
    // Run, nor the progress bars and Cancel, so every control stays where the mouse left it.
    QWidget* central = centralWidget();
    const QRect area(plot_->mapTo(central, QPoint()), plot_->size());
    const int height = std::min(
        messages_->hasHeightForWidth() ? messages_->heightForWidth(area.width()) : messages_->sizeHint().height(),
        area.height());
    messages_->setGeometry(area.left(), area.bottom() + 1 - height, area.width(), height);
    messages_->raise();
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if ((watched == right_split_ || watched == plot_) &&
        (event->type() == QEvent::Resize || event->type() == QEvent::Move))
        placeMessages();
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    placeMessages();
}

bool MainWindow::run() {
    if (controller_->isRunning()) return false;
    // What the form found at its last change (judged without listing trees) refuses at once, in
    // its words; the rest only the plan can tell comes back as refused().
    if (!experiment_->isValid()) {
        messages_->showError(experiment_->problems());
        return false;
    }
    sfp::Experiment experiment;
    try {
        experiment = experiment_->experiment();
    } catch (const InputError& e) {  // not reached: a valid form parses
        messages_->showError(e.message);
        return false;
    }
    if (!commandsAllowed(experiment)) {
        messages_->showError(tr("Not run: the experiment's commands were not allowed."));
        return false;
    }
    messages_->clearForRun();  // a lesson's "look at..." stays for when the results are in
    // Judged and planned once, in the controller's job: a large tree is listed off this thread.
    controller_->start(experiment);
    setRunning(true);
    progress_->planning();
    return true;
}

bool MainWindow::commandsAllowed(const sfp::Experiment& experiment) {
    const std::vector<sfp::Command> commands = commands_to_run(experiment);
    if (commands.empty() || commands == approved_) return true;
    if (!(approve_ ? approve_(commands) : ask_to_run_commands(this, commands))) return false;
    approved_ = commands;
    return true;
}

void MainWindow::onStarted(std::size_t runs) {
    const sfp::ExperimentReport& planned = controller_->report();  // the plan's cells, no runs yet
    try {  // what the ETA weighs each cell's runs by, and the estimate learns from afterwards
        work_ = work_of(planned.experiment, planned.cells, experiment_->treeCounts());
        eta_ = Eta(estimate(planned.experiment, planned.cells, work_, rates_), planned.experiment.warmups);
    } catch (const std::exception&) {
        work_ = {}, eta_ = {};  // the runs say what is wrong
    }
    run_clock_.start();
    results_->begin(planned);
    plot_->setCells(planned.cells);
    plot_->setReport(planned);
    progress_->begin(runs, eta_);
}

void MainWindow::cancel() {
    if (!controller_->isRunning()) return;
    controller_->cancel();
    progress_->note(tr("Cancelling…"));
}

void MainWindow::onFinished(const sfp::ExperimentReport& report) {
    setRunning(false);
    statusBar()->clearMessage();
    results_->setReport(report);
    showLimitsStatus(report);
    plot_->follow(controller_->report());  // kept until the next run: a view, as the runs table, not a copy
    plot_->redrawNow();
    std::size_t trouble = 0;
    for (const sfp::RunRecord& r : report.runs)
        if (r.status != sfp::RunStatus::ok) ++trouble;
    // The estimate learns each strategy's rate and the time around runs (saved with the rest on
    // close: no disk writes mid-run).
    rates_.learn(report, work_, double(run_clock_.elapsed()) / 1000, progress_->firstRunBegan());
    experiment_->setRates(rates_);
    progress_->end(report.cancelled ? tr("Cancelled: %1 completed, kept.").arg(plots::runs_text(report.runs.size()))
                                    : tr("Finished: %1.").arg(plots::runs_text(report.runs.size())));
    lessons_->finished(report);  // a lesson's note again, with what these runs tell
    if (trouble)
        messages_->showError(tr("%1 did not succeed: they are marked in the Runs table, with their message.")
                                 .arg(plots::runs_text(trouble)));
}

void MainWindow::showLimitsStatus(const sfp::ExperimentReport& report) {
    // As `sfpbench run` prints it: a share is only as good as the limit it is judged against.
    // The line has a window's width at most: the warning in a few words, its point first; the
    // whole of it in the tooltip (and in the Summary tab).
    const QString brief = core::limits_status_brief(report);
    const bool warns = !core::load_warning(report.limits).isEmpty();
    limits_status_->setFullText(warns ? QStringLiteral("\u26A0 ") + brief : brief, core::limits_status_text(report));
    limits_status_->setStyleSheet(warns ? QStringLiteral("color: #b03a00;") : QString());
}

QString MainWindow::limitsStatus() const { return limits_status_->fullText(); }

void MainWindow::setPresentation(bool on) {
    // A class looks at the plot: the form steps aside first (View > Experiment panel brings it
    // back), so the larger font never asks for a window wider than the screen; the plot's
    // choosers too (View > Plot controls), so the plot keeps half its panel at 1024x700.
    if (on) {
        panel_before_presentation_ = panel_->isChecked();
        controls_before_presentation_ = plot_controls_->isChecked();
        panel_->setChecked(false);
        plot_controls_->setChecked(false);
    } else {
        panel_->setChecked(panel_before_presentation_);
        plot_controls_->setChecked(controls_before_presentation_);
    }
    QFont f = base_font_;
    if (on) f.setPointSizeF(base_font_.pointSizeF() * 1.5);
    setFont(f);
    // What a class reads outside the window's own widgets too: the menus (windows of their own,
    // which a font does not reach), tooltips; the predict prompt takes the window's (LessonsMenu).
    for (QMenu* menu : findChildren<QMenu*>()) menu->setFont(f);
    QToolTip::setFont(f);
    plot_->setPresentation(on);
    results_->setPresentation(on);
    fitProgress(on);
    fitLeftWidth();
    // Once laid out, if not yet shown: the plot two thirds; on a projector the tables just the
    // rows a lesson points at (kTableRows) and the plot the rest. The stretch keeps the plot
    // the room a larger window adds.
    right_split_->setStretchFactor(0, on ? 1 : 2);
    right_split_->setStretchFactor(1, on ? 0 : 1);
    QTimer::singleShot(0, this, [this, on] {
        const int tall = right_split_->height();
        const int tables = on ? std::min(results_->heightForRows(kTableRows), tall / 2) : tall / 3;
        right_split_->setSizes({tall - tables, tables});
    });
    if (presentation_->isChecked() != on) presentation_->setChecked(on);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (controller_->isRunning()) controller_->cancel();
    saveState();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls() && !controller_->isRunning()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) paths << url.toLocalFile();
    QStringList errors;  // a dropped report is imported as an overlay, not added as an input
    paths = overlays_->addReports(paths, &errors);
    for (const QString& e : errors) messages_->showError(e);
    if (paths.size() < event->mimeData()->urls().size()) event->acceptProposedAction();
    if (paths.isEmpty() || controller_->isRunning()) return;  // the form is locked while running
    experiment_->inputs()->addFiles(paths);
    event->acceptProposedAction();
}

}  // namespace gui
