// Why a cell is slower: per cell (a row, fastest of each input on top) its counters per unit of
// work (columns: faults per MB, switches per second, storage per byte, CPU per GB, hardware
// counters per byte), each tile coloured by its ratio to the fastest cell of the input (red:
// more, blue: less, grey: n/a). Hovering a row names the counter that separates it most from
// the fastest (sfp::explain_cells: the largest ratio). The numbers are the engine's.
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "cell_text.hpp"
#include "plot_layout.hpp"
#include "plots.hpp"
#include "report_why.hpp"
#include "sfp/explain.hpp"

namespace plots {
namespace {

QString value_text(std::optional<double> v) { return core::why_value_text(v); }
QString name_of(sfp::Why w) {
    return QString::fromUtf8(sfp::why_info(w).name.data(), qsizetype(sfp::why_info(w).name.size()));
}

// White at the fastest's value, saturating at 16x more (red) or less (blue).
QColor tile_color(const sfp::CellWhy& cell, const sfp::CellWhy* fastest, sfp::Why counter) {
    const std::optional<double> value = sfp::value_of(cell, counter);
    if (!value) return QColor(225, 225, 225);
    const std::optional<double> apart = fastest ? sfp::separation(cell, *fastest, counter) : std::nullopt;
    if (!apart) return Qt::white;
    const double sign = *value >= *sfp::value_of(*fastest, counter) ? 1 : -1;
    const double t = std::min(1.0, *apart / std::log(16.0));
    const QColor far = sign > 0 ? series_color(1) : series_color(0);
    const auto mix = [t](int from, int to) { return int(std::lround(from + (to - from) * t)); };
    return QColor(mix(255, far.red()), mix(255, far.green()), mix(255, far.blue()));
}

QString row_tip(const sfp::ExperimentReport& report, const sfp::CellWhy& w, const std::vector<sfp::CellWhy>& all) {
    const sfp::CellWhy* fastest = w.fastest ? &all.at(*w.fastest) : nullptr;
    QString text = QObject::tr("<b>%1</b>").arg(cell_words(report.cells[w.cell]).toHtmlEscaped());
    if (fastest && fastest->cell == w.cell)
        text += QObject::tr("<br>the fastest on this input");
    else if (fastest && w.separates)
        text += QObject::tr("<br>separates it most from the fastest (%1): <b>%2</b>, %3 against %4")
                    .arg(cell_words(report.cells[fastest->cell]).toHtmlEscaped(), name_of(*w.separates),
                         value_text(sfp::value_of(w, *w.separates)), value_text(sfp::value_of(*fastest, *w.separates)));
    else if (fastest)
        text += QObject::tr("<br>no counter sets it apart from the fastest");
    for (sfp::Why c : sfp::kWhy) {
        text += QStringLiteral("<br>%1: %2").arg(name_of(c), value_text(sfp::value_of(w, c)));
        if (fastest && fastest->cell != w.cell)
            text += QObject::tr(" (fastest %1)").arg(value_text(sfp::value_of(*fastest, c)));
    }
    return text + QObject::tr("<br>n = %1").arg(w.runs);
}

}  // namespace

Hover draw_why(const Canvas& c, const sfp::ExperimentReport& report, int topN) {
    QCustomPlot* plot = c.plot;
    const Varying what = varying(report.cells);
    const std::vector<sfp::CellWhy> why = sfp::explain_cells(report);
    auto rows = QSharedPointer<QCPAxisTickerText>::create();
    auto columns = QSharedPointer<QCPAxisTickerText>::create();
    const std::vector<sfp::Why> counters = core::shown_counters(why, report);  // as the report's table
    for (std::size_t k = 0; k < counters.size(); ++k) {
        const std::string_view name = sfp::why_info(counters[k]).column;
        columns->addTick(double(k), QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
    const std::vector<std::vector<Slowdown>> rankings = slowdowns(report);  // a ranking has a cell that ran
    if (rankings.empty()) {
        show_placeholder(c, no_points_text(report));
        return {};
    }
    QFont font = plot->font();
    font.setPointSize(c.style.font_pt);
    Hover hover;
    double key = 1;
    for (const std::vector<Slowdown>& ranking : rankings) {
        if (!hover.empty()) key += 0.5;  // a gap between input sets
        const std::size_t shown = topN > 0 ? std::min(ranking.size(), std::size_t(topN)) : ranking.size();
        for (std::size_t r = 0; r < shown; ++r) {
            const sfp::CellWhy& w = why.at(ranking[r].cell);
            const sfp::CellWhy* fastest = w.fastest ? &why.at(*w.fastest) : nullptr;
            for (std::size_t k = 0; k < counters.size(); ++k) {
                const std::optional<double> v = sfp::value_of(w, counters[k]);
                auto* tile = new QCPItemRect(plot);
                tile->topLeft->setCoords(double(k) - 0.48, key - 0.45);
                tile->bottomRight->setCoords(double(k) + 0.48, key + 0.45);
                tile->setPen(Qt::NoPen);
                tile->setBrush(tile_color(w, fastest, counters[k]));
                auto* label = new QCPItemText(plot);
                label->position->setCoords(double(k), key);
                label->setText(value_text(v));
                label->setFont(font);
                label->setColor(w.separates == counters[k] ? Qt::black : QColor(60, 60, 60));
                if (w.separates == counters[k]) {  // the counter that sets it apart: outlined
                    tile->setPen(QPen(Qt::black, 1.5));
                    QFont bold = font;
                    bold.setBold(true);
                    label->setFont(bold);
                }
                label->setProperty(kColumnTextPt, font.pointSizeF());  // fitted to its tile's width
            }
            rows->addTick(key, short_label(report.cells[w.cell], what));
            // The whole row explains itself: a category lying down, its tiles from -0.5 across.
            hover.push_back({key, double(counters.size()) - 0.5, row_tip(report, w, why), 0.45, -0.5, {}, true});
            key += 1;
        }
    }
    set_category_axis(c, rows, key - 1);
    plot->xAxis->setTicker(columns);
    plot->xAxis->setRange(-0.5, double(counters.size()) - 0.5);
    plot->xAxis->grid()->setVisible(false);
    plot->xAxis->setLabel(
        QObject::tr("per unit of work; colour: against the fastest of the input "
                    "(red more, blue less, grey n/a); outlined: what separates it most"));
    plot->legend->setVisible(false);
    c.title->setText(
        QObject::tr("Why: the counters of each cell beside the fastest\n%1").arg(experiment_caption(report)));
    return hover;
}

}  // namespace plots
