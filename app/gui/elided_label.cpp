#include "elided_label.hpp"

#include <QEvent>

namespace gui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // its room comes from the layout
    setTextFormat(Qt::PlainText);
}

void ElidedLabel::setFullText(const QString& text, const QString& whole) {
    full_ = text;
    const QString tip = whole.isEmpty() ? text : whole;
    // A paragraph, so the tooltip wraps instead of running off a narrow screen.
    setToolTip(tip.isEmpty() ? QString() : QStringLiteral("<p>%1</p>").arg(tip.toHtmlEscaped()));
    elide();
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::changeEvent(QEvent* event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) elide();  // presentation mode's larger font
}

void ElidedLabel::elide() {
    const QString shown = fontMetrics().elidedText(full_, Qt::ElideRight, contentsRect().width());
    if (shown != text()) setText(shown);
}

}  // namespace gui
