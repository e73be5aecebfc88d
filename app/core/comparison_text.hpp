#pragma once
// Two result sets side by side as text: what `sfpbench diff` prints.
#include <QString>
#include <optional>
#include <vector>

#include "report_import.hpp"

namespace core {

// The cells of B slower than A's by more than `threshold` (0.05: 5 %) -- the ratio of their
// medians -- with the verdict "slower" under the noise band: what --fail-on-regression fails on.
std::vector<CellPair> regressions(const Comparison& cells, double threshold, double noise);

// A header per set (file, machine, date, algorithm, cache), one row per matching cell (A's
// median, B's, B/A with its 95 % interval, p, n, the verdict), a geometric-mean row, notes
// where the sets ran differently, then the cells found in only one of them. With a
// `threshold`, the regressions come first.
QString comparison_text(const ResultSet& a, const ResultSet& b, double noise = sfp::kDefaultNoise,
                        std::optional<double> threshold = std::nullopt);

}  // namespace core
