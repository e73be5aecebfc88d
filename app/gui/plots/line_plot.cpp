// A metric against one dimension of the matrix, one line per value of another (a PlotSlice),
// error bars; a cell that has not run leaves a gap instead of a line across it.
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

void setup_x_axis(QCPAxis* x, Dim axis, double lo, double hi) {
    x->setLabel(axis_title(axis));
    switch (axis_scale(axis)) {
    case AxisScale::log2_size: {
        auto ticker = QSharedPointer<SizeTicker>::create();
        ticker->setLogBase(2);
        ticker->setSubTickCount(0);
        ticker->setTickCount(10);
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(ticker);
        x->setRange(lo / 1.5, hi * 1.5);
        break;
    }
    case AxisScale::whole: {
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(1);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        x->setTicker(ticker);
        x->setRange(std::max(0.0, lo - 0.5), hi + 0.5);
        break;
    }
    case AxisScale::log10: {
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setLogBase(10);
        ticker->setSubTickCount(0);
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(ticker);
        x->setRange(lo / 2, hi * 2);
        break;
    }
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
    const QString spread = v.n < 2 ? QObject::tr("spread n/a (one run)")
                                   : QObject::tr("± %1 (stddev), ± %2 (95% CI)").arg(v.stddev, 0, 'g', 3).arg(v.ci95, 0, 'g', 3);
    return QObject::tr("<b>%1</b><br>%2<br>%3: mean %4 %5, median %6 %5<br>%7, n = %8")
        .arg(s.name.toHtmlEscaped(), cell_words(report.cells[p.cell]).toHtmlEscaped(), metric_name(m))
        .arg(v.mean, 0, 'g', 5)
        .arg(unit)
        .arg(v.median, 0, 'g', 5)
        .arg(spread)
        .arg(v.n);
}

}  // namespace

Hover draw_lines(const Canvas& c, const sfp::ExperimentReport& report, Metric metric, const PlotSlice& slice,
                 const SliceChoice& choice, ErrorKind errors) {
    QCustomPlot* plot = c.plot;
    const Dim axis = choice.x;
    const std::vector<Series> series = slice.series(report, metric, choice);
    Hover hover;
    double lo = HUGE_VAL, hi = 0, top = 0;
    int index = 0;
    for (const Series& s : series) {
        const SeriesLook look = series_look(index++);
        QCPGraph* graph = plot->addGraph();
        graph->setName(s.name);
        QPen pen(look.color, c.style.line_width);
        pen.setStyle(s.flat ? Qt::DashLine : look.line);
        graph->setPen(pen);
        if (!s.flat) graph->setScatterStyle(QCPScatterStyle(look.shape, look.color, Qt::white, c.style.marker));
        QVector<double> keys, values, spread;
        for (const SeriesPoint& p : s.points) {
            if (p.summary.n == 0) {  // not run: NaN breaks the line there
                keys << p.x, values << qQNaN(), spread << 0;
                continue;
            }
            const double e = errors == ErrorKind::stddev ? p.summary.stddev
                             : errors == ErrorKind::ci95 ? p.summary.ci95 : 0;
            keys << p.x;
            values << p.summary.mean;
            spread << e;
            lo = std::min(lo, p.x);
            hi = std::max(hi, p.x);
            top = std::max(top, p.summary.mean + e);
            hover.push_back({p.x, p.summary.mean, hover_text(s, p, report, metric), 0, 0, s.name});
        }
        graph->setData(keys, values, true);
        if (!s.flat && errors != ErrorKind::none && !keys.isEmpty()) {
            auto* bars = new QCPErrorBars(plot->xAxis, plot->yAxis);
            bars->removeFromLegend();
            bars->setDataPlottable(graph);
            bars->setData(spread);
            bars->setPen(QPen(look.color, std::max(1.0, c.style.line_width * 0.6)));
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
    const QString fixed = slice.caption(choice);
    // The slice on a line of its own: a narrow window must not cut it.
    c.title->setText(QObject::tr("%1 against %2 (%3)%4\n%5")
                         .arg(what, dim_name(axis), spread, fixed.isEmpty() ? QString() : QStringLiteral("\n") + fixed,
                              experiment_caption(report)));
    return hover;
}

}  // namespace gui::plots
