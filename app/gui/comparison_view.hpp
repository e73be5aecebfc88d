#pragma once
// The comparison table: per imported set, per cell it shares with this run, this run's median,
// the imported median and their ratio (what `sfpbench diff` prints, as a table in the window).
#include <QDialog>

#include "sfp/report.hpp"

class QTableWidget;

namespace gui {

class OverlaySets;

class ComparisonView : public QDialog {
    Q_OBJECT
public:
    ComparisonView(const sfp::ExperimentReport& report, const OverlaySets& sets, QWidget* parent = nullptr);
    QTableWidget* table() { return table_; }

private:
    QTableWidget* table_;
};

}  // namespace gui
