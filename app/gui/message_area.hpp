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
    // in and read -- until dismissed or another experiment is loaded -- and later messages are
    // shown above it rather than instead of it.
    void showLesson(const QString& text);
    void dropLesson();
    void clear();        // dismissed: the lesson's note too
    void clearForRun();  // a run starts: old news go, a lesson's note stays
    bool hasLesson() const { return !lesson_.isEmpty(); }

    QString text() const;
    Kind kind() const { return kind_; }

signals:
    void shown(const QString& text, gui::MessageArea::Kind kind);

private:
    void present(const QString& text, Kind kind);

    QLabel* icon_;
    QLabel* text_;
    Kind kind_ = Kind::info;
    QString lesson_;
};

}  // namespace gui
