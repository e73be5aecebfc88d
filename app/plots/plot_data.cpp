#include "plot_data.hpp"
#include "sfp/cell.hpp"
#include "sfp/parameter.hpp"

#include <QJsonArray>
#include <QRegularExpression>
#include <cmath>
#include <map>

namespace plots {
namespace {

constexpr char kKind[] = "sfpKind", kUnit[] = "sfpUnit", kCells[] = "sfpCells", kSeries[] = "sfpSeries";

// "elapsed time (s)" -> "s": the unit an untagged plottable's axis names.
QString unit_of(const QCPAxis* axis) {
    if (const QVariant unit = axis->property(kUnit); unit.isValid()) return unit.toString();
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("\\(([^()]*)\\)\\s*$")).match(axis->label());
    return m.hasMatch() ? m.captured(1) : QString();
}

QString axis_name(QCustomPlot* plot, const QCPAxis* axis) {
    return axis == plot->yAxis2  ? QStringLiteral("y2")
           : axis == plot->xAxis ? QStringLiteral("x")
                                 : QStringLiteral("y");
}

QJsonObject series_head(QCustomPlot* plot, const QCPAbstractPlottable* p) {
    const QVariant kind = p->property(kKind), unit = p->property(kUnit), line = p->property("sfpLine");
    // An imported set's lines share its legend name: each is named by the set and its own line.
    const QString name = line.isValid() ? p->name() + QStringLiteral(": ") + line.toString() : p->name();
    return {{"name", name},
            {"kind", kind.isValid() ? kind.toString() : kind_name(SeriesKind::live)},
            {"axis", axis_name(plot, p->valueAxis())},
            {"unit", unit.isValid() ? unit.toString() : unit_of(p->valueAxis())},
            {"visible", p->visible()}};
}

const QCPErrorBars* bars_of(QCustomPlot* plot, const QCPAbstractPlottable* p) {
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPErrorBars*>(plot->plottable(i)); bars && bars->dataPlottable() == p)
            return bars;
    return nullptr;
}

QJsonArray graph_points(QCustomPlot* plot, const QCPGraph* graph) {
    const QCPErrorBars* bars = bars_of(plot, graph);
    const QVariantList cells = graph->property(kCells).toList();
    QJsonArray points;
    for (int i = 0; i < graph->dataCount(); ++i) {
        const auto d = graph->data()->at(i);
        if (std::isnan(d->value)) continue;  // a cell not run yet: a gap, nothing drawn
        QJsonObject point{{"x", d->key}, {"y", d->value}};
        if (bars && i < bars->dataCount() && bars->visible()) point["error"] = bars->data()->at(i).errorPlus;
        if (i < cells.size()) point["cell"] = QJsonObject::fromVariantMap(cells[i].toMap());
        points.append(point);
    }
    return points;
}

// Each box with its row's name on the category axis and, when tagged, its cell.
QJsonArray box_points(const QCPStatisticalBox* box) {
    const auto names = box->keyAxis()->ticker().dynamicCast<QCPAxisTickerText>();
    const QVariantList cells = box->property(kCells).toList();
    QJsonArray points;
    int i = 0;
    for (auto it = box->data()->constBegin(); it != box->data()->constEnd(); ++it, ++i) {
        QJsonObject point{{"x", it->key},         {"min", it->minimum},      {"q1", it->lowerQuartile},
                          {"median", it->median}, {"q3", it->upperQuartile}, {"max", it->maximum}};
        if (names && names->ticks().contains(it->key))
            point["label"] = QString(names->ticks().value(it->key)).replace('\n', QStringLiteral(" · "));
        if (i < cells.size()) point["cell"] = QJsonObject::fromVariantMap(cells[i].toMap());
        points.append(point);
    }
    return points;
}

QJsonArray bar_points(const QCPBars* bars) {
    QJsonArray points;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        points.append(QJsonObject{{"x", it->key}, {"y", it->value}});
    return points;
}

