#pragma once
// What a test reads off a drawn QCustomPlot, shared by the GUI tests.
#include <qcustomplot.h>
#include <vector>

namespace probes {

// The imported sets' graphs: those the painter tagged so (plot_data.hpp), on either axis.
inline bool imported(const QCPAbstractPlottable* p) { return p->property("sfpKind").toString() == "imported"; }
inline std::vector<QCPGraph*> overlay_graphs(QCustomPlot* plot) {
    std::vector<QCPGraph*> out;
    for (int i = 0; i < plot->graphCount(); ++i)
        if (imported(plot->graph(i))) out.push_back(plot->graph(i));
    return out;
}

}  // namespace probes

#include <QLineF>
#include <QString>
#include <cmath>

#include "limit_legend.hpp"

namespace probes {

// Whether `box` holds any point of the segment, walked a pixel at a time (no shared geometry
// with the painter: a bug there cannot hide here).
inline bool touches(const QRectF& box, const QLineF& segment) {
    const int steps = std::max(1, int(segment.length()));
    for (int i = 0; i <= steps; ++i)
        if (box.contains(segment.pointAt(double(i) / steps))) return true;
    return false;
}

// Issue 39 §4, from the plot as laid out: every limit's label is either on the plot -- inside
// the data area, over no point (its marker), no segment of a line, no error bar, no limit line
// and no other label -- or moved into the legend (hidden, its words an entry there). "" when
// so, else what is wrong.
inline QString label_trouble(QCustomPlot* plot) {
    const QRectF area = plot->axisRect()->rect();
    std::vector<QRectF> marks;
    std::vector<QLineF> ink;
    for (int g = 0; g < plot->graphCount(); ++g) {
        QCPGraph* graph = plot->graph(g);
        if (!graph->visible()) continue;
        const double r = graph->scatterStyle().size() / 2;
        QPointF last(qQNaN(), qQNaN());
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            if (std::isnan(it->value)) {
                last = QPointF(qQNaN(), qQNaN());
                continue;
            }
            const QPointF p = graph->coordsToPixels(it->key, it->value);
            marks.emplace_back(p.x() - r, p.y() - r, 2 * r, 2 * r);
            if (!std::isnan(last.x()) && graph->lineStyle() != QCPGraph::lsNone) ink.emplace_back(last, p);
            last = p;
        }
    }
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPErrorBars*>(plot->plottable(i));
            bars && bars->visible() && bars->dataPlottable()) {
            auto* graph = qobject_cast<QCPGraph*>(bars->dataPlottable());
            for (int k = 0; graph && k < bars->dataCount() && k < graph->dataCount(); ++k) {
                const auto d = graph->data()->at(k);
                if (std::isnan(d->value)) continue;
                const QCPErrorBarsData e = bars->data()->at(k);
                ink.emplace_back(graph->coordsToPixels(d->key, d->value - e.errorMinus),
                                 graph->coordsToPixels(d->key, d->value + e.errorPlus));
            }
        }
    std::vector<std::pair<QString, QRectF>> labels;
    for (int i = 0; i < plot->itemCount(); ++i) {
        QCPAbstractItem* item = plot->item(i);
        if (item->objectName() != QLatin1String("limit-line")) continue;
        if (auto* s = qobject_cast<QCPItemStraightLine*>(item))
            ink.emplace_back(area.left(), s->point1->pixelPosition().y(), area.right(), s->point2->pixelPosition().y());
        if (auto* l = qobject_cast<QCPItemLine*>(item))
            ink.emplace_back(l->start->pixelPosition(), l->end->pixelPosition());
        auto* text = qobject_cast<QCPItemText*>(item);
        if (!text) continue;
        const QString words = text->property("sfpWords").toString();
        if (!text->visible()) {
            bool listed = false;
            for (int e = 0; e < plot->legend->itemCount(); ++e)
                if (auto* entry = dynamic_cast<plots::LimitLegendItem*>(plot->legend->item(e)))
                    listed |= entry->words() == words;
            if (!listed) return QStringLiteral("'%1' is neither on the plot nor in the legend").arg(words);
            continue;
        }
        labels.emplace_back(words, QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()));
    }
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const auto& [words, box] = labels[i];
        const QRectF inner = box.adjusted(1, 1, -1, -1);  // a line may touch the label's edge
        if (!area.contains(box)) return QStringLiteral("'%1' leaves the data area").arg(words);
        for (const QRectF& m : marks)
            if (inner.intersects(m)) return QStringLiteral("'%1' covers a point").arg(words);
        for (const QLineF& l : ink)
            if (touches(inner, l)) return QStringLiteral("'%1' covers a line or an error bar").arg(words);
        for (std::size_t j = 0; j < i; ++j)
            if (box.intersects(labels[j].second))
                return QStringLiteral("'%1' overlaps '%2'").arg(words, labels[j].first);
    }
    return {};
}

}  // namespace probes
