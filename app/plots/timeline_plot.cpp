// The Timeline (issue 44): one run's threads, one lane each, time across; each unit of work a
// segment coloured by its kind (scan, read, write, hand-off, wait, probe) over the thread's life (a thin
// grey line), and where a thread that scanned blocks stopped, a mark at its last event's end
// (compMP's passive stop). For compare, a second axis on the right in file offset: each block's
// offset at its scan's end, and the mismatches (core::mismatch_marks), so a thread's last block
// can be set against the last mismatch. The run: the one picked in the Runs table, else the median
// run of the fastest cell that recorded a timeline (sfp::RunResult::threads: `--timeline`).
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "cell_text.hpp"
#include "plots.hpp"
#include "timeline_marks.hpp"

namespace plots {
namespace {

constexpr sfp::EventKind kKinds[] = {sfp::EventKind::scan,     sfp::EventKind::read, sfp::EventKind::write,
                                     sfp::EventKind::hand_off, sfp::EventKind::wait, sfp::EventKind::probe};

QColor kind_color(sfp::EventKind kind) {
    switch (kind) {
        case sfp::EventKind::scan: return series_color(0);
        case sfp::EventKind::read: return series_color(2);
        case sfp::EventKind::write: return series_color(3);
        case sfp::EventKind::hand_off: return series_color(4);
        case sfp::EventKind::wait: return QColor(230, 150, 60);    // as "runnable, no CPU": time not working
        case sfp::EventKind::probe: return QColor(150, 150, 150);  // the candidate's threads show the work
    }
    return Qt::gray;
}

QString lane_name(const sfp::ThreadTime& t) {
    if (t.role == "runner") return QObject::tr("runner");
    return QStringLiteral("%1 %2").arg(QString::fromStdString(t.role)).arg(t.worker);
}

QString seconds_text(std::optional<double> s) {
    return s ? plain_number(*s, 4) + QStringLiteral(" s") : QObject::tr("n/a");
}

QString lane_text(const sfp::ThreadTime& t) {
    QString text = QObject::tr("<b>%1</b><br>from %2 to %3 s<br>CPU %4 s, runnable with no CPU %5, blocked %6")
                       .arg(lane_name(t).toHtmlEscaped(), plain_number(t.start_s, 5), plain_number(t.end_s, 5),
                            plain_number(t.cpu_s, 4), seconds_text(t.runnable_wait_s), seconds_text(t.blocked_s));
    text += QObject::tr("<br>%1 events, %2 bytes").arg(t.events.size()).arg(t.bytes);
    if (!t.events.empty())
        text += QObject::tr("<br>last: %1 at byte %2, ended %3 s")
                    .arg(QString::fromLatin1(sfp::to_string(t.events.back().kind)))
                    .arg(t.events.back().at)
                    .arg(plain_number(t.events.back().end_s, 5));
    if (t.coarsened) text += QObject::tr("<br>coarsened: neighbouring events merged past the bound");
    return text;
}

// For compare, where its last mismatch lies (a thread that stops has scanned past it): " · the 8
// mismatches up to byte 2100"; "" for other algorithms.
QString mismatch_text(const std::optional<std::vector<core::MismatchMark>>& marks) {
    if (!marks || marks->empty()) return {};
    return QObject::tr(" · the %1 mismatches found up to byte %2").arg(marks->size()).arg(marks->back().offset);
}

// The offset axis's unit: KiB, or MiB past 16 MiB.
std::pair<double, QString> offset_unit(std::uint64_t top) {
    if (top > (16u << 20)) return {1024.0 * 1024.0, QStringLiteral("MiB")};
    return {1024.0, QStringLiteral("KiB")};
}

// A graph of points (no line) on the right axis, sorted by time as QCPGraph keeps them.
QCPGraph* offset_points(const Canvas& c, const QString& name, std::vector<std::pair<double, double>> points,
                        const QCPScatterStyle& look) {
    std::sort(points.begin(), points.end());
    QVector<double> keys, values;
    for (const auto& [k, v] : points) keys << k, values << v;
    auto* g = new QCPGraph(c.plot->xAxis, c.plot->yAxis2);
    g->setName(name);
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(look);
    g->setData(keys, values, true);
    return g;
}

// compare's second axis: each scanned block's offset at its scan's end (one series a thread, one
// legend entry), each mismatch at when its block was scanned (the run's start when none was
// recorded), and a dashed line across at the last one.
void draw_offsets(const Canvas& c, const std::vector<sfp::ThreadTime>& threads,
                  const std::vector<core::MismatchMark>& marks, double right, double size) {
    std::uint64_t top = marks.empty() ? 1 : marks.back().offset + 1;
    for (const sfp::ThreadTime& t : threads)
        for (const sfp::TimelineEvent& e : t.events)
            if (e.kind == sfp::EventKind::scan) top = std::max(top, e.at);
    const auto [scale, unit] = offset_unit(top);
    bool first = true;
    for (const sfp::ThreadTime& t : threads) {
        std::vector<std::pair<double, double>> points;
        for (const sfp::TimelineEvent& e : t.events)
            if (e.kind == sfp::EventKind::scan) points.emplace_back(e.end_s, double(e.at) / scale);
        if (points.empty()) continue;
        QCPGraph* g = offset_points(c, QObject::tr("a block's offset (right axis)"), points,
                                    QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 1.5), Qt::white, size));
        g->setProperty("sfpLine", QObject::tr("worker %1").arg(t.worker));  // the export names its thread
        if (!first) g->removeFromLegend();
        first = false;
    }
    const QColor red(200, 30, 30);
    std::vector<std::pair<double, double>> found;
    for (const core::MismatchMark& m : marks) found.emplace_back(m.found_s.value_or(0), double(m.offset) / scale);
    if (!found.empty()) {
        offset_points(c, QObject::tr("mismatches"), found,
                      QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(red, 1.5), red, size));
        auto* last = new QCPGraph(c.plot->xAxis, c.plot->yAxis2);
        last->setName(QObject::tr("the last mismatch"));
        last->setPen(QPen(red, 1.5, Qt::DashLine));
        last->setData({0, right * 1.05}, {found.back().second, found.back().second}, true);
    }
    QCPAxis* axis = c.plot->yAxis2;
    axis->setVisible(true);
    axis->setTickLabelFont(c.plot->yAxis->tickLabelFont());
    axis->setLabelFont(c.plot->yAxis->labelFont());
    axis->grid()->setVisible(false);
    axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    axis->ticker()->setTickCount(c.plot->xAxis->ticker()->tickCount());
    axis->setLabel(QObject::tr("file offset (%1)").arg(unit));
    axis->setRange(-double(top) / scale * 0.05, double(top) / scale * 1.15);  // a mark at 0 whole
}

