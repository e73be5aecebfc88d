// iterate's view (IOBoost reports the two apart): per cell, the median time spent listing the
// tree stacked under the median time spent reading and hashing its files.
#include <qcustomplot.h>

#include "cell_text.hpp"
#include "plots.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/input_kind.hpp"

namespace plots {
namespace {

// The median listing time of a cell's successful runs (RunResult::list_s).
double median_listing(const sfp::ExperimentReport& report, std::size_t cell) {
    std::vector<double> list;
    for (const sfp::RunRecord& r : report.runs)
        if (r.cell == cell && counts(r)) list.push_back(r.result.list_s);
    return sfp::summarize(list).median;
}

}  // namespace

// The first view: the spread of the runs where the algorithm asks for it (iterate), else lines.
Kind default_kind(const sfp::Experiment& experiment) {
    const sfp::AlgorithmIo* io = sfp::algorithm_io(experiment.algorithm);
    return io && io->spread_first ? Kind::box : Kind::lines;
}

Hover draw_listing(const Canvas& c, const sfp::ExperimentReport& report, int topN) {
    QCustomPlot* plot = c.plot;
    const Varying what = varying(report.cells);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, listing, processing;
    Hover hover;
    const Rows rows = top_rows(ranked_cells(report, Metric::elapsed), topN);
    for (const auto& [key, i] : rows.keyed) {
        const sfp::Summary real = cell_summary(report, i, Metric::elapsed);
        const double list = std::min(median_listing(report, i), real.median);
        keys << key;
        listing << list;
        processing << real.median - list;
        ticker->addTick(key, short_label(report.cells[i], what));
        HoverPoint point{key, real.median,
                         QObject::tr("<b>%1</b><br>median elapsed %2 s<br>listing %3 s, processing %4 s<br>n = %5")
                             .arg(cell_words(report.cells[i]).toHtmlEscaped(), plain_number(real.median, 5),
                                  plain_number(list, 5), plain_number(real.median - list, 5), QString::number(real.n)),
                         0.35, 0};
        point.horizontal = true;
        hover.push_back(point);
    }
    if (keys.isEmpty()) {
        show_placeholder(c, QObject::tr("Listing and processing times appear here as the runs finish."));
        return hover;
    }
    double top = 0;
    draw_stack(c, keys,
               {{&listing, QObject::tr("listing the tree"), series_color(2)},
                {&processing, QObject::tr("reading and hashing"), series_color(0)}});
    for (int k = 0; k < keys.size(); ++k) top = std::max(top, listing[k] + processing[k]);
    set_category_axis(c, ticker, rows.last);
    plot->xAxis->setLabel(QObject::tr("time (s)"));
    plot->xAxis->setRange(0, top > 0 ? top * 1.1 : 1);
    c.title->setText(QObject::tr("Listing vs processing (medians)%1\n%2")
                         .arg(rows.note(topN, QObject::tr("fastest")), experiment_caption(report)));
    return hover;
}

}  // namespace plots
