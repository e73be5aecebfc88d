// A metric against one dimension of the matrix, one line per value of another (a PlotSlice),
// error bars; a cell that has not run leaves a gap instead of a line across it.
#include <qcustomplot.h>

#include <cmath>
#include <optional>

#include "cell_text.hpp"
#include "plot_data.hpp"
#include "plots.hpp"

namespace plots {
namespace {

void setup_x_axis(QCPAxis* x, Dim axis, double lo, double hi) {
    x->setLabel(axis_title(axis));
    switch (axis_scale(axis)) {
        case AxisScale::log2_size:
            x->setScaleType(QCPAxis::stLogarithmic);
            x->setRange(lo / 1.5, hi * 1.5);
            break;
        case AxisScale::whole: x->setRange(std::max(0.0, lo - 0.5), hi + 0.5); break;
        case AxisScale::log10:
            x->setScaleType(QCPAxis::stLogarithmic);
            x->setRange(lo / 2, hi * 2);
            break;
        case AxisScale::categories:  // never an axis
        case AxisScale::file_mib: {
            const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(1.0, hi * 0.1);
            x->setRange(std::max(0.0, lo - pad), hi + pad);
            break;
        }
    }
}

QString hover_text(const Series& s, const SeriesPoint& p, const sfp::ExperimentReport& report, Metric m) {
    const sfp::Summary& v = p.summary;
    const QString unit = metric_unit(m);
    // One run has no spread: say so rather than "± 0".
    const QString spread =
        v.n < 2 ? QObject::tr("spread n/a (one run)")
                : QObject::tr("± %1 (stddev), ± %2 (95% CI)").arg(plain_number(v.stddev, 3), plain_number(v.ci95, 3));
    return QObject::tr("<b>%1</b><br>%2<br>%3: mean %4 %5, median %6 %5<br>%7, n = %8")
        .arg(s.name.toHtmlEscaped(), cell_words(report.cells[p.cell]).toHtmlEscaped(), metric_name(m),
             plain_number(v.mean, 5), unit, plain_number(v.median, 5), spread, QString::number(v.n));
}

// One series' data as the graph takes it: a cell that has not run is NaN (a gap in the line).
struct SeriesData {
    QVector<double> keys, values, spread;
};

SeriesData data_of(const Series& s, ErrorKind errors) {
    SeriesData d;
    for (const SeriesPoint& p : s.points) {
        const bool run = p.summary.n > 0;
        const double e = !run                          ? 0
                         : errors == ErrorKind::stddev ? p.summary.stddev
                         : errors == ErrorKind::ci95   ? p.summary.ci95
                                                       : 0;
        d.keys << p.x;
        d.values << (run ? p.summary.mean : qQNaN());
        d.spread << e;
    }
    return d;
}

// What the axes and the hover need from every series, drawn or updated alike.
struct Extent {
    double lo = HUGE_VAL, hi = 0, top = 0;
    QVector<double> keys;  // every x a series has a cell at, run or not yet: the ticks
};

void add_points(const Series& s, const SeriesData& d, const sfp::ExperimentReport& report, Metric metric,
                Extent& extent, Hover& hover) {
    extent.keys << d.keys;
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const SeriesPoint& p = s.points[i];
        if (p.summary.n == 0) continue;
        extent.lo = std::min(extent.lo, p.x);
        extent.hi = std::max(extent.hi, p.x);
        extent.top = std::max(extent.top, p.summary.mean + d.spread[qsizetype(i)]);
        hover.push_back({p.x, p.summary.mean, hover_text(s, p, report, metric), 0, 0, s.name});
    }
}

// NaN-aware: a gap that stays a gap is no change.
bool same(const QVector<double>& a, const QVector<double>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); });
}

// The axes, their labels and the title, from the extent of every series.
void finish_lines(const Canvas& c, const sfp::ExperimentReport& report, Metric metric, const PlotSlice& slice,
                  const SliceChoice& choice, ErrorKind errors, const Extent& extent) {
    QCustomPlot* plot = c.plot;
    setup_x_axis(plot->xAxis, choice.x, extent.lo, extent.hi);
    add_data_ticks(plot->xAxis, choice.x, extent.keys, false);
    plot->yAxis->setLabel(metric_title(metric));
    plot->yAxis->setRange(0, extent.top > 0 ? extent.top * 1.1 : 1);
    const QString spread = errors == ErrorKind::stddev ? QObject::tr("mean ± stddev")
                           : errors == ErrorKind::ci95 ? QObject::tr("mean, 95% CI")
                                                       : QObject::tr("mean");
    QString what = metric_title(metric).section(QStringLiteral(" ("), 0, 0);  // without the unit
    what[0] = what[0].toUpper();
    const QString fixed = slice.caption(choice);
    // The slice on a line of its own: a narrow window must not cut it.
    c.title->setText(QObject::tr("%1 against %2 (%3)%4\n%5")
                         .arg(what, dim_name(choice.x), spread,
                              fixed.isEmpty() ? QString() : QStringLiteral("\n") + fixed, experiment_caption(report)));
}

