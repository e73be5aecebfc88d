// timep's view: per cell, the exact CPU time split into user and system where the kernel's tick
// sampling could resolve the split (one "CPU (split not resolved)" segment where it could not:
// busy time is never drawn as waiting), the waiting rest of the elapsed time on top -- taken apart
// into runnable with no CPU, blocked and block I/O where the runs say -- and a marker at the
// elapsed time itself (threads can make CPU time exceed it). sfp::time_split.
// Bars lie down, fastest on top, every one named on the axis; by default the fastest few of each input.
#include <qcustomplot.h>

#include "cell_text.hpp"
#include "plots.hpp"
#include "sfp/explain.hpp"

namespace plots {
namespace {

QString split_text(const sfp::TimeSplit& t) {
    const QString cpu = QObject::tr("CPU %1 s (%2)")
                            .arg(plain_number(t.cpu_s, 5))
                            .arg(t.cpu_exact ? QObject::tr("exact") : QObject::tr("user + sys: an older report"));
    if (!t.resolved)
        return cpu + QObject::tr("<br>user/system split not resolved: too short for the kernel's tick sampling");
    return cpu + QObject::tr("<br>user %1 s, system %2 s").arg(plain_number(t.user_s, 5)).arg(plain_number(t.sys_s, 5));
}

QString waiting_text(const sfp::TimeSplit& t) {
    QString text = QObject::tr("waiting %1 s").arg(plain_number(t.waiting_s, 5));
    if (!t.runnable_s) return text + QObject::tr(" (not taken apart: an older report)");
    text += QObject::tr("<br>&nbsp;&nbsp;runnable, no CPU %1 s<br>&nbsp;&nbsp;blocked %2 s")
                .arg(plain_number(*t.runnable_s, 5), plain_number(*t.blocked_s, 5));
    return text + (t.blkio_s ? QObject::tr(", of which block I/O %1 s").arg(plain_number(*t.blkio_s, 5))
                             : QObject::tr(" (block I/O: n/a, delay accounting off)"));
}

// The waiting segments: runnable, blocked (without block I/O where that is known), block I/O,
// and the whole waiting where the runs do not say.
struct WaitBars {
    QVector<double> runnable, blocked, blkio, unsplit;
    bool any_split = false, any_blkio = false, any_unsplit = false;
    void add(const sfp::TimeSplit& t) {
        runnable << t.runnable_s.value_or(0);
        blkio << t.blkio_s.value_or(0);
        blocked << (t.blocked_s ? *t.blocked_s - t.blkio_s.value_or(0) : 0.0);
        unsplit << (t.runnable_s ? 0.0 : t.waiting_s);
        (t.runnable_s ? any_split : any_unsplit) = true;
        any_blkio = any_blkio || t.blkio_s;
    }
    void layers(std::vector<StackLayer>& out) const {
        if (any_split) out.push_back({&runnable, QObject::tr("runnable, no CPU"), QColor(230, 150, 60)});
        if (any_split) out.push_back({&blocked, QObject::tr("blocked"), QColor(190, 190, 190)});
        if (any_blkio) out.push_back({&blkio, QObject::tr("blocked on block I/O"), QColor(130, 130, 150)});
        if (any_unsplit) out.push_back({&unsplit, QObject::tr("waiting (elapsed − CPU)"), QColor(215, 215, 215)});
    }
};

}  // namespace

Hover draw_time_split(const Canvas& c, const sfp::ExperimentReport& report, int topN) {
    QCustomPlot* plot = c.plot;
    const Varying what = varying(report.cells);
    const std::vector<sfp::CellStats> stats = cell_stats(report);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, user, sys, unsplit, wait, real;
    WaitBars waits;
    bool any_resolved = false, any_unresolved = false;
    Hover hover;
    const Rows rows = top_rows(ranked_cells(report, Metric::elapsed), topN);
    for (const auto& [key, i] : rows.keyed) {
        if (i >= stats.size()) continue;
        const sfp::TimeSplit t = sfp::time_split(report, stats[i]);
        if (t.runs == 0) continue;
        keys << key;
        user << t.user_s;
        sys << t.sys_s;
        unsplit << (t.resolved ? 0.0 : t.cpu_s);
        wait << t.waiting_s;
        waits.add(t);
        real << t.real_s;
        (t.resolved ? any_resolved : any_unresolved) = true;
        ticker->addTick(key, short_label(report.cells[i], what));
        HoverPoint point{key, t.cpu_s + t.waiting_s,
                         QObject::tr("<b>%1</b><br>median elapsed %2 s<br>%3<br>%4<br>n = %5")
                             .arg(cell_words(report.cells[i]).toHtmlEscaped(), plain_number(t.real_s, 5), split_text(t),
                                  waiting_text(t), QString::number(t.runs)),
                         0.35, 0};
        point.horizontal = true;
        hover.push_back(point);
    }
    if (keys.isEmpty()) {
        show_placeholder(c, no_points_text(report));
        return hover;
    }
    std::vector<StackLayer> layers;
    if (any_resolved) {
        layers.push_back({&user, QObject::tr("user"), series_color(0)});
        layers.push_back({&sys, QObject::tr("system"), series_color(1)});
    }
    if (any_unresolved) layers.push_back({&unsplit, unresolved_cpu_name(), series_color(3)});
    waits.layers(layers);
    draw_stack(c, keys, layers);
    double top = 0;
    for (int k = 0; k < keys.size(); ++k) top = std::max({top, user[k] + sys[k] + unsplit[k] + wait[k], real[k]});
    QCPGraph* elapsed = plot->addGraph(plot->yAxis, plot->xAxis);
    elapsed->setName(QObject::tr("elapsed (median)"));
    elapsed->setLineStyle(QCPGraph::lsNone);
    elapsed->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, Qt::black, Qt::black, c.style.marker));
    elapsed->setData(keys, real, true);

    set_category_axis(c, ticker, rows.last);
    plot->xAxis->setLabel(QObject::tr("time (s)"));
    plot->xAxis->setRange(0, top * 1.1);
    c.title->setText(QObject::tr("Where the time goes: CPU (user, system), waiting (runnable, blocked) (medians)%1\n%2")
                         .arg(rows.note(topN, QObject::tr("fastest")), experiment_caption(report)));
    return hover;
}

}  // namespace plots
