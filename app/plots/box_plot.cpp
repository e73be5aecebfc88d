// One box per cell over its repetitions (as IOBoost's summary.py draws): quartiles, median,
// whiskers to the furthest value within 1.5 IQR, outliers as dots. Boxes lie down, sorted by
// median (best on top) and named on the axis; by default only the best few of each input.
#include <qcustomplot.h>

#include "cell_text.hpp"
#include "plots.hpp"

namespace gui::plots {

Hover draw_box(const Canvas& c, const sfp::ExperimentReport& report, Metric metric, int topN) {
    QCustomPlot* plot = c.plot;
    const Varying what = varying(report.cells);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    auto* boxes = new QCPStatisticalBox(plot->yAxis, plot->xAxis);
    boxes->setName(QObject::tr("%1 per repetition").arg(metric_name(metric)));
    boxes->setWidth(0.6);
    boxes->setPen(QPen(series_color(0), c.style.line_width * 0.7));
    boxes->setBrush(QColor(0, 114, 178, 50));
    boxes->setMedianPen(QPen(series_color(1), c.style.line_width * 1.3));
    boxes->setWhiskerPen(QPen(Qt::black, c.style.line_width * 0.6));
    boxes->setWhiskerBarPen(QPen(Qt::black, c.style.line_width * 0.6));
    boxes->setOutlierStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, series_color(1), c.style.marker * 0.8));
    Hover hover;
    double top = 0;
    const Rows rows = top_rows(ranked_cells(report, metric), topN);
    for (const auto& [key, i] : rows.keyed) {
        const std::vector<double> values = cell_values(report, i, metric);
        const sfp::Summary s = sfp::summarize(values);
        QVector<double> outliers;
        double low = s.median, high = s.median;  // whiskers: extremes among the non-outliers
        for (std::size_t v = 0; v < values.size(); ++v) {
            if (std::find(s.outliers.begin(), s.outliers.end(), v) != s.outliers.end()) {
                outliers << values[v];
            } else {
                low = std::min(low, values[v]);
                high = std::max(high, values[v]);
            }
        }
        boxes->addData(key, low, s.q1, s.median, s.q3, high, outliers);
        ticker->addTick(key, short_label(report.cells[i], what));
        top = std::max(top, s.max);
        const QString unit = metric_unit(metric);
        HoverPoint point{key, s.q3,
                         QObject::tr("<b>%1</b><br>%2: median %3 %4, quartiles %5 – %6<br>"
                                     "min %7, max %8, n = %9, %10 outlier(s)")
                             .arg(cell_words(report.cells[i]).toHtmlEscaped(), metric_name(metric),
                                  plain_number(s.median, 5), unit, plain_number(s.q1, 5), plain_number(s.q3, 5),
                                  plain_number(s.min, 5), plain_number(s.max, 5), QString::number(s.n),
                                  QString::number(outliers.size())),
                         0.3, s.q1};
        point.horizontal = true;
        hover.push_back(point);
    }
    if (hover.empty()) {
        plot->removePlottable(boxes);
        show_placeholder(c, no_points_text(report));
        return hover;
    }
    set_category_axis(c, ticker, rows.last);
    plot->xAxis->setLabel(metric_title(metric));
    plot->xAxis->setRange(0, top > 0 ? top * 1.1 : 1);
    c.title->setText(QObject::tr("Spread of the repetitions%1\n%2").arg(rows.note(topN, QObject::tr("best")), experiment_caption(report)));
    return hover;
}

}  // namespace gui::plots
