#pragma once
// A cell's parameters as report columns, derived from the parameter tables (sfp/parameter.hpp):
// block_size and threads keep their names and places after strategy (the CSV contract); every
// other sweepable parameter some cell of the report uses follows the fixed columns, as
// google/benchmark writes the counters its runs have. A new sweepable table entry becomes a CSV
// column and a JSON field.
#include <QJsonValue>
#include <QStringList>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/parameter.hpp"

namespace core {

std::vector<const sfp::Parameter*> leading_parameters();  // block_size, threads
// The other sweepable parameters (packing, ...) some of these cells use, in table order.
std::vector<const sfp::Parameter*> trailing_parameters(const std::vector<sfp::Cell>& cells);

// The columns of a table of these cells: block_size and threads always, then each other
// parameter some cell uses (packing), so a column is never "-" all the way down.
std::vector<const sfp::Parameter*> parameters_of_cells(const std::vector<sfp::Cell>& cells);

QStringList parameter_names(const std::vector<const sfp::Parameter*>& parameters);
// Numbers for sizes and counts (64K is 65536), names for choices and flags, "-" when unused.
QStringList parameter_fields(const sfp::Cell& cell, const std::vector<const sfp::Parameter*>& parameters);
// The number (a choice: its index), or null when the cell's strategy does not use it.
QJsonValue parameter_json(const sfp::Cell& cell, const sfp::Parameter& parameter);

}  // namespace core
