#include "limit_legend.hpp"

#include "plot_layout.hpp"

namespace plots {

LimitLegendItem::LimitLegendItem(QCPLegend* legend, const QString& words, const QPen& line)
    : QCPAbstractLegendItem(legend), words_(words), shown_(words), line_(line) {
    setSelectable(false);
    setTextColor(line.color());
}

void LimitLegendItem::setWidth(int width) {
    const int room = width - mParentLegend->iconSize().width() - mParentLegend->iconTextPadding() - mMargins.left() -
                     mMargins.right();
    shown_ = width > 0 ? wrapped_label(words_, mFont, std::max(room, 1)) : words_;
    width_ = width;
}

// As QCPPlottableLegendItem lays out its icon and text, so the entry lines up with the others.
void LimitLegendItem::draw(QCPPainter* painter) {
    const QSize icon = mParentLegend->iconSize();
    painter->setFont(mFont);
    painter->setPen(QPen(mTextColor));
    const QRect text = painter->fontMetrics().boundingRect(0, 0, 0, icon.height(), Qt::TextDontClip, shown_);
    painter->drawText(mRect.x() + icon.width() + mParentLegend->iconTextPadding(), mRect.y(), text.width(),
                      std::max(text.height(), icon.height()), Qt::TextDontClip, shown_);
    const double y = mRect.y() + icon.height() / 2.0;
    painter->setPen(line_);
    painter->drawLine(QLineF(mRect.x(), y, mRect.x() + icon.width(), y));
}

QSize LimitLegendItem::minimumOuterSizeHint() const {
    const QSize icon = mParentLegend->iconSize();
    const QRect text = QFontMetrics(mFont).boundingRect(0, 0, 0, icon.height(), Qt::TextDontClip, shown_);
    return {icon.width() + mParentLegend->iconTextPadding() + text.width() + mMargins.left() + mMargins.right(),
            std::max(text.height(), icon.height()) + mMargins.top() + mMargins.bottom()};
}

}  // namespace plots
