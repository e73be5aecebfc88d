#pragma once
// Export formats of the window. The bytes of the tables come from app/core (the CLI's exact
// formats); the plots from QCustomPlot. Files are written atomically by core::write_atomically.
#include <QString>
#include <vector>

#include "sfp/report.hpp"

namespace gui {

class PlotPanel;

enum class ExportFormat { runs_csv, summary_csv, report_json, summary_text, plot_png, plot_pdf, plot_data };

struct ExportChoice {
    ExportFormat format;
    QString filter;  // for the file dialog: "Runs (CSV) (*.csv)"
    QString suffix;  // "csv"
};
const std::vector<ExportChoice>& export_choices();
const ExportChoice& export_choice(ExportFormat format);

// Writes the export to `path`. Throws core::ExportError naming the path and the reason.
void export_to(const QString& path, ExportFormat format, const sfp::ExperimentReport& report, PlotPanel& plot);

}  // namespace gui
