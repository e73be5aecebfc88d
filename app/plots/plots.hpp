#pragma once
// The four plots of the window, each a function that draws a report onto a prepared canvas
// and returns the points a mouse hover can explain. One file per plot.
#include <QColor>
#include <QString>
#include <optional>
#include <qcustomplot.h>
#include <vector>

#include "cell_metrics.hpp"
#include "plot_slice.hpp"
#include "plot_layout.hpp"
#include "report_import.hpp"

namespace plots {

enum class Kind { lines, time_split, box, slowdown, histogram, listing, why, matches, timeline };
enum class ErrorKind { stddev, ci95, none };

// Sizes for the screen or, in presentation mode, for a projector.
struct Style {
    double line_width = 1.8;
    double marker = 7;
    int font_pt = 9;
    static Style normal() { return {}; }
    static Style presentation() { return {3.5, 13, 15}; }
};

// Something under the mouse worth explaining: a point, or a bar (half_width > 0, from
// `bottom` up to `value`).
struct HoverPoint {
    double key = 0, value = 0;
    QString text;  // rich text: exact value and cell
    double half_width = 0, bottom = 0;
    QString series{};         // the legend name it belongs to: a hidden series explains nothing
    bool horizontal = false;  // key on the y axis, value on the x axis (bars lying down)
    bool right = false;       // value on the right-hand axis (an imported set)
};
using Hover = std::vector<HoverPoint>;

// The plot and its title element; the panel sets up the layout once (title above, legend right).
struct Canvas {
    QCustomPlot* plot = nullptr;
    QCPTextElement* title = nullptr;
    Style style;
};

// Clears plottables and items, restores linear axes with default tickers and applies the style.
void reset(const Canvas& canvas);
QColor series_color(int index);
// How the line of series `index` looks: colour, then marker shape and pen style, so no two of
// the first 96 series look alike.
struct SeriesLook {
    QColor color;
    QCPScatterStyle::ScatterShape shape;
    Qt::PenStyle line;
};
SeriesLook series_look(int index);
// How many bars or boxes a ranked plot shows unless "show all" is on: the fastest of each input.
constexpr int kTopN = 15;
// Category names down the y axis, first on top: every bar keeps a readable name at any count.
void set_category_axis(const Canvas& canvas, const QSharedPointer<QCPAxisTickerText>& ticker, double last_key);
// Cells with successful runs, per input set, the best median of `metric` first (lowest; the
// highest for throughput).
std::vector<std::vector<std::size_t>> ranked_cells(const sfp::ExperimentReport& report, Metric metric);
// The rows a ranked plot lying down shows, top to bottom: the first topN of each ranking (all
// when topN is 0), half a row between inputs.
struct Rows {
    std::vector<std::pair<double, std::size_t>> keyed;  // category key, cell
    std::size_t cells = 0, left_out = 0;
    double last = 0;  // the last key: the category axis ends there
    // "\nthe 15 fastest of each input (15 of 84 cells; tick Show all for every cell)", "" for all.
    QString note(int topN, const QString& best) const;
};
Rows top_rows(const std::vector<std::vector<std::size_t>>& rankings, int topN);
// Bars lying down, stacked per category key (on the y axis) from the left, first layer first
// (timep's split, iterate's listing before processing).
struct StackLayer {
    const QVector<double>* values;
    QString name;
    QColor color;
};
void draw_stack(const Canvas& canvas, const QVector<double>& keys, const std::vector<StackLayer>& layers);
// What an empty plot says: "Results appear here as runs finish." only while none has; after the
// runs, that none succeeded, or that this view has nothing of theirs to draw.
QString no_points_text(const sfp::ExperimentReport& report);
// Bottom text above an empty plot.
void show_placeholder(const Canvas& canvas, const QString& text);
// "compare · 64M pair · hot cache · 3 repetitions": what every plot title ends with; without
// `cache` the cache state is left out (a plot of several states names each on its rows).
QString experiment_caption(const sfp::ExperimentReport& report, bool cache = true);

Hover draw_lines(const Canvas& canvas, const sfp::ExperimentReport& report, Metric metric, const PlotSlice& slice,
                 const SliceChoice& choice, ErrorKind errors);
// A Lines plot already drawn (its first `drawn` graphs are the series) brought up to `report`:
// only the series whose points changed get new data; the axes, title and hover follow. None
// when the series themselves differ (a full draw is needed); `changed` counts those updated.
std::optional<Hover> update_lines(const Canvas& canvas, const sfp::ExperimentReport& report, Metric metric,
                                  const PlotSlice& slice, const SliceChoice& choice, ErrorKind errors, int drawn,
                                  int* changed = nullptr);
// The machine's limit over a Lines plot (a ceiling of throughput, a floor of elapsed time), one
// line per limit its cells are judged against, labelled; none for the other metrics. Returns
// the highest value drawn, for the y range (0: none). limit_lines_top: the same of those drawn.
double draw_limit_lines(const Canvas& canvas, const sfp::ExperimentReport& report, Metric metric,
                        const std::vector<Series>& series);
double limit_lines_top(const Canvas& canvas);
// Each limit's label at the first place beside its line that covers no data (points, lines,
// error bars), no line and no other label; where there is none, the label goes into the legend
// (the line stays). Call at each layout; `fresh` on its first pass, when a label may come back
// from the legend -- later passes only move labels into it, so the layout settles. True when
// the legend changed (lay the plot out again).
bool place_limit_labels(QCustomPlot* plot, bool fresh);
// The legend name of CPU time the kernel's ticks could not split into user and system.
inline QString unresolved_cpu_name() { return QObject::tr("CPU (split not resolved)"); }
// topN > 0: only the topN fastest cells of each input, as draw_box.
Hover draw_time_split(const Canvas& canvas, const sfp::ExperimentReport& report, int topN);
// topN > 0: only the topN fastest cells of each input (the title says how many are left out).
Hover draw_box(const Canvas& canvas, const sfp::ExperimentReport& report, Metric metric, int topN);
// The same cells run in several cache states (a lesson's as-written and read-back runs) on the
// Box plot's one time axis: state after state (as written, read back, cold), each a series
// named by its state and its share of large folios, each row labelled with its cell's share.
Hover draw_box_states(const Canvas& canvas, std::vector<const sfp::ExperimentReport*> states, Metric metric, int topN);
Hover draw_slowdown(const Canvas& canvas, const sfp::ExperimentReport& report, int topN);
Hover draw_histogram(const Canvas& canvas, const sfp::ExperimentReport& report);  // wordcount
Hover draw_matches(const Canvas& canvas, const sfp::ExperimentReport& report);    // search
// A Lines plot's x ticks: at the data's own values (plot_layout.hpp's DataTicker), labelled as
// the axis counts ("4K", "16" MiB, "4" threads); add_data_ticks adds `keys` to those there
// (an imported set's only where the run's own leave room).
QString x_tick_label(Dim axis, double x);
void add_data_ticks(QCPAxis* x, Dim axis, const QVector<double>& keys, bool imported);
// Imported sets (overlay_sets.hpp) over a Lines plot, on the right-hand axis, sliced as the
// live run (overlay_slice.hpp): one legend entry per set (`names`), its lines shades of one
// colour. What it drew, and for each set it could not draw here, its name and why.
struct OverlaysDrawn {
    int lines = 0;
    QStringList not_comparable;  // "name: reason"
    Hover hover;
};
OverlaysDrawn draw_overlays(const Canvas& canvas, const std::vector<core::ResultSet>& sets, const QStringList& names,
                            const std::string& algorithm, const SliceChoice& choice, bool normalised);
Hover draw_listing(const Canvas& canvas, const sfp::ExperimentReport& report,
                   int topN);  // iterate: listing vs processing
// Whether a plot kind means something for an algorithm (the Plot combo offers only those): a
// general one always, a view of its own when it declares it (AlgorithmIo::views; plot_views.cpp).
bool kind_applies(Kind kind, const std::string& algorithm);
// The counters per unit of work of each ranked cell beside its input's fastest (topN as draw_box).
Hover draw_why(const Canvas& canvas, const sfp::ExperimentReport& report, int topN);
// One run's threads over time (timeline_plot.cpp): `picked` (a Runs table row) when it recorded
// its timeline, else the median run of the fastest cell that did (timeline_run); none: a note.
Hover draw_timeline(const Canvas& canvas, const sfp::ExperimentReport& report, std::optional<std::size_t> picked);
const sfp::RunRecord* timeline_run(const sfp::ExperimentReport& report, std::optional<std::size_t> picked);
// The plot an algorithm opens with: iterate's repetitions as boxes (as IOBoost shows them), else lines.
Kind default_kind(const sfp::Experiment& experiment);

}  // namespace plots
