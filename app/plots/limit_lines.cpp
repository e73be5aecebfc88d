// The machine's limit on a Lines plot: a ceiling where the plot shows throughput, a floor (the
// cell's bytes at the limit's rate) where it shows elapsed time; one line per limit the drawn
// cells are judged against, labelled with its own figure. Items, not graphs: the series stay the
// plot's only graphs, so a live update still finds them.
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "label_room.hpp"
#include "limit_legend.hpp"
#include "limits_text.hpp"
#include "plot_data.hpp"
#include "plots.hpp"

namespace plots {
namespace {

const QString kLimitItem = QStringLiteral("limit-line");
const QColor kLimitColor(160, 30, 30);
const QPen kLimitPen(kLimitColor, 1.5, Qt::DashDotLine);
// What a label knows of its line, to be placed at every layout: its points (plot coordinates),
// whether it runs across the plot, and whether it is a ceiling.
constexpr char kLineProperty[] = "sfpLimitLine", kAcrossProperty[] = "sfpAcross", kCeilingProperty[] = "sfpCeiling";

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
    item->setPen(kLimitPen);
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

// The line a label belongs to, in pixels as last laid out, left to right: its two ends across
// the data area, or its points.
std::vector<QPointF> line_pixels(const QCPItemText* label, const QCPAxisRect* area) {
    const QCPAxis* x = area->axis(QCPAxis::atBottom);
    const QCPAxis* y = area->axis(QCPAxis::atLeft);
    std::vector<QPointF> out;
    for (const QVariant& v : label->property(kLineProperty).toList()) {
        const QPointF at = v.toPointF();
        out.emplace_back(x->coordToPixel(at.x()), y->coordToPixel(at.y()));
    }
    if (label->property(kAcrossProperty).toBool() && !out.empty())
        out = {QPointF(area->rect().left(), out.front().y()), QPointF(area->rect().right(), out.front().y())};
    std::sort(out.begin(), out.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    return out;
}

// The line's highest and lowest pixel over [left, right] (none where it does not reach).
std::optional<std::pair<double, double>> line_span(const std::vector<QPointF>& line, double left, double right) {
    if (line.empty() || right < line.front().x() || left > line.back().x()) return std::nullopt;
    const auto y_at = [&](double x) {
        const auto after =
            std::lower_bound(line.begin(), line.end(), x, [](const QPointF& p, double v) { return p.x() < v; });
        if (after == line.begin()) return after->y();
        if (after == line.end()) return line.back().y();
        const QPointF a = *std::prev(after), b = *after;
        return b.x() == a.x() ? b.y() : a.y() + (b.y() - a.y()) * (x - a.x()) / (b.x() - a.x());
    };
    left = std::max(left, line.front().x()), right = std::min(right, line.back().x());
    double top = std::min(y_at(left), y_at(right)), bottom = std::max(y_at(left), y_at(right));
    for (const QPointF& p : line)
        if (p.x() > left && p.x() < right) top = std::min(top, p.y()), bottom = std::max(bottom, p.y());
    return std::pair{top, bottom};
}

// Every place the label's box may take, best first: beside its line, on the side of the data's
// bound (under a ceiling, over a floor) then the other, from the line's right end leftwards --
// whole inside the data area.
std::vector<QRectF> candidates(const std::vector<QPointF>& line, bool ceiling, const QRectF& area, QSizeF size) {
    std::vector<QRectF> out;
    if (line.empty()) return out;
    const double step = std::max(6.0, area.width() / 32);
    const double first = std::min(line.back().x(), area.right() - 4);
    for (bool below : {ceiling, !ceiling})
        for (double right = first;; right -= step) {
            const double left = std::max(right - size.width(), area.left() + 4);
            if (const auto span = line_span(line, left, left + size.width())) {
                const double top = below ? span->second + 2 : span->first - 2 - size.height();
                const QRectF box(QPointF(left, top), size);
                if (area.contains(box)) out.push_back(box);
            }
            if (left <= area.left() + 4) break;
        }
    return out;
}

LimitLegendItem* legend_entry(const QCustomPlot* plot, const QString& words) {
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (auto* entry = dynamic_cast<LimitLegendItem*>(plot->legend->item(i)); entry && entry->words() == words)
            return entry;
    return nullptr;
}

QCPItemText* make_label(const Canvas& c, const QString& words, const std::map<double, double>& points, bool across,
                        bool ceiling) {
    auto* label = new QCPItemText(c.plot);
    label->setObjectName(kLimitItem);
    QFont font = c.plot->font();
    font.setPointSize(c.style.font_pt);
    label->setFont(font);
    label->setText(words);
    label->setProperty("sfpWords", words);
    QVariantList line;
    for (const auto& [x, y] : points) line << QPointF(x, y);
    label->setProperty(kLineProperty, line);
    label->setProperty(kAcrossProperty, across);
    label->setProperty(kCeilingProperty, ceiling);
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
    const SeriesKind kind = ceiling ? SeriesKind::limit : SeriesKind::floor;
    const QString unit = metric_unit(metric);
    for (const auto& [name, line] : lines) {
        double lo = HUGE_VAL, hi = 0;
        for (const auto& [x, y] : line.points) lo = std::min(lo, y), hi = std::max(hi, y), top = std::max(top, y);
        const QString words = (ceiling ? QObject::tr("ceiling: %1") : QObject::tr("floor: %1")).arg(line.label);
        const bool across = hi - lo <= 1e-9 * hi || line.points.size() < 2;
        tag(make_label(c, words, line.points, across, ceiling), kind, unit, {}, words);
        if (across) {  // the same everywhere: across the whole plot
            auto* straight = limit_item<QCPItemStraightLine>(c.plot);
            tag(straight, kind, unit, {}, words);
            for (QCPItemPosition* end :
                 {straight->point1, straight->point2}) {  // x as a share of the axis: log axes too
                end->setTypeX(QCPItemPosition::ptAxisRectRatio);
                end->setTypeY(QCPItemPosition::ptPlotCoords);
            }
            straight->point1->setCoords(0, hi);
            straight->point2->setCoords(1, hi);
            continue;
        }
        for (auto it = line.points.begin(); std::next(it) != line.points.end(); ++it) {
            auto* segment = limit_item<QCPItemLine>(c.plot);
            tag(segment, kind, unit, {}, words);
            segment->start->setCoords(it->first, it->second);
            segment->end->setCoords(std::next(it)->first, std::next(it)->second);
        }
    }
    return top;  // the labels are placed at each layout (place_limit_labels): the axes move the lines
}

bool place_limit_labels(QCustomPlot* plot, bool fresh) {
    const QCPAxisRect* area = plot->axisRect();
    const Ink ink(plot);
    std::vector<QRectF> placed;
    bool changed = false;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(plot->item(i));
        if (!label || label->objectName() != kLimitItem) continue;
        const QString words = label->property("sfpWords").toString();
        LimitLegendItem* entry = legend_entry(plot, words);
        if (entry && !fresh) continue;  // moved to the legend in this layout: it stays there until the next
        label->setText(fitted(words, label->font(), int(area->width())));
        const QMargins pad = label->padding();
        const QSizeF size = QFontMetrics(label->font()).boundingRect(QRect(), Qt::AlignLeft, label->text()).size() +
                            QSize(pad.left() + pad.right() + 2, pad.top() + pad.bottom() + 2);
        const std::vector<QRectF> places =
            candidates(line_pixels(label, area), label->property(kCeilingProperty).toBool(), area->rect(), size);
        const auto free = std::find_if(places.begin(), places.end(), [&](const QRectF& box) {
            return !ink.covered(box) && std::none_of(placed.begin(), placed.end(),
                                                     [&](const QRectF& other) { return box.intersects(other); });
        });
        const bool legended = free == places.end();
        label->setVisible(!legended);
        if (legended && !entry)
            plot->legend->addItem(new LimitLegendItem(plot->legend, words, kLimitPen)), changed = true;
        if (!legended && entry) plot->legend->removeItem(entry), changed = true;
        if (legended) continue;
        placed.push_back(*free);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->position->setCoords(free->topLeft());
    }
    return changed;
}

double limit_lines_top(const Canvas& c) {
    double top = 0;
    for (int i = 0; i < c.plot->itemCount(); ++i) {
        QCPAbstractItem* item = c.plot->item(i);
        if (item->objectName() != kLimitItem) continue;
        if (auto* s = qobject_cast<QCPItemStraightLine*>(item)) top = std::max(top, s->point1->coords().y());
        if (auto* l = qobject_cast<QCPItemLine*>(item))
            top = std::max({top, l->start->coords().y(), l->end->coords().y()});
    }
    return top;
}

}  // namespace plots
