#include "flow_layout.hpp"

#include <QWidget>

namespace gui {

FlowLayout::FlowLayout(QWidget* parent, int spacing) : QLayout(parent), spacing_(spacing) {
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout() {
    while (QLayoutItem* item = takeAt(0)) delete item;
}

void FlowLayout::addItem(QLayoutItem* item) { items_.append(item); }

QLayoutItem* FlowLayout::takeAt(int index) {
    return index >= 0 && index < items_.size() ? items_.takeAt(index) : nullptr;
}

QSize FlowLayout::minimumSize() const {
    QSize size;
    for (const QLayoutItem* item : items_) size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const {
    int width = 0, height = 0;
    for (const QLayoutItem* item : items_) {
        if (item->isEmpty()) continue;
        width += item->sizeHint().width() + spacing_;
        height = std::max(height, item->sizeHint().height());
    }
    return {width, height};
}

void FlowLayout::setGeometry(const QRect& rect) {
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect& rect, bool apply) const {
    const QRect area = rect.marginsRemoved(contentsMargins());
    int x = area.x(), y = area.y(), line = 0;
    QList<std::pair<QLayoutItem*, QRect>> current;  // the line being filled
    const auto finish_line = [&] {
        // Centred in their line: a label sits level with the taller combo beside it.
        if (apply)
            for (auto& [item, r] : current) item->setGeometry(r.translated(0, (line - r.height()) / 2));
        current.clear();
    };
    for (int i = 0; i < items_.size(); ++i) {
        QLayoutItem* item = items_[i];
        if (item->isEmpty()) continue;
        const QSize hint = item->sizeHint();
        // A label stays on the line of the control after it (a QLabel whose buddy follows).
        int need = hint.width();
        if (QWidget* label = item->widget(); label && label->inherits("QLabel") && i + 1 < items_.size())
            need += spacing_ + items_[i + 1]->sizeHint().width();
        if (x > area.x() && x + need > area.right() + 1) {
            finish_line();
            x = area.x();
            y += line + spacing_;
            line = 0;
        }
        current.append({item, QRect(QPoint(x, y), hint.boundedTo(QSize(area.width(), hint.height())))});
        x += hint.width() + spacing_;
        line = std::max(line, hint.height());
    }
    finish_line();
    return y + line - rect.y() + contentsMargins().bottom();
}

}  // namespace gui