// The limits, one series per tagged name: a line across the plot has one value ("across"), a
// line through points has them in x order.
QJsonArray limit_series(QCustomPlot* plot) {
    std::map<QString, QJsonObject> by_name;
    std::map<QString, std::map<double, double>> points;
    std::map<QString, QString> labels;
    for (int i = 0; i < plot->itemCount(); ++i) {
        QCPAbstractItem* item = plot->item(i);
        const QString name = item->property(kSeries).toString();
        if (name.isEmpty()) continue;
        if (qobject_cast<QCPItemText*>(item)) {  // its label: on the plot, or moved into the legend
            labels[name] = item->visible() ? QStringLiteral("plot") : QStringLiteral("legend");
            continue;
        }
        QJsonObject& s = by_name[name];
        s = {{"name", name},
             {"kind", item->property(kKind).toString()},
             {"axis", "y"},
             {"unit", item->property(kUnit).toString()},
             {"visible", item->visible()}};
        if (auto* line = qobject_cast<QCPItemStraightLine*>(item)) s["across"] = line->point1->coords().y();
        if (auto* seg = qobject_cast<QCPItemLine*>(item))
            for (const QPointF at : {seg->start->coords(), seg->end->coords()}) points[name][at.x()] = at.y();
    }
    QJsonArray out;
    for (auto& [name, s] : by_name) {
        QJsonArray list;
        if (s.contains("across")) list.append(QJsonObject{{"y", s["across"]}, {"across", true}});
        for (const auto& [x, y] : points[name]) list.append(QJsonObject{{"x", x}, {"y", y}});
        s.remove("across");
        if (labels.count(name)) s["label"] = labels[name];
        s["points"] = list;
        out.append(s);
    }
    return out;
}

}  // namespace

QString kind_name(SeriesKind kind) {
    switch (kind) {
        case SeriesKind::imported: return QStringLiteral("imported");
        case SeriesKind::limit: return QStringLiteral("limit");
        case SeriesKind::floor: return QStringLiteral("floor");
        case SeriesKind::live: break;
    }
    return QStringLiteral("live");
}

void tag(QObject* drawn, SeriesKind kind, const QString& unit, const QVariantList& cells, const QString& series) {
    drawn->setProperty(kKind, kind_name(kind));
    drawn->setProperty(kUnit, unit);
    if (!cells.isEmpty()) drawn->setProperty(kCells, cells);
    if (!series.isEmpty()) drawn->setProperty(kSeries, series);
}

QVariantMap cell_parameters(const sfp::Cell& cell) {
    QVariantMap m{{"strategy", QString::fromStdString(cell.strategy)}};
    if (cell.file_size) m["size"] = qulonglong(cell.file_size);
    for (const auto& [name, value] : cell.parameters) m[QString::fromStdString(name)] = qulonglong(value);
    return m;
}

QJsonObject plot_data(QCustomPlot* plot, const QString& title) {
    QJsonArray series;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        const QCPAbstractPlottable* p = plot->plottable(i);
        if (qobject_cast<const QCPErrorBars*>(p)) continue;  // with the series they belong to
        QJsonObject s = series_head(plot, p);
        if (auto* graph = qobject_cast<const QCPGraph*>(p))
            s["points"] = graph_points(plot, graph);
        else if (auto* box = qobject_cast<const QCPStatisticalBox*>(p))
            s["points"] = box_points(box);
        else if (auto* bars = qobject_cast<const QCPBars*>(p))
            s["points"] = bar_points(bars);
        else
            continue;
        series.append(s);
    }
    for (const QJsonValue& s : limit_series(plot)) series.append(s);
    QJsonObject out{{"format", "sfpbench-plot-data"},
                    {"version", 1},
                    {"title", title},
                    {"x", QJsonObject{{"label", QString(plot->xAxis->label()).replace('\n', ' ')},
                                      {"scale", plot->xAxis->scaleType() == QCPAxis::stLogarithmic ? "log" : "linear"},
                                      {"unit", unit_of(plot->xAxis)}}},
                    {"y", QJsonObject{{"label", plot->yAxis->label()}, {"unit", unit_of(plot->yAxis)}}},
                    {"series", series}};
    if (plot->yAxis2->visible())
        out["y2"] = QJsonObject{{"label", plot->yAxis2->label()}, {"unit", unit_of(plot->yAxis2)}};
    return out;
}

}  // namespace plots
