#include "comparison_view.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "overlay_sets.hpp"
#include "report_format.hpp"

namespace gui {
namespace {

QString median(const core::ImportedCell* c) { return c->median_s ? core::duration_text(*c->median_s) : core::kUnknown; }
QString text(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

ComparisonView::ComparisonView(const sfp::ExperimentReport& report, const OverlaySets& sets, QWidget* parent)
    : QDialog(parent), table_(new QTableWidget(this)) {
    setWindowTitle(tr("This run against the imported sets"));
    const QStringList headers{tr("imported set"),        tr("cell"),   tr("this run"), tr("imported"),
                              tr("imported / this run"), tr("95% CI"), tr("n"),        tr("verdict")};
    table_->setColumnCount(int(headers.size()));
    table_->setHorizontalHeaderLabels(headers);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    QString note;
    if (report.cells.empty()) {
        note = tr("Run the experiment first: there is nothing of this run to compare yet.");
    } else {
        const core::ResultSet live = live_set(report);
        int unmatched = 0;
        const auto add_row = [this](const QStringList& cells) {
            const int row = table_->rowCount();
            table_->insertRow(row);
            for (int col = 0; col < cells.size(); ++col) table_->setItem(row, col, new QTableWidgetItem(cells[col]));
        };
        for (const OverlaySets::Entry& e : sets.entries()) {
            if (e.set.algorithm != live.algorithm) continue;
            const core::Comparison c = core::compare_sets(live, e.set);
            unmatched += int(c.only_b.size());
            for (const core::CellPair& p : c.both) {
                const auto ratio = p.ratio();
                const sfp::Comparison cmp = p.comparison();  // two experiments: Mann-Whitney U
                add_row({plots::short_name(e.set), text(p.a->label()), median(p.a), median(p.b),
                         core::number_text(ratio, 2) + (ratio ? "×" : ""), text(sfp::bounds_text(cmp)),
                         QStringLiteral("%1 / %2").arg(p.a->times.size()).arg(p.b->times.size()),
                         ratio ? text(sfp::verdict_text(cmp, report.noise)) : core::kUnknown});
            }
            if (const core::GeoMean g = core::geometric_means(c.both); g.cells > 1)
                add_row({plots::short_name(e.set), tr("geometric mean of %1 cells").arg(g.cells),
                         core::duration_text(g.a), core::duration_text(g.b), QString::number(g.ratio, 'f', 2) + "×",
                         QString(), QString(), QString()});
        }
        note = table_->rowCount() == 0 ? tr("No cell of this run matches an imported one (same algorithm, strategy, "
                                            "block, threads, size, options).")
                                       : tr("%n imported cell(s) have no match in this run.", nullptr, unmatched);
    }
    table_->resizeColumnsToContents();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_, 1);
    layout->addWidget(new QLabel(note, this));
    resize(980, 420);
}

}  // namespace gui
