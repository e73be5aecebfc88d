// "fastest: X; Y: 1.52x slower" as bars: each cell's median elapsed time over the fastest
// cell's on the same input, fastest first.
#include <qcustomplot.h>

#include "../cell_text.hpp"
#include "plots.hpp"

namespace gui::plots {

Hover draw_slowdown(const Canvas& c, const sfp::ExperimentReport& report) {
    QCustomPlot* plot = c.plot;
    const Varying what = varying(report.cells);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> fastKeys, fastValues, keys, values;
    Hover hover;
    double top = 1;
    double key = 1;
    for (const std::vector<Slowdown>& ranking : slowdowns(report)) {
        if (!hover.empty()) key += 0.5;  // a gap between input sets
        for (const Slowdown& s : ranking) {
            const sfp::Cell& cell = report.cells[s.cell];
            (s.ratio <= 1.0 ? fastKeys : keys) << key;
            (s.ratio <= 1.0 ? fastValues : values) << s.ratio;
            ticker->addTick(key, short_label(cell, what));
            top = std::max(top, s.ratio);
            auto* label = new QCPItemText(plot);
            label->position->setCoords(key, s.ratio);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setText(QStringLiteral("%1×").arg(s.ratio, 0, 'f', 2));
            QFont font = plot->font();
            font.setPointSize(c.style.font_pt);
            label->setFont(font);
            const double median = cell_summary(report, s.cell, Metric::elapsed).median;
            hover.push_back({key, s.ratio,
                             QObject::tr("<b>%1</b><br>%2× the fastest on this input<br>median elapsed %3 s")
                                 .arg(cell_words(cell).toHtmlEscaped())
                                 .arg(s.ratio, 0, 'f', 3)
                                 .arg(median, 0, 'g', 5),
                             0.35, 0});
            key += 1;
        }
    }
    if (hover.empty()) {
        show_placeholder(c, QObject::tr("Results appear here as runs finish."));
        return hover;
    }
    const auto add_bars = [&](const QVector<double>& k, const QVector<double>& v, const QString& name, QColor color) {
        auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(name);
        bars->setWidth(0.7);
        bars->setPen(QPen(color.darker(130)));
        bars->setBrush(color);
        bars->setData(k, v, true);
    };
    add_bars(fastKeys, fastValues, QObject::tr("fastest"), series_color(2));
    add_bars(keys, values, QObject::tr("slower"), series_color(0));
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setTickLabelRotation(hover.size() > 6 ? 45 : 0);
    plot->xAxis->setRange(0.4, key - 0.4);
    plot->yAxis->setLabel(QObject::tr("times slower than the fastest (×)"));
    plot->yAxis->setRange(0, top * 1.15);
    c.title->setText(QObject::tr("Median elapsed time relative to the fastest\n%1").arg(experiment_caption(report)));
    return hover;
}

}  // namespace gui::plots
