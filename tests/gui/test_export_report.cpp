// File > Export report…: the window's results as a PDF with its current plot, checked with
// poppler's pdfinfo and pdftotext; before any run it says there is nothing to report.
#include <QMenuBar>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "controller.hpp"
#include "experiment_file.hpp"
#include "export_report_action.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "report_export.hpp"
#include "plot_panel.hpp"
#include "settings.hpp"

using namespace gui;

namespace {

QString output_of(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(60000);  // a hang guard
    return QString::fromUtf8(p.readAllStandardOutput());
}

}  // namespace

class TestExportReport : public QObject {
    Q_OBJECT
private slots:
    void theFileMenuOffersIt() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        QStringList texts;
        for (QAction* a : w.menuBar()->actions().first()->menu()->actions()) texts << a->text();
        QVERIFY2(texts.contains(QStringLiteral("Export &report…")), qPrintable(texts.join(", ")));
        // nothing ran: a message, and no file
        QVERIFY(!export_report(w, dir.filePath(QStringLiteral("r.pdf"))));
        QVERIFY(w.messageArea()->text().contains(QStringLiteral("Nothing to report yet")));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("r.pdf"))));
    }

    void aFinishedRunBecomesAReportWithTheCurrentPlot() {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini"))));
        sfp::Experiment e;
        e.algorithm = "compare";
        e.data_kind = "pair";
        e.sizes = {1 << 20};
        e.strategies = {"read", "mmap"};
        e.repetitions = 2;
        e.warmups = 0;
        e.workdir = dir.filePath(QStringLiteral("work")).toStdString();
        const QString spec = dir.filePath(QStringLiteral("e.json"));
        core::save_experiment(spec, e);
        QVERIFY(w.openExperiment(spec));
        QSignalSpy finished(w.controller(), &core::Controller::finished);
        QVERIFY(w.run());
        QVERIFY(finished.wait(120000));
        w.plotPanel()->setKind(plots::Kind::slowdown);
        const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
        QVERIFY2(export_report(w, pdf), qPrintable(w.messageArea()->text()));
        // one text page, the current plot on its own page, the tables
        QVERIFY2(
            output_of(QStringLiteral("pdfinfo"), {pdf}).contains(QRegularExpression(QStringLiteral("Pages:\\s+3\\n"))),
            qPrintable(output_of(QStringLiteral("pdfinfo"), {pdf})));
        const QString text = output_of(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")}).simplified();
        for (const char* words : {"Machine", "Method", "relative to the fastest", "read", "mmap", "Replay"})
            QVERIFY2(text.contains(QString::fromUtf8(words)), words);
        // an imported report (here: this run's own, saved) joins the report as a ratio table
        QFile saved(dir.filePath(QStringLiteral("imported.json")));
        QVERIFY(saved.open(QIODevice::WriteOnly));
        saved.write(core::report_json(w.controller()->report()));
        saved.close();
        w.overlays()->add(saved.fileName());
        QVERIFY(export_report(w, pdf));
        const QString with_import = output_of(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")}).simplified();
        QVERIFY2(with_import.contains(QStringLiteral("Compared with")), qPrintable(with_import.right(600)));
        const qsizetype cells = qsizetype(w.controller()->report().cells.size());
        QVERIFY2(with_import.contains(QStringLiteral("%1 of %1 cells here have a match").arg(cells)),
                 qPrintable(with_import.right(600)));
        // a path that cannot be written: refused before anything is drawn, saying why
        QVERIFY(!export_report(w, dir.filePath(QStringLiteral("no/such/dir/r.pdf"))));
        QVERIFY2(w.messageArea()->text().contains(QStringLiteral("does not exist")),
                 qPrintable(w.messageArea()->text()));
    }
};

QTEST_MAIN(TestExportReport)
#include "test_export_report.moc"
