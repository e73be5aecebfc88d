#pragma once
// A limit's label moved into the legend where the plot has no free place for it (issue 39 §4):
// the entry shows the limit's line (dash-dot, its colour) and the label's words.
#include <QColor>
#include <QString>
#include <qcustomplot.h>

namespace plots {

class LimitLegendItem : public QCPAbstractLegendItem {
public:
    LimitLegendItem(QCPLegend* legend, const QString& words, const QPen& line);
    const QString& words() const { return words_; }
    // Its words broken between words so the entry is at most `width` px wide (0: on one line),
    // so that it stands beside the data with the others.
    void setWidth(int width);
    int width() const { return width_; }

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QString words_, shown_;
    int width_ = 0;
    QPen line_;
};

}  // namespace plots
