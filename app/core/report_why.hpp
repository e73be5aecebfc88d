#pragma once
// The report's "Why" section: per input set, each cell's counters per unit of work beside the
// fastest cell's, and the counter that separates it most (sfp::explain_cells computes them).
#include <optional>
#include <vector>

#include "report_content.hpp"

namespace core {

std::vector<ReportTable> why_tables(const sfp::ExperimentReport& report);
// A counter's value as the reports and the window show it: three significant digits, or "n/a".
QString why_value_text(std::optional<double> value);

}  // namespace core
