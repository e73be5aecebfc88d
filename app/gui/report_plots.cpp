#include "report_plots.hpp"

#include "plot_panel.hpp"

namespace gui {

ReportPlots::ReportPlots(const sfp::ExperimentReport& report) {
    const auto panel = [&](plots::Kind kind) {
        auto p = std::make_unique<PlotPanel>();
        p->setReport(report);
        p->setKind(kind);
        return p;
    };
    for (Dim x : PlotSlice(report.cells).axisChoices()) {
        std::unique_ptr<PlotPanel> lines = panel(plots::Kind::lines);
        lines->setAxis(x);
        panels_.push_back(std::move(lines));
    }
    panels_.push_back(panel(plots::Kind::slowdown));
    panels_.push_back(panel(plots::Kind::why));
    for (const auto& p : panels_) p->redrawNow();
}

ReportPlots::~ReportPlots() = default;

std::vector<QCustomPlot*> ReportPlots::plots() const {
    std::vector<QCustomPlot*> out;
    for (const auto& p : panels_) out.push_back(p->plot());
    return out;
}

}  // namespace gui
