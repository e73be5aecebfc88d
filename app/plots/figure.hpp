#pragma once
// One QCustomPlot made ready for the plots (title above, legend placed by plot_layout.hpp) and
// kept fitted to the size it is drawn at: the window's plot panel and the PDF report's
// offscreen plots are the same figure, so there is one plot code and no widget panel in the PDF.
#include <QMetaObject>
#include <QString>

#include "plot_layout.hpp"
#include "plots.hpp"

namespace plots {

// What a plot shows of a report: its kind and metric, the Lines plot's slice and error bars,
// and how many ranked rows per input (0: all).
struct View {
    Kind kind = Kind::lines;
    Metric metric = Metric::elapsed;
    ErrorKind errors = ErrorKind::stddev;
    int topN = kTopN;
    SliceChoice choice{};
    // The same cells run in other cache states (a lesson's): the Box plot draws them beside the
    // report's, on its one time axis (draw_box_states). They outlive the drawing.
    std::vector<const sfp::ExperimentReport*> other_states{};
    // The run the Timeline shows: the one picked in the Runs table (an index into report.runs).
    std::optional<std::size_t> run{};
};

// Draws `view` of `report` onto a canvas reset first; `slice` holds the report's cells.
Hover draw(const Canvas& canvas, const sfp::ExperimentReport& report, const PlotSlice& slice, const View& view);

class Figure {
public:
    // Lays `plot` out once; `plot` outlives the figure.
    explicit Figure(QCustomPlot* plot);
    ~Figure();
    Figure(const Figure&) = delete;
    Figure& operator=(const Figure&) = delete;

    Hover draw(const sfp::ExperimentReport& report, const PlotSlice& slice, const View& view);
    // Rewraps the title, places the legend and fits the x ticks to the plot's viewport; true
    // when anything changed (the plot is laid out again at its next layout anyway).
    bool fitToSize();
    // The title as drawn, before it is wrapped: take it after a draw or an update_lines.
    void takeTitle() { title_text_ = canvas_.title->text(), x_label_text_ = canvas_.plot->xAxis->label(); }
    const QString& titleText() const { return title_text_; }
    const Canvas& canvas() const { return canvas_; }
    void setStyle(const Style& style) { canvas_.style = style; }

    static constexpr int kMinWidth = 300, kMinHeight = 220;

private:
    Canvas canvas_;
    PlotLayout layout_;
    QString title_text_;
    QString x_label_text_;  // unwrapped, as the plot kind wrote it (the Why plot's is long)
    QMetaObject::Connection refit_;
};

}  // namespace plots
