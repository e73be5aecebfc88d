#pragma once
// Two result sets side by side as text: what `sfpbench diff` prints.
#include <QString>

#include "report_import.hpp"

namespace core {

// A header per set (file, machine, date, algorithm, cache), one row per matching cell (A's
// median, B's, B/A, which is faster), notes where the sets ran differently, then the cells
// found in only one of them.
QString comparison_text(const ResultSet& a, const ResultSet& b);

}  // namespace core
