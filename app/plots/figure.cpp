#include "figure.hpp"

namespace plots {

Hover draw(const Canvas& canvas, const sfp::ExperimentReport& report, const PlotSlice& slice, const View& view) {
    reset(canvas);
    switch (view.kind) {
        case Kind::lines: return draw_lines(canvas, report, view.metric, slice, view.choice, view.errors);
        case Kind::time_split: return draw_time_split(canvas, report, view.topN);
        case Kind::box:
            if (view.other_states.empty()) return draw_box(canvas, report, view.metric, view.topN);
            {
                std::vector<const sfp::ExperimentReport*> states = view.other_states;
                states.push_back(&report);
                return draw_box_states(canvas, states, view.metric, view.topN);
            }
        case Kind::slowdown: return draw_slowdown(canvas, report, view.topN);
        case Kind::histogram: return draw_histogram(canvas, report);
        case Kind::listing: return draw_listing(canvas, report, view.topN);
        case Kind::why: return draw_why(canvas, report, view.topN);
        case Kind::matches: return draw_matches(canvas, report);
        case Kind::timeline: return draw_timeline(canvas, report, view.run);
    }
    return {};
}

Figure::Figure(QCustomPlot* plot) {
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->insertRow(0);
    canvas_ = {plot, new QCPTextElement(plot, QString()), Style::normal()};
    plot->plotLayout()->addElement(0, 0, canvas_.title);
    layout_ = make_plot_layout(plot);
    plot->plotLayout()->setRowStretchFactor(0, 0.001);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setMargins(QMargins(6, 2, 6, 10));
    plot->setMinimumSize(kMinWidth, kMinHeight);
    // Every layout knows the size it is for -- the widget's at a replot (a resize replots too),
    // a page's or an image's at an export: what no longer fits is refitted and laid out again
    // at once, so this very drawing uses it (ticks may follow a rewrapped title). The limits'
    // labels go last, on the data area as laid out; one moved into the legend lays it out again.
    refit_ = QObject::connect(plot, &QCustomPlot::afterLayout, plot, [this] {
        for (int i = 0; i < 6; ++i) {
            const bool fitted = fitToSize();
            if (!place_limit_labels(canvas_.plot, i == 0) && !fitted) break;
            relayout(canvas_.plot);
        }
    });
}

Figure::~Figure() { QObject::disconnect(refit_); }

Hover Figure::draw(const sfp::ExperimentReport& report, const PlotSlice& slice, const View& view) {
    Hover hover = plots::draw(canvas_, report, slice, view);
    // Taken at once: what follows may lay the plot out, and a layout wraps the title (a stale
    // one would bring the previous kind's title back).
    takeTitle();
    return hover;
}

bool Figure::fitToSize() {
    // To the viewport: the widget on screen, or the page or image an export draws on. One
    // narrower than the plot's minimum is a widget never laid out: nothing to wrap to yet.
    QCustomPlot* plot = canvas_.plot;
    const int width = plot->viewport().width();
    const QString title =
        width >= kMinWidth ? wrapped_title(title_text_, canvas_.title->font(), width - 16) : title_text_;
    bool changed = title != canvas_.title->text();
    if (changed) canvas_.title->setText(title);
    const QString label =
        width >= kMinWidth ? wrapped_label(x_label_text_, plot->xAxis->labelFont(), width - 16) : x_label_text_;
    if (label != plot->xAxis->label()) plot->xAxis->setLabel(label), changed = true;
    changed |= place_legend(layout_);
    changed |= fit_x_ticks(plot);
    changed |= fit_column_texts(plot);
    return changed;
}

}  // namespace plots
