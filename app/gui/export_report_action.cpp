#include "export_report_action.hpp"

#include <QDir>
#include <QFileDialog>
#include <QMenu>

#include "controller.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "report_load.hpp"
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
    input.plots = {window.plotPanel()->plot()};  // with the imported sets drawn over it
    // Every shown imported set that is a whole report joins the ratio tables; the articles'
    // reference sets (medians only) appear in the plot alone.
    for (const core::ResultSet& set : window.overlays()->shown()) {
        try {
            input.extra.push_back({QString::fromStdString(set.name()), core::load_report(set.path)});
        } catch (const std::exception&) {
        }
    }
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
