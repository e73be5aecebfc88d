#include "lesson_panel.hpp"

#include <QLabel>
#include <QPalette>
#include <QScrollArea>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace gui {

LessonPanel::LessonPanel(QWidget* parent) : QFrame(parent), text_(new QLabel(this)), scroll_(new QScrollArea(this)) {
    setObjectName(QStringLiteral("lessonPanel"));
    setFrameShape(QFrame::StyledPanel);
    // A palette, not a style sheet: a styled widget stops following the window's font, and the
    // note must grow with presentation mode.
    QPalette colours = palette();
    colours.setColor(QPalette::Window, QColor(0xe2, 0xef, 0xfd));
    colours.setColor(QPalette::WindowText, Qt::black);
    setPalette(colours);
    setAutoFillBackground(true);
    auto* title = new QLabel(tr("<b>Lesson</b>"), this);
    auto* fold = new QToolButton(this);
    fold->setObjectName(QStringLiteral("foldLessonNote"));
    fold->setAutoRaise(true);
    fold->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    fold->setToolTip(tr("Fold the note away (View > Lesson note brings it back)"));
    connect(fold, &QToolButton::clicked, this, [this] { setFolded(true); });
    text_->setWordWrap(true);
    text_->setTextFormat(Qt::PlainText);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    text_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    scroll_->setWidget(text_);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->viewport()->setAutoFillBackground(false);
    text_->setAutoFillBackground(false);
    auto* head = new QHBoxLayout;
    head->addWidget(title, 1);
    head->addWidget(fold);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->addLayout(head);
    layout->addWidget(scroll_, 1);
    setMinimumWidth(180);
    hide();
}

void LessonPanel::setNote(const QString& text) {
    text_->setText(text);
    setVisible(!text.isEmpty() && !folded_);
}

QString LessonPanel::note() const { return text_->text(); }

void LessonPanel::setFolded(bool folded) {
    if (folded_ == folded) return;
    folded_ = folded;
    setVisible(!folded && hasNote());
    emit foldedChanged(folded);
}

}  // namespace gui
