#pragma once
// Where the title and the legend go, so that the data area keeps most of the plot (issue 12:
// the legend never shrinks it below half its panel, the title is never cut at the edges).
#include <QMap>
#include <QSet>
#include <QString>
#include <qcustomplot.h>

namespace plots {

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
// many columns as a third of the width holds; else below in rows, as many entries a row as fit
// (each column as wide as its widest entry), cut at a fifth of the height
// (entries beyond still hover). A limit's entry (its label moved there) breaks over lines to
// stand beside. An empty legend leaves the layout. True when anything moved.
bool place_legend(const PlotLayout& layout);

// Ticks at the data's own x values (4K, 64K, 1M; 1, 4, 16 threads), each labelled: a Lines
// plot names every point it draws, whatever the axis's scale. fit_x_ticks lays them out; the
// values of imported sets (`secondary`) get a label only where the run's own leave room.
class DataTicker : public QCPAxisTickerText {
public:
    void add(double key, const QString& label, bool secondary);
    const QMap<double, QString>& all() const { return all_; }
    bool secondary(double key) const { return secondary_.contains(key); }

private:
    QMap<double, QString> all_;
    QSet<double> secondary_;
};

// The x tick labels fitted to the axis as last laid out, so that they never run together.
// Data ticks: level, else at 45 degrees, else only those that keep their room (first kept).
// Named columns (a text ticker), all kept: level, else on two lines, else rising at 45 degrees.
// Other tickers: the count asked for at reset (kTickCountProperty), fewer while they collide.
// True when it changed them: the caller lays the plot out again (relayout).
bool fit_x_ticks(QCustomPlot* plot);
// Texts drawn one a column (the Why view's tile values), tagged with the point size they were
// drawn at (kColumnTextPt): their font shrinks until the widest fits a column, to 6 pt at the
// least, and grows back where there is room. True when it changed them.
bool fit_column_texts(QCustomPlot* plot);
inline constexpr char kColumnTextPt[] = "sfpColumnTextPt";
inline constexpr char kTickCountProperty[] = "sfpTickCount";

// Lays the plot out again in its current viewport, without drawing: after a fit changed what
// the layout depends on, in the middle of a replot or an export.
void relayout(QCustomPlot* plot);

// `text` with its lines rewrapped to `width` pixels in `font`: the parts of each line (split at
// " · ") are packed, so short lines join and a long one breaks between parts, then between
// words; no text is dropped.
QString wrapped_title(const QString& text, const QFont& font, int width);
// An axis label broken between words into lines of `width` pixels (joined by '\n'; a space
// for each '\n' gives it back whole).
QString wrapped_label(const QString& text, const QFont& font, int width);

}  // namespace plots
