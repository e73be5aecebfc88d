// The machine's limit on a Lines plot: a ceiling where the plot shows throughput, a floor (the
// cell's bytes at the limit's rate) where it shows elapsed time; one line per limit the drawn
// cells are judged against, labelled with its name. Items, not graphs: the series stay the
// plot's only graphs, so a live update still finds them.
#include <qcustomplot.h>

#include <cmath>
#include <map>

#include "limits_text.hpp"
#include "plots.hpp"

namespace gui::plots {
namespace {

const QString kLimitItem = QStringLiteral("limit-line");
const QColor kLimitColor(160, 30, 30);

struct Line {
    std::map<double, double> points;  // x -> the limit's value there
    QString label;                    // "two-stream memory read, 2 threads, 20.6 GB/s" (of the first cell)
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

// Under a ceiling (the top of the plot is near it) and over a floor, so the label stays inside the
// data area; at the right edge for a line across the plot, else left of the line's last point.
void label_at(const Canvas& c, double x, double y, const QString& words, bool constant, bool ceiling) {
    auto* label = new QCPItemText(c.plot);
    label->setObjectName(kLimitItem);
    QFont font = c.plot->font();
    font.setPointSize(c.style.font_pt);
    label->setFont(font);
    label->setText(words);
    // fitted to the data area as it is laid out at each replot (the axes' labels change its width)
    QObject::connect(c.plot, &QCustomPlot::afterLayout, label,
                     [label, words, font, plot = c.plot] { label->setText(fitted(words, font, plot->axisRect()->width())); });
    label->setTextAlignment(Qt::AlignRight);
    label->setColor(kLimitColor);
    label->setPositionAlignment(Qt::AlignRight | (ceiling ? Qt::AlignTop : Qt::AlignBottom));
    label->setBrush(QColor(255, 255, 255, 140));  // readable where it crosses lines, which still show through
    if (constant) {  // at the right edge, whatever the axis range
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(0.99, y);
    } else {
        label->position->setCoords(x, y);
    }
}

}  // namespace

double draw_limit_lines(const Canvas& c, const sfp::ExperimentReport& report, Metric metric,
                        const std::vector<Series>& series) {
    if (metric != Metric::throughput && metric != Metric::elapsed) return 0;
    const bool ceiling = metric == Metric::throughput;
    std::map<std::string, Line> lines;  // by the limit's name, threads aside (a step when x is threads)
    for (const Series& s : series)
        for (const SeriesPoint& p : s.points) {
            const sfp::CellLimit limit = sfp::cell_limit(report, p.cell);
            const std::optional<double> v = value_of(report, p.cell, limit, metric);
            if (!v) continue;
            Line& line = lines[limit.name];
            if (line.label.isEmpty())
                line.label = QString::fromStdString(limit.label()) + ", " + core::rate_text(limit.bytes_per_s);
            const auto [at, fresh] = line.points.emplace(p.x, *v);  // where cells share an x, the loosest bound
            if (!fresh) at->second = ceiling ? std::max(at->second, *v) : std::min(at->second, *v);
        }
    double top = 0;
    for (const auto& [name, line] : lines) {
        double lo = HUGE_VAL, hi = 0;
        for (const auto& [x, y] : line.points) lo = std::min(lo, y), hi = std::max(hi, y), top = std::max(top, y);
        const QString words = (ceiling ? QObject::tr("ceiling: %1") : QObject::tr("floor: %1")).arg(line.label);
        if (hi - lo <= 1e-9 * hi) {  // the same everywhere: across the whole plot
            auto* straight = limit_item<QCPItemStraightLine>(c.plot);
            for (QCPItemPosition* end : {straight->point1, straight->point2}) {  // x as a share of the axis: log axes too
                end->setTypeX(QCPItemPosition::ptAxisRectRatio);
                end->setTypeY(QCPItemPosition::ptPlotCoords);
            }
            straight->point1->setCoords(0, hi);
            straight->point2->setCoords(1, hi);
            label_at(c, 0, hi, words, true, ceiling);
            continue;
        }
        for (auto it = line.points.begin(); std::next(it) != line.points.end(); ++it) {
            auto* segment = limit_item<QCPItemLine>(c.plot);
            segment->start->setCoords(it->first, it->second);
            segment->end->setCoords(std::next(it)->first, std::next(it)->second);
        }
        label_at(c, line.points.rbegin()->first, line.points.rbegin()->second, words, false, ceiling);
    }
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
