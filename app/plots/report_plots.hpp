#pragma once
// The plots a report shows when no window chose them (`sfpbench report --pdf`): one Lines
// plot per swept numeric parameter, as its x axis, then the slowdown and why charts. Drawn by
// the window's own figures (figure.hpp) on offscreen QCustomPlots, without the window's panels.
// Needs a QApplication (QCustomPlot is a widget).
#include <memory>
#include <vector>

#include "sfp/report.hpp"

class QCustomPlot;

namespace plots {

class Figure;

class ReportPlots {
public:
    explicit ReportPlots(const sfp::ExperimentReport& report);
    ~ReportPlots();
    std::vector<QCustomPlot*> plots() const;

private:
    std::vector<std::unique_ptr<QCustomPlot>> plots_;
    std::vector<std::unique_ptr<Figure>> figures_;  // after plots_: destroyed first
};

}  // namespace plots
