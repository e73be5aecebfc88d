#include "label_room.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace plots {
namespace {

bool finite(const QPointF& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); }

}  // namespace

bool crosses(const QRectF& box, const QLineF& line) {
    // Liang-Barsky: clip the segment's parameter range [0, 1] to the box's four sides.
    const double dx = line.dx(), dy = line.dy();
    const double p[] = {-dx, dx, -dy, dy};
    const double q[] = {line.x1() - box.left(), box.right() - line.x1(), line.y1() - box.top(),
                        box.bottom() - line.y1()};
    double lo = 0, hi = 1;
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;  // parallel to this side and outside it
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            lo = std::max(lo, t);
        else
            hi = std::min(hi, t);
        if (lo > hi) return false;
    }
    return true;
}

Ink::Ink(QCustomPlot* plot) {
    for (int g = 0; g < plot->graphCount(); ++g) {
        const QCPGraph* graph = plot->graph(g);
        if (!graph->visible()) continue;
        const double r = std::max(2.0, graph->scatterStyle().size() / 2 + 1);
        const bool joined = graph->lineStyle() != QCPGraph::lsNone;
        std::optional<QPointF> last;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF p = graph->coordsToPixels(it->key, it->value);
            if (!std::isfinite(it->value) || !finite(p)) {
                last.reset();  // a gap: nothing drawn across it
                continue;
            }
            marks_.emplace_back(p.x() - r, p.y() - r, 2 * r, 2 * r);
            if (joined && last) lines_.emplace_back(*last, p);
            last = p;
        }
    }
    for (int i = 0; i < plot->plottableCount(); ++i) {
        const auto* bars = qobject_cast<const QCPErrorBars*>(plot->plottable(i));
        if (!bars || !bars->visible() || !bars->dataPlottable() || !bars->dataPlottable()->visible()) continue;
        const QCPPlottableInterface1D* of = bars->dataPlottable()->interface1D();
        const double whisker = bars->whiskerWidth() / 2;
        for (int k = 0; k < bars->dataCount() && k < of->dataCount(); ++k) {
            const double key = of->dataMainKey(k), value = of->dataMainValue(k);
            const QCPErrorBarsData e = bars->data()->at(k);
            if (!std::isfinite(value)) continue;
            const double x = bars->keyAxis()->coordToPixel(key);
            const double lo = bars->valueAxis()->coordToPixel(value - e.errorMinus);
            const double hi = bars->valueAxis()->coordToPixel(value + e.errorPlus);
            if (!std::isfinite(x) || !std::isfinite(lo) || !std::isfinite(hi)) continue;
            lines_.emplace_back(x, lo, x, hi);
            lines_.emplace_back(x - whisker, lo, x + whisker, lo);
            lines_.emplace_back(x - whisker, hi, x + whisker, hi);
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        const QCPAbstractItem* item = plot->item(i);
        if (!item->visible()) continue;
        if (auto* s = qobject_cast<const QCPItemStraightLine*>(item)) {
            const QPointF a = s->point1->pixelPosition(), b = s->point2->pixelPosition();
            if (finite(a) && finite(b) && a != b) {  // as far as the plot is wide, either way
                const QLineF l(a, b);
                const double far = 4.0 * (plot->width() + plot->height()) / std::max(1.0, l.length());
                lines_.emplace_back(l.pointAt(-far), l.pointAt(1 + far));
            }
        } else if (auto* l = qobject_cast<const QCPItemLine*>(item)) {
            lines_.emplace_back(l->start->pixelPosition(), l->end->pixelPosition());
        }
    }
}

bool Ink::covered(const QRectF& box) const {
    return std::any_of(marks_.begin(), marks_.end(), [&](const QRectF& m) { return box.intersects(m); }) ||
           std::any_of(lines_.begin(), lines_.end(), [&](const QLineF& l) { return crosses(box, l); });
}

}  // namespace plots
