#include "message_area.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace gui {

MessageArea::MessageArea(QWidget* parent) : QFrame(parent), icon_(new QLabel(this)), text_(new QLabel(this)) {
    setObjectName(QStringLiteral("messageArea"));
    setFrameShape(QFrame::StyledPanel);
    text_->setWordWrap(true);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* close = new QToolButton(this);
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Dismiss"));
    connect(close, &QToolButton::clicked, this, &MessageArea::clear);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(icon_);
    layout->addWidget(text_, 1);
    layout->addWidget(close, 0, Qt::AlignTop);
    hide();
}

void MessageArea::showError(const QString& text) { present(text, Kind::error); }
void MessageArea::showInfo(const QString& text) { present(text, Kind::info); }

void MessageArea::showLesson(const QString& text) {
    lesson_ = text;
    emit lessonChanged(lesson_);
}

void MessageArea::dropLesson() {
    if (lesson_.isEmpty()) return;
    lesson_.clear();
    emit lessonChanged(lesson_);
}

void MessageArea::clearForRun() { clear(); }

void MessageArea::present(const QString& text, Kind kind) {
    kind_ = kind;
    text_->setText(text);
    const bool error = kind == Kind::error;
    icon_->setPixmap(
        style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxInformation).pixmap(20, 20));
    setStyleSheet(error ? QStringLiteral("#messageArea { background: #fde2e1; border: 1px solid #d9534f; }"
                                         " QLabel { color: black; }")
                        : QStringLiteral("#messageArea { background: #e2effd; border: 1px solid #5b9bd5; }"
                                         " QLabel { color: black; }"));
    show();
    emit shown(text, kind);
}

void MessageArea::clear() {
    text_->clear();
    hide();
}

QString MessageArea::text() const { return isHidden() ? QString() : text_->text(); }

}  // namespace gui
