#pragma once
// What a label on a plot must not cover, in pixels as the plot was last laid out: every visible
// graph's points (as large as their markers) and the segments between them, error bars, and the
// straight lines drawn as items (the limits). A label over any of them hides data (issue 39 §4).
#include <QLineF>
#include <QRectF>
#include <qcustomplot.h>
#include <vector>

namespace plots {

class Ink {
public:
    explicit Ink(QCustomPlot* plot);
    // True when `box` covers a point, or a segment runs through it.
    bool covered(const QRectF& box) const;

private:
    std::vector<QRectF> marks_;
    std::vector<QLineF> lines_;
};

// Whether the segment `line` runs through `box` (an end inside counts).
bool crosses(const QRectF& box, const QLineF& line);

}  // namespace plots
