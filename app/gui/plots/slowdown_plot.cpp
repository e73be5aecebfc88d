// "fastest: X; Y: 1.52x slower" as bars lying down: each cell's median elapsed time over the
// fastest cell's on the same input, fastest on top, every bar named on the axis and labelled
// with its ratio. By default only the fastest few of each input; "show all" lists every cell.
#include <qcustomplot.h>

#include "../cell_text.hpp"
#include "plots.hpp"

namespace gui::plots {

Hover draw_slowdown(const Canvas& c, const sfp::ExperimentReport& report, int topN) {
    QCustomPlot* plot = c.plot;
    const Varying what = varying(report.cells);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> fastKeys, fastValues, keys, values;
    Hover hover;
    double top = 1;
    double key = 1;
    std::size_t left_out = 0, cells = 0;
    QFont font = plot->font();
    font.setPointSize(c.style.font_pt);
    for (const std::vector<Slowdown>& ranking : slowdowns(report)) {
        if (!hover.empty()) key += 0.5;  // a gap between input sets
        cells += ranking.size();
        const std::size_t shown = topN > 0 ? std::min(ranking.size(), std::size_t(topN)) : ranking.size();
        left_out += ranking.size() - shown;
        for (std::size_t k = 0; k < shown; ++k) {
            const Slowdown& s = ranking[k];
            const sfp::Cell& cell = report.cells[s.cell];
            (s.ratio <= 1.0 ? fastKeys : keys) << key;
            (s.ratio <= 1.0 ? fastValues : values) << s.ratio;
            ticker->addTick(key, short_label(cell, what));
            top = std::max(top, s.ratio);
            auto* label = new QCPItemText(plot);
            label->position->setCoords(s.ratio, key);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->setPadding(QMargins(4, 0, 0, 0));
            label->setText(QStringLiteral("%1×").arg(s.ratio, 0, 'f', 2));
            label->setFont(font);
            const double median = cell_summary(report, s.cell, Metric::elapsed).median;
            HoverPoint point{key, s.ratio,
                             QObject::tr("<b>%1</b><br>%2× the fastest on this input<br>median elapsed %3 s")
                                 .arg(cell_words(cell).toHtmlEscaped())
                                 .arg(s.ratio, 0, 'f', 3)
                                 .arg(median, 0, 'g', 5),
                             0.35, 0};
            point.horizontal = true;
            hover.push_back(point);
            key += 1;
        }
    }
    if (hover.empty()) {
        show_placeholder(c, QObject::tr("Results appear here as runs finish."));
        return hover;
    }
    const auto add_bars = [&](const QVector<double>& k, const QVector<double>& v, const QString& name, QColor color) {
        auto* bars = new QCPBars(plot->yAxis, plot->xAxis);
        bars->setName(name);
        bars->setWidth(0.7);
        bars->setPen(QPen(color.darker(130)));
        bars->setBrush(color);
        bars->setData(k, v, true);
    };
    add_bars(fastKeys, fastValues, QObject::tr("fastest"), series_color(2));
    add_bars(keys, values, QObject::tr("slower"), series_color(0));
    set_category_axis(c, ticker, key - 1);
    plot->xAxis->setLabel(QObject::tr("times slower than the fastest (×)"));
    plot->xAxis->setRange(0, top * 1.2);  // room for the last label
    const QString shown = left_out ? QObject::tr("\nthe %1 fastest of each input (%2 of %3 cells; tick Show all for every cell)")
                                         .arg(topN).arg(cells - left_out).arg(cells)
                                   : QString();
    c.title->setText(QObject::tr("Median elapsed time relative to the fastest%1\n%2").arg(shown, experiment_caption(report)));
    return hover;
}

}  // namespace gui::plots
