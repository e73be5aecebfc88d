#pragma once
// Where the title and the legend go, so that the data area keeps most of the plot (issue 12:
// the legend never shrinks it below half its panel, the title is never cut at the edges).
#include <QString>

class QCustomPlot;
class QCPLayoutGrid;
class QFont;

namespace gui::plots {

// The plot's layout: the title in row 0, `body` in row 1 (the axis rect, and `side` in its
// column 1: the legend on top when it stands beside), the legend in row 2 when it lies below.
struct PlotLayout {
    QCustomPlot* plot = nullptr;
    QCPLayoutGrid* body = nullptr;
    QCPLayoutGrid* side = nullptr;
};
// Builds that layout around the plot's axis rect and legend.
PlotLayout make_plot_layout(QCustomPlot* plot);

// Below the data in one row when every entry fits in one; else beside it, top to bottom, in as
// many columns as a third of the width holds; else below in rows, cut at a fifth of the height
// (entries beyond still hover). An empty legend leaves the layout. True when anything moved.
bool place_legend(const PlotLayout& layout);

// `text` with its lines rewrapped to `width` pixels in `font`: the parts of each line (split at
// " · ") are packed, so short lines join and a long one breaks between parts, then between
// words; no text is dropped.
// Fewer x tick labels when the axis (as last laid out) is narrow, so that they never run
// together. True when it changed them: they are made before the layout, so replot again.
bool fit_x_ticks(QCustomPlot* plot);

QString wrapped_title(const QString& text, const QFont& font, int width);

}  // namespace gui::plots
