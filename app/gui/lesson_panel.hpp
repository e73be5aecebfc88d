#pragma once
// A lesson's "after the run, look at..." note, in a side panel beside the plot and tables: it
// never covers the table or plot it points at, takes the window's font (presentation mode's
// size too), and folds away with its own button or View > Lesson note.
#include <QFrame>

class QLabel;
class QScrollArea;

namespace gui {

class LessonPanel : public QFrame {
    Q_OBJECT
public:
    explicit LessonPanel(QWidget* parent = nullptr);

    void setNote(const QString& text);  // "" when no lesson is loaded: the panel goes
    QString note() const;
    bool hasNote() const { return !note().isEmpty(); }

signals:
    void foldedChanged(bool folded);

public slots:
    void setFolded(bool folded);  // folded: hidden until unfolded (View > Lesson note)

private:
    QLabel* text_;
    QScrollArea* scroll_;
    bool folded_ = false;
};

}  // namespace gui
