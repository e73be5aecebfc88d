#pragma once
// Widgets left to right, wrapping onto the next line when the width runs out (Qt's flow layout
// example, trimmed): the plot's controls stay whole on a narrow window or in presentation mode
// instead of being squeezed into "block s".
#include <QLayout>
#include <QList>

namespace gui {

class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int spacing = 6);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override { return int(items_.size()); }
    QLayoutItem* itemAt(int index) const override { return items_.value(index); }
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    int arrange(const QRect& rect, bool apply) const;  // the height the items need at this width
    QList<QLayoutItem*> items_;
    int spacing_;
};

}  // namespace gui
