#pragma once
// A limit's label moved into the legend where the plot has no free place for it (issue 39 §4):
// the entry shows the limit's line (dash-dot, its colour) and the label's words.
#include <QColor>
#include <QString>
#include <qcustomplot.h>

namespace gui::plots {

class LimitLegendItem : public QCPAbstractLegendItem {
public:
    LimitLegendItem(QCPLegend* legend, const QString& words, const QPen& line);
    const QString& words() const { return words_; }

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QString words_;
    QPen line_;
};

}  // namespace gui::plots
