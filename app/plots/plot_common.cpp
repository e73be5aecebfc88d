#include <qcustomplot.h>

#include <algorithm>
#include <map>

#include "cell_text.hpp"
#include "plots.hpp"

namespace plots {

QColor series_color(int index) {
    // Okabe-Ito: distinguishable for colour-blind readers and on a projector.
    static const QColor colors[] = {QColor(0, 114, 178),   QColor(213, 94, 0),  QColor(0, 158, 115),
                                    QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                                    QColor(0, 0, 0),       QColor(240, 228, 66)};
    return colors[index % int(std::size(colors))];
}

SeriesLook series_look(int index) {
    static const QCPScatterStyle::ScatterShape shapes[] = {
        QCPScatterStyle::ssCircle,  QCPScatterStyle::ssSquare,           QCPScatterStyle::ssTriangle,
        QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssCrossCircle};
    static const Qt::PenStyle lines[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    // Colours cycle fastest, and marker and dash change with every series too, so lines stay
    // apart printed in black and white. Per colour (one per round of eight) the marker steps on
    // each round and the dash every sixth: the first 96 series still all differ.
    const int colour = index % 8, round = index / 8;
    return {series_color(index), shapes[(colour + round) % int(std::size(shapes))],
            lines[(colour + 2 * (round / 6)) % int(std::size(lines))]};
}

void reset(const Canvas& c) {
    QCustomPlot* p = c.plot;
    p->clearPlottables();
    p->clearItems();
    // Entries of no plottable (a limit's label moved into the legend) go with the items.
    for (int i = p->legend->itemCount() - 1; i >= 0; --i)
        if (!qobject_cast<QCPPlottableLegendItem*>(p->legend->item(i))) p->legend->removeItem(i);
    QFont font = p->font();
    font.setPointSize(c.style.font_pt);
    QFont bold = font;
    bold.setBold(true);
    for (QCPAxis* axis : {p->xAxis, p->yAxis}) {
        axis->setScaleType(QCPAxis::stLinear);
        auto ticker = QSharedPointer<QCPAxisTicker>::create();
        const int ticks = c.style.font_pt > 9 ? 3 : 5;  // projector-sized labels need the room
        ticker->setTickCount(ticks);
        axis->setProperty(kTickCountProperty, ticks);  // fit_x_ticks starts from it at every size
        axis->setTicker(ticker);
        axis->setTickLabelRotation(0);
        axis->setTickLabelFont(font);
        axis->setLabelFont(bold);
        axis->setLabel({});
        axis->grid()->setVisible(true);
        axis->setBasePen(QPen(Qt::black, c.style.line_width / 2));
        axis->setRangeReversed(false);
    }
    p->xAxis->grid()->setVisible(false);
    p->yAxis2->setVisible(false);  // the plots that use it show it (overlays, the Timeline's offsets)
    p->legend->setFont(font);
    p->legend->setVisible(true);
    p->legend->setIconSize(int(c.style.font_pt * 2.2), c.style.font_pt + 2);
    QFont title = bold;
    title.setPointSize(c.style.font_pt +
                       (c.style.font_pt > 9 ? 0 : 2));  // a projector's is large already: the data keeps the room
    c.title->setFont(title);
    c.title->setText({});
}

void set_category_axis(const Canvas& c, const QSharedPointer<QCPAxisTickerText>& ticker, double last_key) {
    QCPAxis* y = c.plot->yAxis;
    y->setTicker(ticker);
    y->setRangeReversed(true);
    y->setRange(0.4, last_key + 0.6);
    y->grid()->setVisible(false);
    c.plot->xAxis->grid()->setVisible(true);
}

std::vector<std::vector<std::size_t>> ranked_cells(const sfp::ExperimentReport& report, Metric metric) {
    std::map<std::size_t, std::vector<std::pair<double, std::size_t>>> by_input;
    for (std::size_t i = 0; i < report.cells.size(); ++i) {
        const sfp::Summary s = cell_summary(report, i, metric);
        if (s.n == 0) continue;
        by_input[report.cells[i].input_set].emplace_back(metric == Metric::throughput ? -s.median : s.median, i);
    }
    std::vector<std::vector<std::size_t>> out;
    for (auto& [input, cells] : by_input) {
        std::stable_sort(cells.begin(), cells.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        out.emplace_back();
        for (const auto& [median, cell] : cells) out.back().push_back(cell);
    }
    return out;
}

Rows top_rows(const std::vector<std::vector<std::size_t>>& rankings, int topN) {
    Rows rows;
    double key = 1;
    for (const std::vector<std::size_t>& ranking : rankings) {
        if (!rows.keyed.empty()) key += 0.5;  // a gap between input sets
        rows.cells += ranking.size();
        const std::size_t shown = topN > 0 ? std::min(ranking.size(), std::size_t(topN)) : ranking.size();
        rows.left_out += ranking.size() - shown;
        for (std::size_t k = 0; k < shown; ++k, key += 1) rows.keyed.emplace_back(key, ranking[k]);
    }
    rows.last = key - 1;
    return rows;
}

QString Rows::note(int topN, const QString& best) const {
    if (left_out == 0) return {};
    return QObject::tr("\nthe %1 %2 of each input (%3 of %4 cells)")
        .arg(topN)
        .arg(best)
        .arg(cells - left_out)
        .arg(cells);
}

void draw_stack(const Canvas& canvas, const QVector<double>& keys, const std::vector<StackLayer>& layers) {
    QCPBars* below = nullptr;
    for (const StackLayer& layer : layers) {
        auto* bars = new QCPBars(canvas.plot->yAxis, canvas.plot->xAxis);
        bars->setName(layer.name);
        bars->setWidth(0.7);
        bars->setPen(QPen(layer.color.darker(130)));
        bars->setBrush(layer.color);
        bars->setData(keys, *layer.values, true);
        if (below) bars->moveAbove(below);
        below = bars;
    }
}

QString no_points_text(const sfp::ExperimentReport& report) {
    if (report.runs.empty()) return QObject::tr("Results appear here as runs finish.");
    const bool any_ok = std::any_of(report.runs.begin(), report.runs.end(),
                                    [](const sfp::RunRecord& r) { return r.status == sfp::RunStatus::ok; });
    return any_ok ? QObject::tr("Nothing of these runs to draw here: try another plot kind, metric or slice.")
                  : QObject::tr("No run succeeded: the Runs table says why.");
}

void show_placeholder(const Canvas& c, const QString& text) {
    auto* item = new QCPItemText(c.plot);
    item->position->setType(QCPItemPosition::ptAxisRectRatio);
    item->position->setCoords(0.5, 0.5);
    item->setText(text);
    QFont font = c.plot->font();
    font.setPointSize(c.style.font_pt + 2);
    item->setFont(font);
    item->setColor(Qt::darkGray);
    c.plot->xAxis->setRange(0, 1);
    c.plot->yAxis->setRange(0, 1);
    c.plot->legend->setVisible(false);
}

// ", 98% in large folios": the cache state the runs found, averaged over the runs that know it.
static QString large_folio_caption(const sfp::ExperimentReport& report) {
    const double share = large_folio_share(report);
    return share < 0 ? QString() : QObject::tr(", %1% in large folios").arg(QString::number(100 * share, 'f', 0));
}

// The bytes a set holds: a run's bytes read (every file of it, which the cell's file size is not:
// that is the first file's), else the set's file size.
static std::uint64_t set_bytes(const sfp::ExperimentReport& report, std::size_t set) {
    std::uint64_t most = 0;
    for (const sfp::RunRecord& r : report.runs)
        if (r.status == sfp::RunStatus::ok && report.cells.at(r.cell).input_set == set)
            most = std::max(most, r.result.bytes);
    const sfp::InputSet& s = report.input_sets.at(set);
    return s.paths.size() > 1 && most > 0 ? most : s.file_size;
}

// Files mode: "a.bin, b.bin (64M)" for one or two inputs, else "3 files (192M)"; a folder "tree/";
// sizes as the generated sizes are written when round, else to a tenth ("77.7 MiB", not 81512795).
static QString inputs_caption(const sfp::ExperimentReport& report) {
    const std::vector<std::string>& inputs = report.experiment.inputs;
    QStringList names;
    for (const std::string& path : inputs) {
        const QFileInfo info(QString::fromStdString(path));
        names << info.fileName() + (info.isDir() ? QStringLiteral("/") : QString());
    }
    QString text = inputs.size() <= 2 ? names.join(QStringLiteral(", ")) : QObject::tr("%1 files").arg(inputs.size());
    QStringList sizes;
    for (std::size_t set = 0; set < report.input_sets.size(); ++set)
        if (const std::uint64_t bytes = set_bytes(report, set); bytes > 0) sizes << rounded_size_text(bytes);
    sizes.removeDuplicates();
    if (!sizes.isEmpty()) text += QStringLiteral(" (%1)").arg(sizes.join(QStringLiteral(", ")));
    return text;
}

QString experiment_caption(const sfp::ExperimentReport& report, bool cache) {
    const sfp::Experiment& e = report.experiment;
    QStringList parts{QString::fromStdString(e.algorithm)};
    if (!e.data_kind.empty()) {
        QStringList sizes;
        for (std::uint64_t s : e.sizes) sizes << size_text(s);
        parts << QStringLiteral("%1 %2").arg(sizes.join(QStringLiteral(", ")), QString::fromStdString(e.data_kind));
    } else if (!e.inputs.empty()) {
        parts << inputs_caption(report);
    }
    if (cache)
        parts << QObject::tr("%1 cache").arg(QString::fromUtf8(sfp::to_string(e.cache))) + large_folio_caption(report);
    parts << (e.repetitions == 1 ? QObject::tr("1 repetition") : QObject::tr("%1 repetitions").arg(e.repetitions));
    return parts.join(QStringLiteral(" · "));
}

}  // namespace plots
