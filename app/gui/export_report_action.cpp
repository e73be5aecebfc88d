#include "export_report_action.hpp"

#include <QDir>
#include <QFileDialog>
#include <QMenu>

#include "controller.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "plot_panel.hpp"
#include "report_pdf.hpp"

namespace gui {

bool export_report(MainWindow& window, const QString& path) {
    const sfp::ExperimentReport& results = window.controller()->report();
    if (results.runs.empty()) {
        window.messageArea()->showError(QObject::tr("Nothing to report yet: run an experiment first."));
        return false;
    }
    window.plotPanel()->redrawNow();
    report::PdfInput input;
    input.report = &results;
    input.plots = {window.plotPanel()->plot()};
    try {
        report::write_report_pdf(path, input);
    } catch (const std::exception& e) {
        window.messageArea()->showError(QObject::tr("Export failed: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    window.messageArea()->showInfo(QObject::tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void add_export_report_action(QMenu* file, MainWindow* window) {
    file->addAction(QObject::tr("Export &report…"), window, [window] {
        const QString path = QFileDialog::getSaveFileName(window, QObject::tr("Export report"), QString(),
                                                          QObject::tr("Report (*.pdf)"));
        if (!path.isEmpty()) export_report(*window, path.endsWith(QLatin1String(".pdf")) ? path : path + ".pdf");
    });
}

}  // namespace gui
