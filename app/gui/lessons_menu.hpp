#pragma once
// The Lessons menu: one entry per lesson (core::lessons()). Choosing one shows its question to
// predict first, then loads its first experiment into the form and its reference set as an
// overlay, and leaves what to look at in the message area for after the run.
#include <QMenu>
#include <functional>
#include <map>
#include <optional>

#include "lessons.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/report.hpp"

namespace gui {

class MessageArea;
class OverlaySets;
class PlotPanel;

class LessonsMenu : public QMenu {
    Q_OBJECT
public:
    // `open_experiment` loads a spec into the window (MainWindow::openExperiment).
    LessonsMenu(std::function<bool(const QString&)> open_experiment, OverlaySets* sets, MessageArea* messages,
                PlotPanel* plot, QWidget* parent);
    // Loads the lesson's experiment number `experiment`, without the prompt (tests use it directly).
    // Opens on the lesson's plot (lesson.json's "plot"). False, with the message area saying why, when it cannot.
    bool open(const core::Lesson& lesson, qsizetype experiment = 0);
    // The prediction prompt's text.
    static QString prompt(const core::Lesson& lesson);
    // "1. hot cache: in memory, as read back" -- a lesson's experiment named for what it runs.
    static QString experimentTitle(const QString& path, qsizetype index);
    // Another experiment was loaded: the lesson is over (its runs so far are kept in case it
    // is loaded again, as lesson 3's cold run after its hot one).
    void leave();
    // An experiment finished: while a lesson is loaded, its note is shown again with what the
    // runs tell (cold no slower than hot: why).
    void finished(const sfp::ExperimentReport& report);
    // After `report`, a run of the loaded lesson, finished: loads its next experiment and starts
    // it with `run` (the window's Run) once the finished signal is over, as a class would from
    // the submenu -- `failed` when it cannot (the message area says why). False, and nothing
    // done, when the run was cancelled or the lesson has no experiment left.
    bool runNext(const sfp::ExperimentReport& report, std::function<bool()> run, std::function<void()> failed);

signals:
    // The table columns the loaded lesson's note names (none once it is left): the tables show
    // them where a class sees them.
    void namedColumns(const std::vector<core::NamedColumn>& columns);

private:
    std::function<bool(const QString&)> open_experiment_;
    OverlaySets* sets_;
    MessageArea* messages_;
    PlotPanel* plot_;
    std::optional<core::Lesson> current_;
    qsizetype step_ = 0;                                    // its experiment loaded
    QString runs_of_;                                       // the lesson the runs below belong to
    std::map<sfp::CacheMode, sfp::ExperimentReport> runs_;  // its last finished run per cache mode
    QString note(const core::Lesson& lesson) const;
    void showStates();  // the lesson's runs in other cache states beside the report, when it draws them so
};

}  // namespace gui
