// The machine's limit on a Lines plot: a ceiling where the plot shows throughput, a floor (the
// cell's bytes at the limit's rate) where it shows elapsed time; one line per limit the drawn
// cells are judged against, labelled with its own figure. Items, not graphs: the series stay the
// plot's only graphs, so a live update still finds them.
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "limits_text.hpp"
#include "plot_data.hpp"
#include "plots.hpp"

namespace gui::plots {
namespace {

const QString kLimitItem = QStringLiteral("limit-line");
const QColor kLimitColor(160, 30, 30);

struct Line {
    std::map<double, double> points;  // x -> the limit's value there
    QString label;                    // "two-stream memory read, 2 threads, 20.6 GB/s"
};

// The cell's limit in the metric's unit: MB/s, or the seconds its bytes take at the limit's rate.
std::optional<double> value_of(const sfp::ExperimentReport& report, std::size_t cell, const sfp::CellLimit& limit,
                               Metric metric) {
    if (limit.bytes_per_s <= 0) return std::nullopt;
    if (metric == Metric::throughput) return limit.bytes_per_s / 1e6;
    const sfp::CellStats& st = report.stats.at(cell);
    if (st.real.n == 0) return std::nullopt;  // its bytes are known once it has run
    return st.throughput_mbs * 1e6 * st.real.median / limit.bytes_per_s;
}

template <typename Item>
Item* limit_item(QCustomPlot* plot) {
    auto* item = new Item(plot);
    item->setObjectName(kLimitItem);
    item->setPen(QPen(kLimitColor, 1.5, Qt::DashDotLine));
    item->setSelectable(false);
    return item;
}

// The label on one line, or on two (the limit's name / its threads and rate) when one would be
// wider than the data area (a 1024x700 window in presentation mode: 540 px of text in 460).
QString fitted(const QString& words, const QFont& font, int room) {
    const int padding = 12;
    if (QFontMetrics(font).horizontalAdvance(words) + padding <= room) return words;
    const qsizetype cut = words.indexOf(QStringLiteral(", "));
    return cut < 0 ? words : words.left(cut + 1) + QLatin1Char('\n') + words.mid(cut + 2);
}

// Where a label would like to be: at the right end of its line (the plot's right edge for a line
// across it), under a ceiling and over a floor.
struct Anchor {
    QCPItemText* label;
    double x, y;
    bool across, ceiling;
};

// The points every graph draws, in pixels: what a label must not cover.
std::vector<QPointF> data_pixels(const QCustomPlot* plot) {
    std::vector<QPointF> out;
    for (int g = 0; g < plot->graphCount(); ++g) {
        const QCPGraph* graph = plot->graph(g);
        if (!graph->visible()) continue;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
            if (std::isfinite(it->value)) out.push_back(graph->coordsToPixels(it->key, it->value));
    }
    return out;
}

// The label's box at each place it may go: right or left end, on the line's side away from the
// data's bound, then on the other side.
std::vector<QRectF> candidates(const Anchor& a, const QCPAxisRect* area, QSizeF size) {
    const QRectF r = area->rect();
    const double lineY = area->axis(QCPAxis::atLeft)->coordToPixel(a.y);
    const double rightX = a.across ? r.right() - 4 : area->axis(QCPAxis::atBottom)->coordToPixel(a.x);
    std::vector<QRectF> out;
    for (bool right : {true, false})
        for (bool below : {a.ceiling, !a.ceiling}) {
            const double left = right ? rightX - size.width() : r.left() + 4;
            const double top = below ? lineY + 2 : lineY - 2 - size.height();
            QRectF box(QPointF(left, top), size);
            box.moveTop(std::clamp(box.top(), r.top(), std::max(r.top(), r.bottom() - box.height())));
            box.moveLeft(std::clamp(box.left(), r.left(), std::max(r.left(), r.right() - box.width())));
            out.push_back(box);
        }
    return out;
}

// `box` moved off the labels placed before it: below them, or above them where below leaves the
// data area; inside it either way.
void push_clear(QRectF& box, const std::vector<QRectF>& placed, const QRectF& area) {
    for (const QRectF& other : placed)
        if (box.intersects(other)) box.moveTop(other.bottom() + 1);
    if (box.bottom() <= area.bottom()) return;
    for (const QRectF& other : placed) box.moveBottom(std::min(box.bottom(), other.top() - 1));
    box.moveTop(std::max(box.top(), area.top()));
}

// Every label at the first place that covers no data point and no label placed before it; when
// none is free, the first place, pushed clear of the labels it would overlap.
void place_labels(const std::vector<Anchor>& anchors, const QFont& font, QCustomPlot* plot) {
    const QCPAxisRect* area = plot->axisRect();
    const std::vector<QPointF> data = data_pixels(plot);
    std::vector<QRectF> placed;
    for (const Anchor& a : anchors) {
        const QString words = a.label->property("sfpWords").toString();
        a.label->setText(fitted(words, font, int(area->width())));
        const QMargins pad = a.label->padding();
        const QSizeF size = QFontMetrics(font).boundingRect(QRect(), Qt::AlignRight, a.label->text()).size() +
                            QSize(pad.left() + pad.right() + 2, pad.top() + pad.bottom() + 2);
        const auto free = [&](const QRectF& box) {
            for (const QPointF& p : data) if (box.contains(p)) return false;
            for (const QRectF& other : placed) if (box.intersects(other)) return false;
            return true;
        };
        const std::vector<QRectF> places = candidates(a, area, size);
        QRectF box = places.front();
        if (const auto it = std::find_if(places.begin(), places.end(), free); it != places.end()) box = *it;
        else push_clear(box, placed, area->rect());
        placed.push_back(box);
        a.label->position->setType(QCPItemPosition::ptAbsolute);
        a.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        a.label->position->setCoords(box.topLeft());
    }
}

QCPItemText* make_label(const Canvas& c, const QString& words) {
    auto* label = new QCPItemText(c.plot);
    label->setObjectName(kLimitItem);
    QFont font = c.plot->font();
    font.setPointSize(c.style.font_pt);
    label->setFont(font);
    label->setText(words);
    label->setProperty("sfpWords", words);
    label->setTextAlignment(Qt::AlignLeft);
    label->setColor(kLimitColor);
    label->setBrush(QColor(255, 255, 255, 170));  // readable where it crosses a line, which still shows through
    label->setClipToAxisRect(true);
    return label;
}

}  // namespace

double draw_limit_lines(const Canvas& c, const sfp::ExperimentReport& report, Metric metric,
                        const std::vector<Series>& series) {
    if (metric != Metric::throughput && metric != Metric::elapsed) return 0;
    const bool ceiling = metric == Metric::throughput;
    // One line per distinct limit -- its name, threads and figure -- each labelled with its own
    // figure: cells of 1 and 2 threads are judged against two figures, so two lines (issue 39 §4).
    std::map<QString, Line> lines;
    for (const Series& s : series)
        for (const SeriesPoint& p : s.points) {
            const sfp::CellLimit limit = sfp::cell_limit(report, p.cell);
            const std::optional<double> v = value_of(report, p.cell, limit, metric);
            if (!v) continue;
            const QString label = QString::fromStdString(limit.label()) + ", " + core::rate_text(limit.bytes_per_s);
            Line& line = lines[label];
            line.label = label;
            const auto [at, fresh] = line.points.emplace(p.x, *v);  // where cells share an x, the loosest bound
            if (!fresh) at->second = ceiling ? std::max(at->second, *v) : std::min(at->second, *v);
        }
    double top = 0;
    std::vector<Anchor> anchors;
    const SeriesKind kind = ceiling ? SeriesKind::limit : SeriesKind::floor;
    const QString unit = metric_unit(metric);
    for (const auto& [name, line] : lines) {
        double lo = HUGE_VAL, hi = 0;
        for (const auto& [x, y] : line.points) lo = std::min(lo, y), hi = std::max(hi, y), top = std::max(top, y);
        const QString words = (ceiling ? QObject::tr("ceiling: %1") : QObject::tr("floor: %1")).arg(line.label);
        QCPItemText* label = make_label(c, words);
        const bool across = hi - lo <= 1e-9 * hi || line.points.size() < 2;
        if (across) {  // the same everywhere: across the whole plot
            auto* straight = limit_item<QCPItemStraightLine>(c.plot);
            tag(straight, kind, unit, {}, words);
            for (QCPItemPosition* end : {straight->point1, straight->point2}) {  // x as a share of the axis: log axes too
                end->setTypeX(QCPItemPosition::ptAxisRectRatio);
                end->setTypeY(QCPItemPosition::ptPlotCoords);
            }
            straight->point1->setCoords(0, hi);
            straight->point2->setCoords(1, hi);
            anchors.push_back({label, 0, hi, true, ceiling});
            continue;
        }
        for (auto it = line.points.begin(); std::next(it) != line.points.end(); ++it) {
            auto* segment = limit_item<QCPItemLine>(c.plot);
            tag(segment, kind, unit, {}, words);
            segment->start->setCoords(it->first, it->second);
            segment->end->setCoords(std::next(it)->first, std::next(it)->second);
        }
        anchors.push_back({label, line.points.rbegin()->first, line.points.rbegin()->second, false, ceiling});
    }
    if (anchors.empty()) return top;
    // Placed as the plot is laid out at each replot: the axes' ranges and labels move the lines.
    QFont font = c.plot->font();
    font.setPointSize(c.style.font_pt);
    QObject::connect(c.plot, &QCustomPlot::afterLayout, anchors.front().label,
                     [anchors, font, plot = c.plot] { place_labels(anchors, font, plot); });
    return top;
}

double limit_lines_top(const Canvas& c) {
    double top = 0;
    for (int i = 0; i < c.plot->itemCount(); ++i) {
        QCPAbstractItem* item = c.plot->item(i);
        if (item->objectName() != kLimitItem) continue;
        if (auto* s = qobject_cast<QCPItemStraightLine*>(item)) top = std::max(top, s->point1->coords().y());
        if (auto* l = qobject_cast<QCPItemLine*>(item)) top = std::max({top, l->start->coords().y(), l->end->coords().y()});
    }
    return top;
}

}  // namespace gui::plots
