#pragma once
// The workbench window: assembles the panels, menus and shortcuts, and connects them to the
// one controller. Holds no algorithm logic and no plotting or table code of its own.
#include <QElapsedTimer>
#include <QMainWindow>
#include <QLabel>
#include <functional>
#include <memory>
#include <vector>

#include "eta.hpp"
#include "exporter.hpp"
#include "output_paths.hpp"
#include "run_estimate.hpp"
#include "settings.hpp"
#include "sfp/command.hpp"

class QAction;
class QPushButton;
class QScrollArea;
class QSplitter;

namespace core {
class Controller;
}

namespace gui {

class ExperimentPanel;
class LessonsMenu;
class MessageArea;
class PlotPanel;
class OverlaySets;
class OverlayMenu;
class ProgressPanel;
class ResultsPanel;

// What a window manager's frame and title bar take around the window, at most.
inline constexpr QSize kFrameAllowance{16, 40};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(std::unique_ptr<Settings> settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    ExperimentPanel* experimentPanel() { return experiment_; }
    ProgressPanel* progressPanel() { return progress_; }
    ResultsPanel* resultsPanel() { return results_; }
    PlotPanel* plotPanel() { return plot_; }
    MessageArea* messageArea() { return messages_; }
    class LessonPanel* lessonPanel() {
        return lesson_panel_;
    }
    // The status line's word on the limits the last run was judged against: their age, and the
    // busy-moment / uncertain warning `sfpbench run` prints, in a few words (before any elision;
    // the whole warning is the line's tooltip).
    QString limitsStatus() const;
    OverlaySets* overlays() { return overlays_; }
    core::Controller* controller() { return controller_; }
    QAction* runAction() { return run_; }
    QAction* cancelAction() { return cancel_; }
    QAction* panelAction() { return panel_; }  // View > Experiment panel: hide it, the plot fills the window
    const RateBook& rates() const { return rates_; }
    // The files this window reads -- the form's inputs (given or generated), the experiment
    // file it opened, the imported sets -- which no export may replace.
    core::OutputPaths readPaths() const;
    // Why `path` cannot take an export named `what` (one sentence), "" when it can: the same
    // checks as the CLI's outputs (core::OutputPaths), made before anything is written.
    QString outputProblem(const QString& path, const QString& what) const;

    // Who allows the experiment's commands before their first run (Run asks again when they
    // change): by default a dialog showing every command line in full (command_approval.hpp);
    // headless, the --allow-commands flag.
    using CommandApproval = std::function<bool(const std::vector<sfp::Command>&)>;
    void setCommandApproval(CommandApproval approve) { approve_ = std::move(approve); }

public slots:
    // false (with a message in the window) when the experiment is not valid, or its commands
    // were not allowed
    bool run();
    void cancel();
    bool exportTo(const QString& path, gui::ExportFormat format);
    bool openExperiment(const QString& path);
    bool saveExperiment(const QString& path);
    void setPresentation(bool on);
    bool cleanWorkspace();  // the workspace's generated data, as `sfpbench clean` does

protected:
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    bool commandsAllowed(const sfp::Experiment& experiment);
    CommandApproval approve_;
    std::vector<sfp::Command> approved_;  // the commands last allowed
    QPushButton* buildLayout();
    void connectController();
    void buildMenus();
    void buildFileMenu();
    void buildRunMenu();
    void buildViewMenu();
    void restoreState();
    void fitFirstWindow();  // no saved geometry: as large as useful, within the available screen
    void saveState();
    void setRunning(bool running);
    void onStarted(std::size_t runs);  // planned: the cells, the ETA, the empty tables
    void onFinished(const sfp::ExperimentReport& report);
    void exportDialog();
    void openDialog();
    void saveDialog();
    void updateRecentMenu();
    void placeMessages();                 // the banner floats over the tables' foot: it never moves or hides a control
    void fitLeftWidth();                  // the form's whole width, so it never scrolls sideways
    void fitProgress(bool presentation);  // the progress bars, hidden on a projector between runs
    void fitLessonPanel();                // the lesson's note its share of the width, beside the tables
    void showLimitsStatus(const sfp::ExperimentReport& report);
    void formChanged();  // Run enabled only for a valid form; the runs it would make

    std::unique_ptr<Settings> settings_;
    core::Controller* controller_;
    MessageArea* messages_;
    ExperimentPanel* experiment_;
    ProgressPanel* progress_;
    ResultsPanel* results_;
    PlotPanel* plot_;
    OverlaySets* overlays_ = nullptr;  // imported result sets (overlay_sets.hpp)
    OverlayMenu* imported_ = nullptr;
    LessonsMenu* lessons_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    QWidget* left_ = nullptr;
    class LessonPanel* lesson_panel_ = nullptr;   // beside the tables: never over them
    class ElidedLabel* limits_status_ = nullptr;  // the status line's word on the limits
    QSplitter* main_split_;
    QSplitter* right_split_;
    QSplitter* tables_split_ = nullptr;  // the tables and the lesson's note, side by side
    QAction* run_ = nullptr;
    QAction* cancel_ = nullptr;
    QAction* export_ = nullptr;
    QAction* presentation_ = nullptr;
    QAction* panel_ = nullptr;
    bool panel_before_presentation_ = true;
    QAction* plot_controls_ = nullptr;
    bool controls_before_presentation_ = true;
    class QMenu* recent_menu_ = nullptr;
    QFont base_font_;
    QString experiment_path_;  // the experiment file last opened or saved: never an export's target
    RateBook rates_;           // what the estimate has learned from the runs seen here
    Work work_;                // of the experiment running: what it learns from
    Eta eta_;                  // its runs weighed for the ETA
    QElapsedTimer run_clock_;
};

}  // namespace gui
