#include "export_report_action.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>

#include "controller.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "report_load.hpp"
#include "report_markdown.hpp"
#include "atomic_write.hpp"
#include "plot_panel.hpp"
#include "report_pdf.hpp"

namespace gui {

bool export_report(MainWindow& window, const QString& path) {
    const sfp::ExperimentReport& results = window.controller()->report();
    if (results.runs.empty()) {
        window.messageArea()->showError(QObject::tr("Nothing to report yet: run an experiment first."));
        return false;
    }
    if (const QString why = window.outputProblem(path, QObject::tr("Export")); !why.isEmpty()) {
        window.messageArea()->showError(QObject::tr("Not exported: %1.").arg(why));
        return false;
    }
    // Every shown imported set that is a whole report joins the ratio tables; the articles'
    // reference sets (medians only) appear in the plot alone.
    std::vector<core::ComparedSet> extra;
    for (const core::ResultSet& set : window.overlays()->shown()) {
        try {
            extra.push_back({QString::fromStdString(set.name()), core::load_report(set.path)});
        } catch (const std::exception&) {}
    }
    try {
        if (path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive)) {
            core::write_atomically(path, core::report_markdown(results, extra));
        } else {
            window.plotPanel()->redrawNow();
            report::PdfInput input;
            input.report = &results;
            input.plots = {window.plotPanel()->plot()};  // with the imported sets drawn over it
            input.extra = std::move(extra);
            report::write_report_pdf(path, input);
        }
    } catch (const std::exception& e) {
        window.messageArea()->showError(QObject::tr("Export failed: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    window.messageArea()->showInfo(QObject::tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void add_export_report_action(QMenu* file, MainWindow* window) {
    file->addAction(QObject::tr("Export &report…"), window, [window] {
        const QString pdf = QObject::tr("Report as PDF, with the plot (*.pdf)"),
                      md = QObject::tr("Report as Markdown (*.md)");
        QString chosen = pdf;
        QString path = QFileDialog::getSaveFileName(window, QObject::tr("Export report"), QString(),
                                                    pdf + QStringLiteral(";;") + md, &chosen);
        if (path.isEmpty()) return;
        const QString suffix = chosen == md ? QStringLiteral(".md") : QStringLiteral(".pdf");
        if (QFileInfo(path).suffix().isEmpty()) path += suffix;
        export_report(*window, path);
    });
}

}  // namespace gui
