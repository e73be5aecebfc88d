#pragma once
// The report as a PDF of a few pages: title, date and the experiment in one sentence, machine,
// method, the plots, the statistics tables, warnings, other result sets and the spec that
// replays it. Everything is vector (Qt's PDF writer, fonts embedded); the plots are the
// caller's QCustomPlots drawn onto the pages, so the window and the CLI share one plot code.
#include <QByteArray>
#include <QDateTime>
#include <QSizeF>
#include <QString>
#include <vector>

#include "report_content.hpp"

class QCustomPlot;
class QPdfWriter;
class QTextDocument;

namespace report {

struct PdfInput {
    const sfp::ExperimentReport* report = nullptr;
    std::vector<core::ComparedSet> extra;  // compared in ratio tables
    std::vector<QCustomPlot*> plots;       // drawn two to a page, as they are
    QDateTime written = QDateTime::currentDateTime();
};

QByteArray report_pdf(const PdfInput& input);
// report_pdf written with core::write_atomically: throws core::ExportError naming the path.
void write_report_pdf(const QString& path, const PdfInput& input);

// How report_pdf lays out its pages, for the tests of what a reader sees: the writer's page
// (A4, margins, 96 dpi: set_up_page), a statistics table as HTML (columns of words wrap at
// words and get room, the others stay on one line), and text laid out on a page of `page` size
// in the report's fonts.
// A long table is set as tables of kRowsPerTable rows at most under one title, each with the
// header row: Qt's layout of one table row costs more the longer its table (docs/report.md).
inline constexpr std::size_t kRowsPerTable = 40;
void set_up_page(QPdfWriter& writer);
QString table_html(const core::ReportTable& table);
void lay_out(QTextDocument& doc, const QString& html, QSizeF page);

}  // namespace report
