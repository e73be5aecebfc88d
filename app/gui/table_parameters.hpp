#pragma once
// The parameter columns of the window's runs and stats tables, derived from the parameter
// tables as the CSV's are (core::parameters_of_cells): block size and threads always, then each
// parameter some cell of the report uses (packing, a choice such as visit). A value reads as in
// labels ("64K", "letters"), "-" when the cell's strategy does not use it, and sorts by the
// value, an unused one first.
#include <QString>
#include <QVariant>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/parameter.hpp"

namespace gui {

class TableParameters {
public:
    TableParameters();
    void setCells(const std::vector<sfp::Cell>& cells);
    int count() const { return int(parameters_.size()); }
    QString header(int i) const;  // "block", "threads", "packing"
    QString text(const sfp::Cell& cell, int i) const;
    QVariant sortKey(const sfp::Cell& cell, int i) const;

private:
    std::vector<const sfp::Parameter*> parameters_;
};

}  // namespace gui
