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
    void clear();

    QString text() const;
    Kind kind() const { return kind_; }

signals:
    void shown(const QString& text, gui::MessageArea::Kind kind);

private:
    void present(const QString& text, Kind kind);

    QLabel* icon_;
    QLabel* text_;
    Kind kind_ = Kind::info;
};

}  // namespace gui
