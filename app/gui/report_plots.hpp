#pragma once
// The plots a report shows when no window chose them (`sfpbench report --pdf`): one Lines
// plot per swept numeric parameter, as its x axis, then the slowdown chart. Drawn by the
// window's own PlotPanel, offscreen, so there is one plot code. Needs a QApplication.
#include <memory>
#include <vector>

#include "sfp/experiment.hpp"

class QCustomPlot;

namespace gui {

class PlotPanel;

class ReportPlots {
public:
    explicit ReportPlots(const sfp::ExperimentReport& report);
    ~ReportPlots();
    std::vector<QCustomPlot*> plots() const;

private:
    std::vector<std::unique_ptr<PlotPanel>> panels_;
};

}  // namespace gui
