// Imported result sets on the Lines plot: dashed grey-toned lines against the right-hand axis
// (their times come from other machines and decades, so they get their own scale), one line per
// group of cells that differ only in the x-axis dimension, named by the set's machine and date.
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "../overlay_sets.hpp"
#include "plots.hpp"

namespace gui::plots {
namespace {

sfp::Cell as_cell(const core::ImportedCell& c) {
    return {.strategy = c.strategy, .block_size = c.block_size, .threads = unsigned(c.threads), .file_size = c.file_size,
            .swept = c.swept};
}

// The cell's value on the axis, or nothing when the set does not vary it.
std::optional<double> axis_value(const core::ImportedCell& c, Dim axis) {
    const std::uint64_t v = dim_number(as_cell(c), axis);
    return v ? std::optional<double>(double(v)) : std::nullopt;
}

// The cell's label without the axis dimension: the cells of one line share it.
std::string line_label(core::ImportedCell c, Dim axis) {
    if (axis == Dim::file_size) c.file_size = 0;
    if (const sfp::Parameter* p = axis.parameter()) {
        sfp::Cell cell = as_cell(c);
        sfp::clear_parameter_value(cell, *p);
        c.block_size = cell.block_size, c.threads = cell.threads, c.swept = cell.swept;
    }
    return c.label();
}

}  // namespace

int draw_overlays(const Canvas& c, const std::vector<core::ResultSet>& sets, Dim axis, bool normalised) {
    QCustomPlot* plot = c.plot;
    plot->yAxis2->setVisible(false);
    int lines = 0;
    double top = 0, lo = HUGE_VAL, hi = 0;
    for (std::size_t s = 0; s < sets.size(); ++s) {
        std::map<std::string, QVector<QPair<double, double>>> by_line;  // label -> (x, median)
        for (const core::ImportedCell& cell : sets[s].cells)
            if (const auto x = axis_value(cell, axis); x && cell.median_s)
                by_line[line_label(cell, axis)].append({*x, *cell.median_s});
        const QColor color = QColor::fromHsv(int(30 + 70 * s) % 360, 90, 110);  // muted: not a live series
        int shape = 0;
        for (auto& [label, points] : by_line) {
            std::sort(points.begin(), points.end());
            QCPGraph* graph = plot->addGraph(plot->xAxis, plot->yAxis2);
            graph->setName(QString("%1: %2").arg(short_name(sets[s]), QString::fromStdString(label)));
            graph->setPen(QPen(color, c.style.line_width, Qt::DashLine));
            graph->setScatterStyle(QCPScatterStyle(series_look(shape++).shape, color, Qt::white, c.style.marker));
            QVector<double> keys, values;
            for (const auto& [x, y] : points) {
                keys << x, values << y;
                top = std::max(top, y), lo = std::min(lo, x), hi = std::max(hi, x);
            }
            graph->setData(keys, values, true);
            ++lines;
        }
    }
    if (lines == 0) return 0;
    plot->yAxis2->setVisible(true);
    plot->yAxis2->setLabel(normalised ? QObject::tr("imported: time / the set's fastest cell")
                                      : QObject::tr("imported median time (s)"));
    plot->yAxis2->setRange(0, top * 1.1);
    // Their x values may lie outside the live run's (the article's 640,000,000 bytes): widen.
    const bool log = plot->xAxis->scaleType() == QCPAxis::stLogarithmic;
    QCPRange range = plot->xAxis->range();
    range.expand(log ? lo / 1.5 : lo * 0.95);
    range.expand(log ? hi * 1.5 : hi * 1.05);
    plot->xAxis->setRange(range);
    return lines;
}

}  // namespace gui::plots