QVariantList point_cells(const Series& s, const sfp::ExperimentReport& report) {
    QVariantList cells;
    for (const SeriesPoint& p : s.points) cells << cell_parameters(report.cells.at(p.cell));
    return cells;
}

QCPErrorBars* error_bars_of(QCustomPlot* plot, const QCPGraph* graph) {
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPErrorBars*>(plot->plottable(i)); bars && bars->dataPlottable() == graph)
            return bars;
    return nullptr;
}

}  // namespace

QString x_tick_label(Dim axis, double x) {
    switch (axis_scale(axis)) {
        case AxisScale::log2_size: return size_text(std::uint64_t(std::llround(x)));  // 512, 4K, 1M
        case AxisScale::file_mib: return QString::number(x, 'g', 4);                  // in MiB, as the title says
        default: return QString::number(x, 'g', 10);
    }
}

void add_data_ticks(QCPAxis* x, Dim axis, const QVector<double>& keys, bool imported) {
    auto ticker = x->ticker().dynamicCast<DataTicker>();
    if (!ticker) {
        ticker = QSharedPointer<DataTicker>::create();
        ticker->setSubTickCount(0);
        x->setTicker(ticker);
    }
    for (double k : keys)
        if (std::isfinite(k) && k > 0) ticker->add(k, x_tick_label(axis, k), imported);
}

Hover draw_lines(const Canvas& c, const sfp::ExperimentReport& report, Metric metric, const PlotSlice& slice,
                 const SliceChoice& choice, ErrorKind errors) {
    QCustomPlot* plot = c.plot;
    Hover hover;
    Extent extent;
    int index = 0, flat = 0;
    const std::vector<Series> all = slice.series(report, metric, choice);
    for (const Series& s : all) {
        const SeriesLook look = series_look(index++);
        QCPGraph* graph = plot->addGraph();
        graph->setName(s.name);
        QPen pen(look.color, c.style.line_width);
        // A line that does not use the x parameter is broken (dashes, then dots, ...: no two
        // alike), with its marker at both ends: "512 blocks (no threads)" and "no block size
        // (no threads)" differ in colour, dash and marker.
        static const Qt::PenStyle kFlat[] = {Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};
        pen.setStyle(s.flat ? kFlat[flat++ % int(std::size(kFlat))] : look.line);
        graph->setPen(pen);
        graph->setScatterStyle(
            QCPScatterStyle(look.shape, look.color, s.flat ? look.color : QColor(Qt::white), c.style.marker));
        const SeriesData d = data_of(s, errors);
        graph->setData(d.keys, d.values, true);
        tag(graph, SeriesKind::live, metric_unit(metric), point_cells(s, report));
        add_points(s, d, report, metric, extent, hover);
        if (!s.flat && errors != ErrorKind::none) {  // also while empty: a live update fills them in
            auto* bars = new QCPErrorBars(plot->xAxis, plot->yAxis);
            bars->removeFromLegend();
            bars->setDataPlottable(graph);
            bars->setData(d.spread);
            bars->setPen(QPen(look.color, std::max(1.0, c.style.line_width * 0.6)));
            bars->setWhiskerWidth(c.style.marker);
        }
    }
    if (hover.empty()) {
        show_placeholder(c, no_points_text(report));
        return hover;
    }
    extent.top = std::max(extent.top, draw_limit_lines(c, report, metric, all));
    finish_lines(c, report, metric, slice, choice, errors, extent);
    return hover;
}

std::optional<Hover> update_lines(const Canvas& c, const sfp::ExperimentReport& report, Metric metric,
                                  const PlotSlice& slice, const SliceChoice& choice, ErrorKind errors, int drawn,
                                  int* changed) {
    QCustomPlot* plot = c.plot;
    const std::vector<Series> series = slice.series(report, metric, choice);
    if (int(series.size()) != drawn || plot->graphCount() < drawn) return std::nullopt;
    for (int i = 0; i < drawn; ++i)
        if (plot->graph(i)->name() != series[std::size_t(i)].name) return std::nullopt;
    Hover hover;
    Extent extent;
    int updated = 0;
    for (int i = 0; i < drawn; ++i) {
        const Series& s = series[std::size_t(i)];
        const SeriesData d = data_of(s, errors);
        add_points(s, d, report, metric, extent, hover);
        QCPGraph* graph = plot->graph(i);
        QVector<double> keys, values;
        for (const QCPGraphData& p : *graph->data()) keys << p.key, values << p.value;
        QCPErrorBars* bars = error_bars_of(plot, graph);
        QVector<double> spread;
        if (bars)
            for (int k = 0; k < bars->dataCount(); ++k) spread << bars->data()->at(k).errorPlus;
        if (same(keys, d.keys) && same(values, d.values) && (!bars || same(spread, d.spread))) continue;
        graph->setData(d.keys, d.values, true);
        if (bars) bars->setData(d.spread);
        ++updated;
    }
    if (hover.empty()) return std::nullopt;                 // nothing to draw yet: the placeholder's full draw
    extent.top = std::max(extent.top, limit_lines_top(c));  // the limit stays in sight
    finish_lines(c, report, metric, slice, choice, errors, extent);
    if (changed) *changed = updated;
    return hover;
}

}  // namespace plots
