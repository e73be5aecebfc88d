#pragma once
// The boundary around drawing. The PDF report's plots need Qt Gui, Widgets, PrintSupport and
// QCustomPlot, which take every process that links them tens of milliseconds to load, so sfpbench
// links none of them: a command line that draws is run by sfpbench-draw -- the same commands,
// linked with the drawing libraries -- exec'd in sfpbench's place (same process, arguments,
// streams, signals and exit code). Each executable links one side: drawing_handover.cpp
// (sfpbench) or drawing_offscreen.cpp (sfpbench-draw). Why a program and not a plugin:
// docs/architecture.md.
#include <QByteArray>
#include <QCoreApplication>
#include <memory>
#include <vector>

#include "report_content.hpp"  // core::ComparedSet, sfp::ExperimentReport
#include "sfp/report.hpp"

namespace cli {

// Whether the command line draws: `report ... --pdf FILE` (or --pdf=FILE).
bool command_draws(int argc, char** argv);

// The application this process needs. sfpbench: for a command line that draws, runs sfpbench-draw
// in its place and never returns (exits 2 with the reason when it cannot); else a QCoreApplication.
// sfpbench-draw: an offscreen QApplication for a command line that draws, else a QCoreApplication.
std::unique_ptr<QCoreApplication> start_application(int& argc, char** argv);

// The report as PDF with its plots (empty when it cannot be rendered). Only sfpbench-draw renders;
// sfpbench's throws UsageError, for its command lines that draw never reach it.
QByteArray render_report_pdf(const sfp::ExperimentReport& report, const std::vector<core::ComparedSet>& extra);

}  // namespace cli