// The median of a cell's ok runs that recorded their threads.
const sfp::RunRecord* median_run(const sfp::ExperimentReport& report, std::size_t cell) {
    std::vector<const sfp::RunRecord*> runs;
    for (const sfp::RunRecord& r : report.runs)
        if (r.cell == cell && r.status == sfp::RunStatus::ok && !r.result.threads.empty()) runs.push_back(&r);
    if (runs.empty()) return nullptr;
    std::sort(runs.begin(), runs.end(), [](auto* a, auto* b) { return a->result.real_s < b->result.real_s; });
    return runs[(runs.size() - 1) / 2];
}

// A thread's segments of one kind as one line (one graph a lane and kind): events that follow
// each other without a gap join, a gap between two is a NaN point strictly inside it.
void add_segments(const Canvas& c, const sfp::ThreadTime& t, double lane, sfp::EventKind kind, double width) {
    QVector<double> keys, values;
    for (const sfp::TimelineEvent& e : t.events) {
        if (e.kind != kind) continue;
        if (!keys.isEmpty() && e.start_s > keys.back()) keys << (keys.back() + e.start_s) / 2, values << qQNaN();
        if (keys.isEmpty() || e.start_s > keys.back()) keys << e.start_s, values << lane;
        keys << std::max(e.end_s, keys.back()), values << lane;
    }
    if (keys.isEmpty()) return;
    auto* g = new QCPGraph(c.plot->xAxis, c.plot->yAxis);
    g->setName(QString::fromLatin1(sfp::to_string(kind)));
    g->setPen(QPen(kind_color(kind), width, Qt::SolidLine, Qt::FlatCap));
    g->setAdaptiveSampling(false);
    g->setData(keys, values, true);
    g->removeFromLegend();
}

