#include "report_plots.hpp"

#include "figure.hpp"
#include "plots.hpp"

namespace plots {

ReportPlots::ReportPlots(const sfp::ExperimentReport& report) {
    const PlotSlice slice(report.cells);
    const auto add = [&](plots::View view) {
        plots_.push_back(std::make_unique<QCustomPlot>());
        figures_.push_back(std::make_unique<plots::Figure>(plots_.back().get()));
        figures_.back()->draw(report, slice, view);
        figures_.back()->fitToSize();
    };
    for (Dim x : slice.axisChoices()) {
        SliceChoice choice = slice.defaults();
        choice.x = x;
        add({.kind = plots::Kind::lines, .choice = slice.fitted(choice)});
    }
    add({.kind = plots::Kind::slowdown});
    add({.kind = plots::Kind::why});
    // A report whose runs recorded their timelines (--timeline) shows one: the median run of the
    // fastest cell that did, as the window does before a run is picked.
    if (plots::timeline_run(report, std::nullopt)) add({.kind = plots::Kind::timeline});
}

ReportPlots::~ReportPlots() = default;

std::vector<QCustomPlot*> ReportPlots::plots() const {
    std::vector<QCustomPlot*> out;
    for (const auto& p : plots_) out.push_back(p.get());
    return out;
}

}  // namespace plots
