// One box per cell over its repetitions (as IOBoost's summary.py draws): quartiles, median,
// whiskers to the furthest value within 1.5 IQR, outliers as dots. Boxes lie down, sorted by
// median (best on top) and named on the axis; by default only the best few of each input.
// The same cells run in several cache states (lesson 4) are drawn on the one time axis, state
// after state, each state a series of its own named by its share of large folios.
#include <qcustomplot.h>

#include "cell_text.hpp"
#include "plot_data.hpp"
#include "plots.hpp"

namespace plots {
namespace {

// The states in the order a file's pages live them: written, evicted and read back, evicted.
int state_order(sfp::CacheMode cache) {
    return cache == sfp::CacheMode::hot_written ? 0 : cache == sfp::CacheMode::hot ? 1 : 2;
}

QString state_name(sfp::CacheMode cache) {
    return cache == sfp::CacheMode::hot_written ? QObject::tr("hot, as written")
           : cache == sfp::CacheMode::hot       ? QObject::tr("hot, read back")
                                                : QObject::tr("cold, from the device");
}

QString folio_words(double share) {
    return share < 0 ? QObject::tr("folios not recorded")
                     : QObject::tr("%1% in large folios").arg(share * 100, 0, 'f', 0);
}

QCPStatisticalBox* new_boxes(const Canvas& c, const QString& name, const QColor& color) {
    auto* boxes = new QCPStatisticalBox(c.plot->yAxis, c.plot->xAxis);
    boxes->setName(name);
    boxes->setWidth(0.6);
    boxes->setPen(QPen(color, c.style.line_width * 0.7));
    boxes->setBrush(QColor(color.red(), color.green(), color.blue(), 50));
    boxes->setMedianPen(QPen(series_color(1), c.style.line_width * 1.3));
    boxes->setWhiskerPen(QPen(Qt::black, c.style.line_width * 0.6));
    boxes->setWhiskerBarPen(QPen(Qt::black, c.style.line_width * 0.6));
    boxes->setOutlierStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, series_color(1), c.style.marker * 0.8));
    return boxes;
}

// A box per row of `report` into `boxes`, named on the ticker (after `prefix`, when one); the
// highest value drawn into `top`.
Hover add_boxes(QCPStatisticalBox* boxes, QCPAxisTickerText& ticker, const sfp::ExperimentReport& report, Metric metric,
                const Rows& rows, const QString& state, double* top) {
    const Varying what = varying(report.cells);
    Hover hover;
    QVariantList cells;
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
        cells << cell_parameters(report.cells[i]);
        const QString label = short_label(report.cells[i], what);
        // A state's row says which state and what the kernel cached it in, the point it makes.
        QStringList row;
        if (!label.isEmpty() || state.isEmpty()) row << label;
        if (!state.isEmpty()) row << state << folio_words(large_folio_share(report, i));
        ticker.addTick(key, row.join('\n'));
        *top = std::max(*top, s.max);
        const QString unit = metric_unit(metric);
        HoverPoint point{
            key, s.q3,
            QObject::tr("<b>%1</b>%11<br>%2: median %3 %4, quartiles %5 – %6<br>"
                        "min %7, max %8, n = %9, %10 outlier(s)")
                .arg(cell_words(report.cells[i]).toHtmlEscaped(), metric_name(metric), plain_number(s.median, 5), unit,
                     plain_number(s.q1, 5), plain_number(s.q3, 5), plain_number(s.min, 5), plain_number(s.max, 5),
                     QString::number(s.n), QString::number(outliers.size()),
                     state.isEmpty() ? QString() : QStringLiteral(" · ") + state.toHtmlEscaped()),
            0.3, s.q1};
        point.horizontal = true;
        if (!state.isEmpty()) point.series = boxes->name();  // one of several: hidden, it explains nothing
        hover.push_back(point);
    }
    // Rows are keyed top to bottom, the box data in ascending keys: the same order.
    tag(boxes, SeriesKind::live, metric_unit(metric), cells);
    return hover;
}

}  // namespace

Hover draw_box(const Canvas& c, const sfp::ExperimentReport& report, Metric metric, int topN) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QCPStatisticalBox* boxes = new_boxes(c, QObject::tr("%1 per repetition").arg(metric_name(metric)), series_color(0));
    const Rows rows = top_rows(ranked_cells(report, metric), topN);
    double top = 0;
    Hover hover = add_boxes(boxes, *ticker, report, metric, rows, {}, &top);
    if (hover.empty()) {
        c.plot->removePlottable(boxes);
        show_placeholder(c, no_points_text(report));
        return hover;
    }
    set_category_axis(c, ticker, rows.last);
    c.plot->xAxis->setLabel(metric_title(metric));
    c.plot->xAxis->setRange(0, top > 0 ? top * 1.1 : 1);
    c.title->setText(QObject::tr("Spread of the repetitions%1\n%2")
                         .arg(rows.note(topN, QObject::tr("best")), experiment_caption(report)));
    return hover;
}

Hover draw_box_states(const Canvas& c, std::vector<const sfp::ExperimentReport*> states, Metric metric, int topN) {
    std::stable_sort(states.begin(), states.end(), [](const sfp::ExperimentReport* a, const sfp::ExperimentReport* b) {
        return state_order(a->experiment.cache) < state_order(b->experiment.cache);
    });
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    Hover hover;
    double top = 0, last = 0;
    QString left_out;
    for (std::size_t k = 0; k < states.size(); ++k) {
        const sfp::ExperimentReport& report = *states[k];
        Rows rows = top_rows(ranked_cells(report, metric), topN);
        if (rows.keyed.empty()) continue;               // a state not run yet: the note says to run it
        const double from = last > 0 ? last + 0.5 : 0;  // half a row between states
        for (auto& row : rows.keyed) row.first += from;
        last = rows.last + from;
        left_out += rows.note(topN, QObject::tr("best"));
        const QString state = state_name(report.experiment.cache);
        QCPStatisticalBox* boxes = new_boxes(
            c, QStringLiteral("%1: %2").arg(state, folio_words(large_folio_share(report))), series_color(int(k) * 2));
        for (const HoverPoint& p : add_boxes(boxes, *ticker, report, metric, rows, state, &top)) hover.push_back(p);
    }
    if (hover.empty()) {
        show_placeholder(c, no_points_text(*states.back()));
        return hover;
    }
    set_category_axis(c, ticker, last);
    c.plot->xAxis->setLabel(metric_title(metric));
    c.plot->xAxis->setRange(0, top > 0 ? top * 1.1 : 1);
    c.title->setText(QObject::tr("The same cells in %1 cache states, on one axis%2\n%3")
                         .arg(states.size())
                         .arg(left_out, experiment_caption(*states.back(), false)));
    return hover;
}

}  // namespace plots
