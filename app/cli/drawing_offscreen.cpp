// sfpbench-draw's side of the drawing boundary (drawing.hpp): the PDF's plots are widgets, so a
// command line that draws gets a QApplication on the offscreen platform (no display needed).
#include <QApplication>

#include "drawing.hpp"
#include "report_pdf.hpp"
#include "report_plots.hpp"

namespace cli {

std::unique_ptr<QCoreApplication> start_application(int& argc, char** argv) {
    if (!command_draws(argc, argv)) return std::make_unique<QCoreApplication>(argc, argv);
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Setting up the platform may note that XDG_RUNTIME_DIR is unset (as over ssh); that is not
    // the user's concern for a file written offscreen, so it does not reach standard error.
    const QtMessageHandler previous =
        qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {});
    auto app = std::make_unique<QApplication>(argc, argv);
    qInstallMessageHandler(previous);
    return app;
}

QByteArray render_report_pdf(const sfp::ExperimentReport& report, const std::vector<core::ComparedSet>& extra) {
    const plots::ReportPlots plots(report);
    report::PdfInput input;
    input.report = &report;
    input.extra = extra;
    input.plots = plots.plots();
    return report::report_pdf(input);
}

}  // namespace cli
