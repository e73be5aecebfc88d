#include "report_plots.hpp"

#include "figure.hpp"

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
}

ReportPlots::~ReportPlots() = default;

std::vector<QCustomPlot*> ReportPlots::plots() const {
    std::vector<QCustomPlot*> out;
    for (const auto& p : plots_) out.push_back(p.get());
    return out;
}

}  // namespace plots
