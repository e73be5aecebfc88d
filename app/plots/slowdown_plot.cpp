// "fastest: X; Y: 1.52x slower" as bars lying down: each cell's median elapsed time over the
// fastest cell's on the same input, fastest on top, every bar named on the axis and labelled
// with its ratio, a whisker for its 95 % interval; a cell no different from the fastest ("~")
// is drawn as the fastest is. By default only the fastest few of each input; "show all" lists
// every cell.
#include <qcustomplot.h>

#include "cell_text.hpp"
#include "plots.hpp"

namespace plots {
namespace {

// The bars by kind, the whiskers' intervals and the largest ratio drawn.
struct Bars {
    QVector<double> fastKeys, fastValues, keys, values, fewKeys, fewValues;
    QVector<double> ciKeys, ciValues, ciBelow, ciAbove;  // whiskers: the interval around each ratio
    double top = 1;
};

void add_ratio(Bars& b, const Slowdown& s, double key, bool alike, const sfp::ExperimentReport& report) {
    // Too few repetitions for a verdict is no verdict: its own colour, never "slower".
    const bool few = s.vs_fastest && sfp::verdict(*s.vs_fastest, report.noise) == sfp::Verdict::too_few;
    (alike ? b.fastKeys : few ? b.fewKeys : b.keys) << key;
    (alike ? b.fastValues : few ? b.fewValues : b.values) << s.ratio;
    if (s.vs_fastest && s.vs_fastest->low) {
        b.ciKeys << key, b.ciValues << s.ratio;
        b.ciBelow << std::max(0.0, s.ratio - *s.vs_fastest->low);
        b.ciAbove << std::max(0.0, *s.vs_fastest->high - s.ratio);
        b.top = std::max(b.top, *s.vs_fastest->high);
    }
    b.top = std::max(b.top, s.ratio);
}

// "1.52×" (with " ~" when no different from the fastest) past the bar's end or its whisker.
void label_bar(const Canvas& c, const Slowdown& s, double key, bool alike) {
    QFont font = c.plot->font();
    font.setPointSize(c.style.font_pt);
    auto* label = new QCPItemText(c.plot);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    label->setPadding(QMargins(4, 0, 0, 0));
    const bool whisker = s.vs_fastest && s.vs_fastest->high;
    label->position->setCoords(whisker ? std::max(s.ratio, *s.vs_fastest->high) : s.ratio, key);
    label->setText(QStringLiteral("%1×").arg(s.ratio, 0, 'f', 2) +
                   (s.vs_fastest && alike ? QStringLiteral(" ~") : QString()));
    label->setFont(font);
}

HoverPoint hover_of(const sfp::ExperimentReport& report, const Slowdown& s, double key) {
    const double median = cell_summary(report, s.cell, Metric::elapsed).median;
    const QString verdict = s.vs_fastest ? QString::fromStdString(sfp::comparison_text(*s.vs_fastest, report.noise))
                                         : QObject::tr("the fastest on this input");
    HoverPoint point{key, s.ratio,
                     QObject::tr("<b>%1</b><br>%2× the fastest on this input<br>median elapsed %3 s<br>%4")
                         .arg(cell_words(report.cells[s.cell]).toHtmlEscaped(), QString::number(s.ratio, 'f', 3),
                              plain_number(median, 5), verdict.toHtmlEscaped()),
                     0.35, 0};
    point.horizontal = true;
    return point;
}

void draw_bars(const Canvas& c, const Bars& b) {
    QCustomPlot* plot = c.plot;
    const auto add_bars = [&](const QVector<double>& k, const QVector<double>& v, const QString& name, QColor color) {
        auto* bars = new QCPBars(plot->yAxis, plot->xAxis);
        bars->setName(name);
        bars->setWidth(0.7);
        bars->setPen(QPen(color.darker(130)));
        bars->setBrush(color);
        bars->setData(k, v, true);
        return bars;
    };
    add_bars(b.fastKeys, b.fastValues, QObject::tr("fastest, or no difference (~)"), series_color(2));
    add_bars(b.keys, b.values, QObject::tr("slower"), series_color(0));
    if (!b.fewKeys.isEmpty())
        add_bars(b.fewKeys, b.fewValues, QObject::tr("too few repetitions for a verdict"), QColor(170, 170, 170));
    if (b.ciKeys.isEmpty()) return;
    auto* whiskers = new QCPErrorBars(plot->yAxis, plot->xAxis);
    whiskers->setName(QObject::tr("95% interval of the ratio"));
    whiskers->setErrorType(QCPErrorBars::etValueError);  // along the ratio
    whiskers->setPen(QPen(Qt::black, c.style.line_width * 0.6));
    whiskers->setWhiskerWidth(c.style.marker);
    whiskers->setSymbolGap(0);                              // the centre is the bar's end, not a marker
    auto* anchor = new QCPGraph(plot->yAxis, plot->xAxis);  // the whiskers' centres, not drawn
    anchor->setData(b.ciKeys, b.ciValues, true);
    anchor->setLineStyle(QCPGraph::lsNone);
    anchor->removeFromLegend();
    whiskers->setDataPlottable(anchor);
    whiskers->setData(b.ciBelow, b.ciAbove);
}

}  // namespace

Hover draw_slowdown(const Canvas& c, const sfp::ExperimentReport& report, int topN) {
    const Varying what = varying(report.cells);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    Bars bars;
    Hover hover;
    double key = 1;
    std::size_t left_out = 0, cells = 0;
    for (const std::vector<Slowdown>& ranking : slowdowns(report)) {
        if (!hover.empty()) key += 0.5;  // a gap between input sets
        cells += ranking.size();
        const std::size_t shown = topN > 0 ? std::min(ranking.size(), std::size_t(topN)) : ranking.size();
        left_out += ranking.size() - shown;
        for (std::size_t k = 0; k < shown; ++k) {
            const Slowdown& s = ranking[k];
            const bool alike = drawn_as_fastest(s, report.noise);
            add_ratio(bars, s, key, alike, report);
            ticker->addTick(key, short_label(report.cells[s.cell], what));
            label_bar(c, s, key, alike);
            hover.push_back(hover_of(report, s, key));
            key += 1;
        }
    }
    if (hover.empty()) {
        show_placeholder(c, no_points_text(report));
        return hover;
    }
    draw_bars(c, bars);
    set_category_axis(c, ticker, key - 1);
    c.plot->xAxis->setLabel(QObject::tr("times slower than the fastest (×)"));
    c.plot->xAxis->setRange(0, bars.top * 1.2);  // room for the last label
    const QString shown =
        left_out
            ? QObject::tr("\nthe %1 fastest of each input (%2 of %3 cells)").arg(topN).arg(cells - left_out).arg(cells)
            : QString();
    c.title->setText(
        QObject::tr("Median elapsed time relative to the fastest%1\n%2").arg(shown, experiment_caption(report)));
    return hover;
}

}  // namespace plots
