// "fastest: X; Y: 1.52x slower" as bars lying down: each cell's median elapsed time over the
// fastest cell's on the same input, fastest on top, every bar named on the axis and labelled
// with its ratio, a whisker for its 95 % interval; a cell no different from the fastest ("~")
// is drawn as the fastest is. By default only the fastest few of each input; "show all" lists
// every cell.
#include <qcustomplot.h>

#include "cell_text.hpp"
#include "plots.hpp"

namespace gui::plots {

Hover draw_slowdown(const Canvas& c, const sfp::ExperimentReport& report, int topN) {
    QCustomPlot* plot = c.plot;
    const Varying what = varying(report.cells);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> fastKeys, fastValues, keys, values, fewKeys, fewValues;
    QVector<double> ciKeys, ciValues, ciBelow, ciAbove;  // whiskers: the interval around each ratio
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
            const bool alike = drawn_as_fastest(s, report.noise);
            // Too few repetitions for a verdict is no verdict: its own colour, never "slower".
            const bool few = s.vs_fastest && sfp::verdict(*s.vs_fastest, report.noise) == sfp::Verdict::too_few;
            (alike ? fastKeys : few ? fewKeys : keys) << key;
            (alike ? fastValues : few ? fewValues : values) << s.ratio;
            if (s.vs_fastest && s.vs_fastest->low) {
                ciKeys << key, ciValues << s.ratio;
                ciBelow << std::max(0.0, s.ratio - *s.vs_fastest->low), ciAbove << std::max(0.0, *s.vs_fastest->high - s.ratio);
                top = std::max(top, *s.vs_fastest->high);
            }
            ticker->addTick(key, short_label(cell, what));
            top = std::max(top, s.ratio);
            auto* label = new QCPItemText(plot);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->setPadding(QMargins(4, 0, 0, 0));
            label->position->setCoords(s.vs_fastest && s.vs_fastest->high ? std::max(s.ratio, *s.vs_fastest->high) : s.ratio, key);
            label->setText(QStringLiteral("%1×").arg(s.ratio, 0, 'f', 2) +
                           (s.vs_fastest && alike ? QStringLiteral(" ~") : QString()));
            label->setFont(font);
            const double median = cell_summary(report, s.cell, Metric::elapsed).median;
            const QString verdict = s.vs_fastest ? QString::fromStdString(sfp::comparison_text(*s.vs_fastest, report.noise))
                                                 : QObject::tr("the fastest on this input");
            HoverPoint point{key, s.ratio,
                             QObject::tr("<b>%1</b><br>%2× the fastest on this input<br>median elapsed %3 s<br>%4")
                                 .arg(cell_words(cell).toHtmlEscaped(), QString::number(s.ratio, 'f', 3),
                                      plain_number(median, 5), verdict.toHtmlEscaped()),
                             0.35, 0};
            point.horizontal = true;
            hover.push_back(point);
            key += 1;
        }
    }
    if (hover.empty()) {
        show_placeholder(c, no_points_text(report));
        return hover;
    }
    const auto add_bars = [&](const QVector<double>& k, const QVector<double>& v, const QString& name, QColor color) {
        auto* bars = new QCPBars(plot->yAxis, plot->xAxis);
        bars->setName(name);
        bars->setWidth(0.7);
        bars->setPen(QPen(color.darker(130)));
        bars->setBrush(color);
        bars->setData(k, v, true);
        return bars;
    };
    add_bars(fastKeys, fastValues, QObject::tr("fastest, or no difference (~)"), series_color(2));
    add_bars(keys, values, QObject::tr("slower"), series_color(0));
    if (!fewKeys.isEmpty()) add_bars(fewKeys, fewValues, QObject::tr("too few repetitions for a verdict"), QColor(170, 170, 170));
    if (!ciKeys.isEmpty()) {
        auto* whiskers = new QCPErrorBars(plot->yAxis, plot->xAxis);
        whiskers->setName(QObject::tr("95% interval of the ratio"));
        whiskers->setErrorType(QCPErrorBars::etValueError);  // along the ratio
        whiskers->setPen(QPen(Qt::black, c.style.line_width * 0.6));
        whiskers->setWhiskerWidth(c.style.marker);
        whiskers->setSymbolGap(0);  // the centre is the bar's end, not a marker
        auto* anchor = new QCPGraph(plot->yAxis, plot->xAxis);  // the whiskers' centres, not drawn
        anchor->setData(ciKeys, ciValues, true);
        anchor->setLineStyle(QCPGraph::lsNone);
        anchor->removeFromLegend();
        whiskers->setDataPlottable(anchor);
        whiskers->setData(ciBelow, ciAbove);
    }
    set_category_axis(c, ticker, key - 1);
    plot->xAxis->setLabel(QObject::tr("times slower than the fastest (×)"));
    plot->xAxis->setRange(0, top * 1.2);  // room for the last label
    const QString shown = left_out ? QObject::tr("\nthe %1 fastest of each input (%2 of %3 cells)")
                                         .arg(topN).arg(cells - left_out).arg(cells)
                                   : QString();
    c.title->setText(QObject::tr("Median elapsed time relative to the fastest%1\n%2").arg(shown, experiment_caption(report)));
    return hover;
}

}  // namespace gui::plots
