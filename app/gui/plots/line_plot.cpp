// A metric against block size, thread count or file size: one line per strategy, error bars.
#include <qcustomplot.h>

#include <cmath>

#include "../cell_text.hpp"
#include "plots.hpp"

namespace gui::plots {
namespace {

// Powers of two labelled as people write sizes: 512, 1K, 64K, 1M.
class SizeTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return tick >= 1 ? size_text(std::uint64_t(std::llround(tick))) : QString::number(tick);
    }
};

void setup_x_axis(QCPAxis* x, Axis axis, double lo, double hi) {
    x->setLabel(axis_title(axis));
    switch (axis) {
    case Axis::block_size: {
        auto ticker = QSharedPointer<SizeTicker>::create();
        ticker->setLogBase(2);
        ticker->setSubTickCount(0);
        ticker->setTickCount(10);
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(ticker);
        x->setRange(lo / 1.5, hi * 1.5);
        break;
    }
    case Axis::threads: {
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(1);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        x->setTicker(ticker);
        x->setRange(std::max(0.0, lo - 0.5), hi + 0.5);
        break;
    }
    case Axis::packing: {
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setLogBase(10);
        ticker->setSubTickCount(0);
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(ticker);
        x->setRange(lo / 2, hi * 2);
        break;
    }
    case Axis::file_size: {
        const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(1.0, hi * 0.1);
        x->setRange(std::max(0.0, lo - pad), hi + pad);
        break;
    }
    }
}

QString hover_text(const Series& s, const SeriesPoint& p, const sfp::ExperimentReport& report, Metric m) {
    const sfp::Summary& v = p.summary;
    const QString unit = metric_unit(m);
    return QObject::tr("<b>%1</b><br>%2<br>%3: mean %4 %5, median %6 %5<br>"
                       "± %7 (stddev), ± %8 (95% CI), n = %9")
        .arg(s.name.toHtmlEscaped(), cell_words(report.cells[p.cell]).toHtmlEscaped(), metric_name(m))
        .arg(v.mean, 0, 'g', 5)
        .arg(unit)
        .arg(v.median, 0, 'g', 5)
        .arg(v.stddev, 0, 'g', 3)
        .arg(v.ci95, 0, 'g', 3)
        .arg(v.n);
}

}  // namespace

Hover draw_lines(const Canvas& c, const sfp::ExperimentReport& report, Metric metric, Axis axis,
                 ErrorKind errors) {
    QCustomPlot* plot = c.plot;
    const std::vector<Series> series = line_series(report, metric, axis);
    Hover hover;
    double lo = HUGE_VAL, hi = 0, top = 0;
    int index = 0;
    for (const Series& s : series) {
        const QColor color = series_color(index++);
        QCPGraph* graph = plot->addGraph();
        graph->setName(s.name);
        QPen pen(color, c.style.line_width);
        if (s.flat) pen.setStyle(Qt::DashLine);
        graph->setPen(pen);
        if (!s.flat) {
            // Colours repeat after eight lines; the marker shape then tells them apart.
            static const QCPScatterStyle::ScatterShape shapes[] = {
                QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
                QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssCrossCircle};
            const auto shape = shapes[std::size_t(index - 1) / 8 % std::size(shapes)];
            graph->setScatterStyle(QCPScatterStyle(shape, color, Qt::white, c.style.marker));
        }
        QVector<double> keys, values, spread;
        for (const SeriesPoint& p : s.points) {
            const double e = errors == ErrorKind::stddev ? p.summary.stddev
                             : errors == ErrorKind::ci95 ? p.summary.ci95 : 0;
            keys << p.x;
            values << p.summary.mean;
            spread << e;
            lo = std::min(lo, p.x);
            hi = std::max(hi, p.x);
            top = std::max(top, p.summary.mean + e);
            hover.push_back({p.x, p.summary.mean, hover_text(s, p, report, metric)});
        }
        graph->setData(keys, values, true);
        if (!s.flat && errors != ErrorKind::none && !keys.isEmpty()) {
            auto* bars = new QCPErrorBars(plot->xAxis, plot->yAxis);
            bars->removeFromLegend();
            bars->setDataPlottable(graph);
            bars->setData(spread);
            bars->setPen(QPen(color, std::max(1.0, c.style.line_width * 0.6)));
            bars->setWhiskerWidth(c.style.marker);
        }
    }
    if (hover.empty()) {
        show_placeholder(c, QObject::tr("Results appear here as runs finish."));
        return hover;
    }
    setup_x_axis(plot->xAxis, axis, lo, hi);
    plot->yAxis->setLabel(metric_title(metric));
    plot->yAxis->setRange(0, top > 0 ? top * 1.1 : 1);
    const QString spread = errors == ErrorKind::stddev ? QObject::tr("mean ± stddev")
                           : errors == ErrorKind::ci95 ? QObject::tr("mean, 95% CI") : QObject::tr("mean");
    QString what = metric_title(metric).section(QStringLiteral(" ("), 0, 0);  // without the unit
    what[0] = what[0].toUpper();
    c.title->setText(QObject::tr("%1 against %2 (%3)\n%4")
                         .arg(what, axis_name(axis), spread, experiment_caption(report)));
    return hover;
}

}  // namespace gui::plots
