// Imported result sets on the Lines plot: dashed lines on the live run's time axis when they are
// times in seconds too (one axis: a faster set is drawn lower), on a right-hand "relative (x = 1)"
// axis when they are relative times (an article's ratios, or normalised); sliced as the live run
// (overlay_slice.hpp). A set is one legend entry in one hue, its lines shades of it; a set that
// cannot be drawn here is named with the reason instead.
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "overlay_slice.hpp"
#include "plot_data.hpp"
#include "plots.hpp"
#include "sfp/expand.hpp"

namespace plots {
namespace {

QVariantMap imported_parameters(const core::ImportedCell& c) {
    return cell_parameters({.strategy = c.strategy, .file_size = c.file_size, .parameters = c.parameters});
}

}  // namespace

OverlaysDrawn draw_overlays(const Canvas& c, const std::vector<core::ResultSet>& sets, const QStringList& names,
                            const std::string& algorithm, const SliceChoice& choice, bool normalised) {
    QCustomPlot* plot = c.plot;
    plot->yAxis2->setVisible(false);
    OverlaysDrawn out;
    double top = 0, top2 = 0, lo = HUGE_VAL, hi = 0;
    QVector<double> xs;
    for (std::size_t s = 0; s < sets.size(); ++s) {
        const QString name = names.value(qsizetype(s));
        const OverlayLines lines = overlay_lines(sets[s], algorithm, choice);
        if (!lines.why_not.isEmpty()) {
            out.not_comparable << QStringLiteral("%1: %2").arg(name, lines.why_not);
            continue;
        }
        const bool relative = normalised || sets[s].relative;
        QCPAxis* axis = relative ? plot->yAxis2 : plot->yAxis;
        const QString unit = relative ? QObject::tr("relative (x = 1)") : QStringLiteral("s");
        const int hue = int(30 + 70 * s) % 360;  // muted, one hue per set: not a live series
        for (std::size_t l = 0; l < lines.series.size(); ++l) {
            const Series& series = lines.series[l];
            // Shades from dark to light; markers tell the lines apart in black and white too.
            const QColor color = QColor::fromHsv(hue, 110, std::max(70, 150 - int(l) * 60 / int(lines.series.size())));
            QCPGraph* graph = plot->addGraph(plot->xAxis, axis);
            graph->setName(name);  // every line answers to the set's legend entry (hide, show)
            if (l > 0) graph->removeFromLegend();
            QVariantList cells;
            graph->setPen(QPen(color, c.style.line_width, Qt::DashLine));
            if (!series.flat)
                graph->setScatterStyle(QCPScatterStyle(series_look(int(l)).shape, color, Qt::white, c.style.marker));
            QVector<double> keys, values;
            for (const SeriesPoint& p : series.points) {
                if (p.summary.n == 0) continue;
                keys << p.x, values << p.summary.median;
                cells << imported_parameters(sets[s].cells.at(p.cell));
                (relative ? top2 : top) = std::max(relative ? top2 : top, p.summary.median);
                lo = std::min(lo, p.x), hi = std::max(hi, p.x);
                HoverPoint point{p.x,
                                 p.summary.median,
                                 QObject::tr("<b>%1</b><br>%2<br>median %3 %4 (imported)")
                                     .arg(name.toHtmlEscaped(), series.name.toHtmlEscaped(),
                                          QString::number(p.summary.median, 'f', relative ? 2 : 3),
                                          relative ? QObject::tr("relative (x = 1)") : QStringLiteral("s")),
                                 0,
                                 0,
                                 name};
                point.right = relative;
                out.hover.push_back(point);
            }
            graph->setData(keys, values, true);
            graph->setName(name);
            tag(graph, SeriesKind::imported, unit, cells);
            graph->setProperty("sfpLine", series.name);  // which of the set's lines: the export's name
            xs << keys;
            ++out.lines;
        }
    }
    if (out.lines == 0) return out;
    if (top2 > 0) {  // another unit: its own axis, labelled so
        plot->yAxis2->setVisible(true);
        plot->yAxis2->setLabel(QObject::tr("imported, relative (x = 1)"));
        plot->yAxis2->setProperty("sfpUnit", QObject::tr("relative (x = 1)"));
        plot->yAxis2->setRange(0, top2 * 1.1);
    }
    if (top * 1.1 > plot->yAxis->range().upper) plot->yAxis->setRange(0, top * 1.1);
    // Their x values may lie outside the live run's (the article's 640,000,000 bytes): widen.
    const bool log = plot->xAxis->scaleType() == QCPAxis::stLogarithmic;
    QCPRange range = plot->xAxis->range();
    range.expand(log ? lo / 1.5 : lo * 0.95);
    range.expand(log ? hi * 1.5 : hi * 1.05);
    plot->xAxis->setRange(range);
    add_data_ticks(plot->xAxis, choice.x, xs, true);
    return out;
}

}  // namespace plots
