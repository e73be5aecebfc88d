// timep's view: per cell, user + system CPU time stacked with the waiting rest of the elapsed
// time, and a marker at the elapsed time itself (threads can make CPU time exceed it). Bars lie
// down, fastest on top, every one named on the axis; by default the fastest few of each input.
#include <qcustomplot.h>

#include "../cell_text.hpp"
#include "plots.hpp"

namespace gui::plots {

Hover draw_time_split(const Canvas& c, const sfp::ExperimentReport& report, int topN) {
    QCustomPlot* plot = c.plot;
    const Varying what = varying(report.cells);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, user, sys, wait, real;
    Hover hover;
    const Rows rows = top_rows(ranked_cells(report, Metric::elapsed), topN);
    for (const auto& [key, i] : rows.keyed) {
        const double u = cell_summary(report, i, Metric::user).median;
        const sfp::Summary r = cell_summary(report, i, Metric::elapsed);
        const double s = cell_summary(report, i, Metric::system).median;
        const double w = std::max(0.0, r.median - u - s);
        keys << key;
        user << u;
        sys << s;
        wait << w;
        real << r.median;
        ticker->addTick(key, short_label(report.cells[i], what));
        HoverPoint point{key, u + s + w,
                         QObject::tr("<b>%1</b><br>median elapsed %2 s<br>user %3 s, system %4 s, "
                                     "waiting %5 s<br>n = %6")
                             .arg(cell_words(report.cells[i]).toHtmlEscaped())
                             .arg(r.median, 0, 'g', 5)
                             .arg(u, 0, 'g', 5)
                             .arg(s, 0, 'g', 5)
                             .arg(w, 0, 'g', 5)
                             .arg(r.n),
                         0.35, 0};
        point.horizontal = true;
        hover.push_back(point);
    }
    if (keys.isEmpty()) {
        show_placeholder(c, QObject::tr("Results appear here as runs finish."));
        return hover;
    }
    draw_stack(c, keys, {{&user, QObject::tr("user"), series_color(0)},
                         {&sys, QObject::tr("system"), series_color(1)},
                         {&wait, QObject::tr("waiting (elapsed − CPU)"), QColor(190, 190, 190)}});
    double top = 0;
    for (int k = 0; k < keys.size(); ++k) top = std::max({top, user[k] + sys[k] + wait[k], real[k]});
    QCPGraph* elapsed = plot->addGraph(plot->yAxis, plot->xAxis);
    elapsed->setName(QObject::tr("elapsed (median)"));
    elapsed->setLineStyle(QCPGraph::lsNone);
    elapsed->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, Qt::black, Qt::black, c.style.marker));
    elapsed->setData(keys, real, true);

    set_category_axis(c, ticker, rows.last);
    plot->xAxis->setLabel(QObject::tr("time (s)"));
    plot->xAxis->setRange(0, top * 1.1);
    c.title->setText(QObject::tr("Where the time goes: user, system, waiting (medians)%1\n%2")
                         .arg(rows.note(topN, QObject::tr("fastest")), experiment_caption(report)));
    return hover;
}

}  // namespace gui::plots
