#pragma once
// A banner at the top of the window for errors and notices. Never modal: the window stays
// usable and tests can read what it says.
#include <QFrame>

class QLabel;

namespace gui {

class MessageArea : public QFrame {
    Q_OBJECT
public:
    enum class Kind { info, error };
    explicit MessageArea(QWidget* parent = nullptr);

    void showError(const QString& text);
    void showInfo(const QString& text);
    // A lesson's "after the run, look at..." note: it stays through Run until the results are
    // in and read -- until another experiment is loaded -- and is shown beside the plot, not in
    // the banner (lessonChanged: the window's LessonPanel), so it never covers a table.
    void showLesson(const QString& text);
    void dropLesson();
    void clear();        // dismissed: the banner; the lesson's note stays in its panel
    void clearForRun();  // a run starts: old news go, a lesson's note stays
    bool hasLesson() const { return !lesson_.isEmpty(); }
    QString lesson() const { return lesson_; }

    QString text() const;
    Kind kind() const { return kind_; }

signals:
    void shown(const QString& text, gui::MessageArea::Kind kind);
    void lessonChanged(const QString& note);  // "" when the lesson is dropped

private:
    void present(const QString& text, Kind kind);

    QLabel* icon_;
    QLabel* text_;
    Kind kind_ = Kind::info;
    QString lesson_;
};

}  // namespace gui
