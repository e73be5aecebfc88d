#include "overlay_menu.hpp"

#include <QFileDialog>

#include "comparison_view.hpp"
#include "message_area.hpp"
#include "overlay_sets.hpp"

namespace gui {

OverlayMenu::OverlayMenu(OverlaySets* sets, MessageArea* messages, std::function<const sfp::ExperimentReport&()> live,
                         QWidget* parent)
    : QMenu(tr("&Imported"), parent), sets_(sets), messages_(messages), live_(std::move(live)) {
    // Queued: a toggle of one of our own actions changes the sets, and must not delete it mid-signal.
    connect(sets_, &OverlaySets::changed, this, &OverlayMenu::rebuild, Qt::QueuedConnection);
    rebuild();
}

void OverlayMenu::importDialog() {
    const QStringList paths = QFileDialog::getOpenFileNames(parentWidget(), tr("Import results (report JSON)"), {},
                                                            tr("Reports (*.json);;All files (*)"));
    for (const QString& path : paths) {
        try {
            sets_->add(path);
        } catch (const core::ImportError& e) {
            messages_->showError(QString::fromStdString(e.what()));
        }
    }
}

void OverlayMenu::rebuild() {
    clear();
    addAction(tr("&Import results…"), this, &OverlayMenu::importDialog);
    QAction* normalise = addAction(tr("&Normalise to the fastest cell of each set (per file size)"));
    normalise->setCheckable(true);
    normalise->setChecked(sets_->normalised());
    connect(normalise, &QAction::toggled, sets_, &OverlaySets::setNormalised);
    QAction* table = addAction(tr("&Comparison table…"), this, [this] {
        auto* view = new ComparisonView(live_(), *sets_, parentWidget());
        view->setAttribute(Qt::WA_DeleteOnClose);
        view->show();
    });
    table->setEnabled(!sets_->entries().empty());
    if (sets_->entries().empty()) return;
    addSeparator();
    const QStringList names = sets_->names();
    for (std::size_t i = 0; i < sets_->entries().size(); ++i) {
        const OverlaySets::Entry& e = sets_->entries()[i];
        QMenu* set = addMenu(e.lesson ? tr("%1 (the lesson's)").arg(names[qsizetype(i)]) : names[qsizetype(i)]);
        set->setToolTip(QString::fromStdString(e.set.citation.empty() ? e.set.path.toStdString() : e.set.citation));
        QAction* shown = set->addAction(tr("&Shown"));
        shown->setCheckable(true);
        shown->setChecked(e.visible);
        connect(shown, &QAction::toggled, sets_, [this, i](bool on) { sets_->setVisible(i, on); });
        set->addAction(tr("&Remove"), sets_, [this, i] { sets_->remove(i); });
    }
    addAction(tr("Remove &all"), sets_, &OverlaySets::clear);
}

}  // namespace gui
