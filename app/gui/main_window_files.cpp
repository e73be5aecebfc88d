// The window's file actions: open and save an experiment, export results, clean the workspace,
// and the paths none of them may overwrite (what the window reads: the experiment, its inputs,
// generated data, imported sets). Split from main_window.cpp, which builds and lays out the window.
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

#include <stdexcept>

#include "controller.hpp"
#include "experiment_file.hpp"
#include "experiment_panel.hpp"
#include "inputs_box.hpp"
#include "lessons_menu.hpp"
#include "main_window.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"
#include "plot_panel.hpp"
#include "report_export.hpp"
#include "settings.hpp"
#include "sfp/workspace.hpp"

namespace gui {

core::OutputPaths MainWindow::readPaths() const {
    core::OutputPaths paths;
    if (!experiment_path_.isEmpty()) paths.protect(experiment_path_);
    for (const QString& set : overlays_->paths()) paths.protect(set);
    for (const QString& input : experiment_->inputs()->files()) paths.protect(input);
    try {  // generated data is an input too, once made
        const sfp::Experiment e = experiment_->experiment();
        if (!e.data_kind.empty())
            for (std::uint64_t size : e.sizes)
                for (const std::string& generated : sfp::generated_paths(e.workdir, e.data_kind, size, e.seed))
                    paths.protect(QString::fromStdString(generated));
    } catch (const std::exception&) {
        // a half-typed form names no generated files
    }
    return paths;
}

QString MainWindow::outputProblem(const QString& path, const QString& what) const {
    core::OutputPaths paths = readPaths();
    return paths.claim(what, path);
}

bool MainWindow::exportTo(const QString& path, ExportFormat format) {
    if (controller_->report().runs.empty()) {
        messages_->showError(tr("Nothing to export yet: run an experiment first."));
        return false;
    }
    if (const QString why = outputProblem(path, tr("Export")); !why.isEmpty()) {
        messages_->showError(tr("Not exported: %1.").arg(why));
        return false;
    }
    try {
        export_to(path, format, controller_->report(), *plot_);
    } catch (const std::exception& e) {
        messages_->showError(tr("Export failed: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    settings_->setLastDirectory(QFileInfo(path).absolutePath());
    messages_->showInfo(tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::openExperiment(const QString& path) {
    try {
        experiment_->setExperiment(core::load_experiment(path));
    } catch (const std::exception& e) {
        messages_->showError(tr("Cannot open the experiment: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    // Another experiment: the last lesson's reference set and note go (a lesson loading its
    // experiment puts its own back).
    overlays_->removeLessonSets();
    lessons_->leave();
    messages_->dropLesson();
    experiment_path_ = path;
    if (!path.startsWith(QLatin1Char(':'))) {  // a lesson's built-in experiment is no recent file
        settings_->addRecentExperiment(path);
        updateRecentMenu();
    }
    messages_->showInfo(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::saveExperiment(const QString& path) {
    QString why;
    const std::optional<sfp::Experiment> e = experiment_->validExperiment(&why);
    try {
        if (!e) throw std::runtime_error(why.toStdString());
        core::save_experiment(path, *e);
    } catch (const std::exception& error) {
        messages_->showError(tr("Cannot save the experiment: %1").arg(QString::fromUtf8(error.what())));
        return false;
    }
    experiment_path_ = path;
    settings_->addRecentExperiment(path);
    updateRecentMenu();
    messages_->showInfo(tr("Saved %1 (replay it with: sfpbench run %1)").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::cleanWorkspace() {
    const QString dir = experiment_->inputs()->workdir();
    try {
        const std::vector<std::string> removed = controller_->cleanWorkspace(dir.toStdString());
        messages_->showInfo(tr("Removed %1 generated file(s) from %2.").arg(removed.size()).arg(dir));
        return true;
    } catch (const std::exception& e) {
        messages_->showError(tr("Cannot remove the generated data: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

void MainWindow::exportDialog() {
    QStringList filters;
    for (const ExportChoice& c : export_choices()) filters << c.filter;
    QString chosen = filters.front();
    QString path = QFileDialog::getSaveFileName(this, tr("Export"), settings_->lastDirectory(),
                                                filters.join(QStringLiteral(";;")), &chosen);
    if (path.isEmpty()) return;
    const ExportChoice& choice = export_choices()[std::size_t(std::max<qsizetype>(0, filters.indexOf(chosen)))];
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + choice.suffix;
    exportTo(path, choice.format);
}

void MainWindow::openDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open experiment"), settings_->lastDirectory(),
                                                      tr("Experiments (*.json);;All files (*)"));
    if (!path.isEmpty()) openExperiment(path);
}

void MainWindow::saveDialog() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save experiment"), settings_->lastDirectory(),
                                                tr("Experiments (*.json)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    saveExperiment(path);
}

}  // namespace gui
