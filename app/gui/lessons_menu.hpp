#pragma once
// The Lessons menu: one entry per lesson (core::lessons()). Choosing one shows its question to
// predict first, then loads its first experiment into the form and its reference set as an
// overlay, and leaves what to look at in the message area for after the run.
#include <QMenu>
#include <functional>

#include "lessons.hpp"

namespace gui {

class MessageArea;
class OverlaySets;

class LessonsMenu : public QMenu {
    Q_OBJECT
public:
    // `open_experiment` loads a spec into the window (MainWindow::openExperiment).
    LessonsMenu(std::function<bool(const QString&)> open_experiment, OverlaySets* sets, MessageArea* messages,
                QWidget* parent);
    // Loads the lesson's experiment number `experiment`, without the prompt (tests use it directly).
    void open(const core::Lesson& lesson, qsizetype experiment = 0);
    // The prediction prompt's text.
    static QString prompt(const core::Lesson& lesson);

private:
    std::function<bool(const QString&)> open_experiment_;
    OverlaySets* sets_;
    MessageArea* messages_;
};

}  // namespace gui
