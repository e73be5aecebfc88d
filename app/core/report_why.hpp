#pragma once
// The report's "Why" section: per input set, each cell's counters per unit of work beside the
// fastest cell's, and the counter that separates it most (sfp::explain_cells computes them).
#include <optional>
#include <vector>

#include "report_content.hpp"
#include "sfp/explain.hpp"

namespace core {

std::vector<ReportTable> why_tables(const sfp::ExperimentReport& report);
// The counters a Why table or plot has a column for: every one, but the waiting's only where some
// cell (of input set `set`; of any when none) has them -- a report written before the waiting was
// taken apart has none, and a page has no room for four columns of n/a.
std::vector<sfp::Why> shown_counters(const std::vector<sfp::CellWhy>& why, const sfp::ExperimentReport& report,
                                     std::optional<std::size_t> set = std::nullopt);
// A counter's value as the reports and the window show it: three significant digits, or "n/a".
QString why_value_text(std::optional<double> value);

}  // namespace core