// One legend entry per kind drawn, and one for the stop mark.
void add_legend(const Canvas& c, const std::vector<bool>& drawn, QCPGraph* stops) {
    for (std::size_t k = 0; k < std::size(kKinds); ++k) {
        if (!drawn[k]) continue;
        auto* entry = new QCPGraph(c.plot->xAxis, c.plot->yAxis);  // no data: the legend's swatch
        entry->setName(QString::fromLatin1(sfp::to_string(kKinds[k])));
        entry->setPen(QPen(kind_color(kKinds[k]), 6));
    }
    if (stops->dataCount() == 0) stops->removeFromLegend();
}

}  // namespace

const sfp::RunRecord* timeline_run(const sfp::ExperimentReport& report, std::optional<std::size_t> picked) {
    if (picked && *picked < report.runs.size() && !report.runs[*picked].result.threads.empty())
        return &report.runs[*picked];
    for (const std::vector<std::size_t>& ranking : ranked_cells(report, Metric::elapsed))
        for (std::size_t cell : ranking)
            if (const sfp::RunRecord* r = median_run(report, cell)) return r;
    return nullptr;
}

Hover draw_timeline(const Canvas& c, const sfp::ExperimentReport& report, std::optional<std::size_t> picked) {
    Hover hover;
    const sfp::RunRecord* run = timeline_run(report, picked);
    if (!run) {
        show_placeholder(c, QObject::tr("No run recorded its timeline: tick Timeline before running "
                                        "(sfpbench run --timeline --json)."));
        return hover;
    }
    const std::vector<sfp::ThreadTime>& threads = run->result.threads;
    const double width = c.style.marker * 1.4;  // a lane's thickness in pixels
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    auto* stops = new QCPGraph(c.plot->xAxis, c.plot->yAxis);
    stops->setName(QObject::tr("where it stopped"));
    stops->setLineStyle(QCPGraph::lsNone);
    stops->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssPlus, QPen(Qt::black, 2), Qt::black, width * 1.6));
    std::vector<bool> drawn(std::size(kKinds), false);
    double right = run->result.real_s;
    // Where workers scan block by block, one with no block stopped at its first check (compMP's
    // passive stop before any work): its cross is at the end of its life.
    const bool workers_scan = std::any_of(threads.begin(), threads.end(), [](const sfp::ThreadTime& t) {
        return !t.events.empty() && t.events.back().kind == sfp::EventKind::scan;
    });
    for (std::size_t i = 0; i < threads.size(); ++i) {
        const sfp::ThreadTime& t = threads[i];
        const double lane = double(i + 1);  // category keys count from 1
        auto* life = new QCPGraph(c.plot->xAxis, c.plot->yAxis);
        life->setPen(QPen(QColor(200, 200, 200), 2));
        life->setData({t.start_s, t.end_s}, {lane, lane}, true);
        life->removeFromLegend();
        for (std::size_t k = 0; k < std::size(kKinds); ++k) {
            const bool any = std::any_of(t.events.begin(), t.events.end(),
                                         [&](const sfp::TimelineEvent& e) { return e.kind == kKinds[k]; });
            if (any) add_segments(c, t, lane, kKinds[k], width), drawn[k] = true;
        }
        const bool scanned = !t.events.empty() && t.events.back().kind == sfp::EventKind::scan;
        // The runner scans too where it is worker 0 itself (an auto's stripes to whoever is free).
        if ((t.role == "worker" && (scanned || (workers_scan && t.events.empty()))) || (t.role == "runner" && scanned))
            stops->addData(scanned ? t.events.back().end_s : t.end_s, lane);
        ticker->addTick(lane, lane_name(t));
        right = std::max(right, t.end_s);
        HoverPoint point{lane, t.end_s, lane_text(t), 0.4, t.start_s};
        point.horizontal = true;
        hover.push_back(point);
    }
    add_legend(c, drawn, stops);
    set_category_axis(c, ticker, double(threads.size()));
    const std::optional<std::vector<core::MismatchMark>> marks = core::mismatch_marks(run->result);
    if (marks && workers_scan) draw_offsets(c, threads, *marks, right, width);
    c.plot->xAxis->setLabel(QObject::tr("time since the run began (s)"));
    c.plot->xAxis->setRange(0, right * 1.05);
    c.title->setText(QObject::tr("Timeline: %1, repetition %2\n%3 s, %4 threads%5\n%6")
                         .arg(cell_words(report.cells.at(run->cell)), QString::number(run->repetition),
                              plain_number(run->result.real_s, 4), QString::number(threads.size()),
                              mismatch_text(marks), experiment_caption(report)));
    return hover;
}

}  // namespace plots
