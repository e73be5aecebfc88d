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

}  // namespace

ComparisonView::ComparisonView(const sfp::ExperimentReport& report, const OverlaySets& sets, QWidget* parent)
    : QDialog(parent), table_(new QTableWidget(this)) {
    setWindowTitle(tr("This run against the imported sets"));
    table_->setColumnCount(5);
    table_->setHorizontalHeaderLabels({tr("imported set"), tr("cell"), tr("this run"), tr("imported"), tr("imported / this run")});
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    QString note;
    if (report.cells.empty()) {
        note = tr("Run the experiment first: there is nothing of this run to compare yet.");
    } else {
        const core::ResultSet live = live_set(report);
        int unmatched = 0;
        for (const OverlaySets::Entry& e : sets.entries()) {
            if (e.set.algorithm != live.algorithm) continue;
            const core::Comparison c = core::compare_sets(live, e.set);
            unmatched += int(c.only_b.size());
            for (const core::CellPair& p : c.both) {
                const int row = table_->rowCount();
                table_->insertRow(row);
                const auto ratio = p.ratio();
                const QStringList cells{short_name(e.set), QString::fromStdString(p.a->label()), median(p.a),
                                        median(p.b), core::number_text(ratio, 2) + (ratio ? "x" : "")};
                for (int col = 0; col < cells.size(); ++col) table_->setItem(row, col, new QTableWidgetItem(cells[col]));
            }
        }
        note = table_->rowCount() == 0
                   ? tr("No cell of this run matches an imported one (same algorithm, strategy, block, threads, size, options).")
                   : tr("%n imported cell(s) have no match in this run.", nullptr, unmatched);
    }
    table_->resizeColumnsToContents();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_, 1);
    layout->addWidget(new QLabel(note, this));
    resize(820, 420);
}

}  // namespace gui
