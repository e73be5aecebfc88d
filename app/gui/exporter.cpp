#include "exporter.hpp"

#include <QObject>

#include "plot_panel.hpp"
#include "report_export.hpp"

namespace gui {

const std::vector<ExportChoice>& export_choices() {
    static const std::vector<ExportChoice> list = {
        {ExportFormat::runs_csv, QObject::tr("Runs, one row per run (*.csv)"), QStringLiteral("csv")},
        {ExportFormat::summary_csv, QObject::tr("Statistics, one row per cell (*.csv)"), QStringLiteral("csv")},
        {ExportFormat::report_json, QObject::tr("Whole report (*.json)"), QStringLiteral("json")},
        {ExportFormat::summary_text, QObject::tr("Summary as text (*.txt)"), QStringLiteral("txt")},
        {ExportFormat::plot_png, QObject::tr("Current plot as image (*.png)"), QStringLiteral("png")},
        {ExportFormat::plot_pdf, QObject::tr("Current plot as PDF (*.pdf)"), QStringLiteral("pdf")},
        {ExportFormat::plot_data, QObject::tr("Current plot's data (*.json)"), QStringLiteral("json")},
    };
    return list;
}

const ExportChoice& export_choice(ExportFormat format) {
    for (const ExportChoice& c : export_choices())
        if (c.format == format) return c;
    return export_choices().front();
}

void export_to(const QString& path, ExportFormat format, const sfp::ExperimentReport& report, PlotPanel& plot) {
    QByteArray bytes;
    switch (format) {
        case ExportFormat::runs_csv: bytes = core::runs_csv(report); break;
        case ExportFormat::summary_csv: bytes = core::summary_csv(report); break;
        case ExportFormat::report_json: bytes = core::report_json(report); break;
        case ExportFormat::summary_text: bytes = core::summary_text(report).toUtf8(); break;
        case ExportFormat::plot_png: bytes = plot.renderPng(); break;
        case ExportFormat::plot_pdf: bytes = plot.renderPdf(); break;
        case ExportFormat::plot_data: bytes = plot.plotData(); break;
    }
    if (bytes.isEmpty() && (format == ExportFormat::plot_png || format == ExportFormat::plot_pdf))
        throw core::ExportError(QObject::tr("cannot render the plot for '%1'").arg(path).toStdString());
    core::write_atomically(path, bytes);
}

}  // namespace gui
