#pragma once
// The plot's data as drawn (issue 41 §4): every series on the plot -- its name, kind (a live
// run's, an imported set's, a limit's ceiling or floor), axis, unit, and points with their
// cells' parameters and error bars -- read back from the plot itself, so the export is exactly
// what is drawn. The painters tag what they draw; untagged plottables (bars) are exported from
// their data and their axis's title. A box names its row (the category axis's label).
#include <QJsonObject>
#include <QString>
#include <QVariantList>
#include <qcustomplot.h>

#include "sfp/cell.hpp"
#include "sfp/parameter.hpp"

namespace plots {

enum class SeriesKind { live, imported, limit, floor };
QString kind_name(SeriesKind kind);  // "live", "imported", "limit", "floor"

// What the export says of a drawn graph or limit item: its kind and unit, and for a graph the
// cell behind each point (in the order of its data: ascending x), as cell_parameters gives it.
// A limit is drawn as several items (segments, a label): `series` names the one they make up.
void tag(QObject* drawn, SeriesKind kind, const QString& unit, const QVariantList& cells = {},
         const QString& series = {});
// "strategy", "size" (bytes of each input) and each parameter the strategy uses, by name.
QVariantMap cell_parameters(const sfp::Cell& cell);

// {"title", "x": {label, scale}, "y": {label}, "y2": {label} when shown, "series": [...]}:
// each series {name, kind, axis ("y" or "y2"), unit, points: [{x, y, error?, cell?}]}; a limit
// also says where its label is: "label": "plot", or "legend" where the plot had no free place.
QJsonObject plot_data(QCustomPlot* plot, const QString& title);

}  // namespace plots
