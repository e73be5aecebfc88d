#pragma once
// Text both front ends show for cells, size fits and rankings. Qt-free.
#include <string>
#include <string_view>
#include <vector>

#include "sfp/cell.hpp"

namespace sfp {

struct ExperimentReport;  // sfp/report.hpp
struct SizeFit;           // sfp/stats.hpp

// Text both front ends show. "-" marks a parameter the strategy does not use.
std::string cell_label(const Cell& cell);        // "read block=4K threads=- size=64M"; swept ones follow threads
std::string parameters_label(const Cell& cell);  // cell_label without the size: "read block=4K threads=- packing=1000"
// What a size fit holds fixed, as parameters_label of its cell: "read block=4K threads=- packing=1000".
std::string fit_label(const ExperimentReport& report, const SizeFit& fit);
// The cell's value of a swept option as text: "1000", or "-" when its strategy does not use it.
std::string swept_text(const Cell& cell, std::string_view name);
// IOBoost-style summary per input set: "fastest: <cell>, 0.123 s" then each other cell against
// it, "<cell>: 0.150 s, 1.22× slower [1.18–1.26], p<0.001" (sfp::comparison_text, report.noise).
std::vector<std::string> ranking_lines(const ExperimentReport& report);

}  // namespace sfp
