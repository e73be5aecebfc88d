#include "wheel_guard.hpp"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>

namespace gui {
namespace {

bool takes_wheel(QObject* object) {
    return qobject_cast<QAbstractSpinBox*>(object) || qobject_cast<QComboBox*>(object);
}

class WheelGuard : public QObject {
public:
    explicit WheelGuard(QWidget* form) : QObject(form), form_(form) {}

    bool eventFilter(QObject* watched, QEvent* event) override {
        const QEvent::Type type = event->type();
        if ((type != QEvent::Wheel && type != QEvent::Polish) || !takes_wheel(watched)) return false;
        auto* control = static_cast<QWidget*>(watched);
        if (!form_->isAncestorOf(control)) return false;
        if (type == QEvent::Polish) {  // one added later too: the wheel no longer gives it the focus
            control->setFocusPolicy(Qt::StrongFocus);
            return false;
        }
        if (control->hasFocus() || !control->parentWidget()) return false;
        QApplication::sendEvent(control->parentWidget(), event);  // on to the scroll area
        return true;
    }

private:
    QWidget* form_;
};

}  // namespace

void guard_wheel(QWidget* form) {
    for (QWidget* control : form->findChildren<QWidget*>())
        if (takes_wheel(control)) control->setFocusPolicy(Qt::StrongFocus);
    qApp->installEventFilter(new WheelGuard(form));
}

}  // namespace gui
