// Text both front ends show for cells and rankings, so the CLI and the GUI say the same thing.
#include <cstdio>

#include "sfp/cache_mode.hpp"
#include "sfp/cell.hpp"
#include "sfp/datagen.hpp"
#include "sfp/labels.hpp"
#include "sfp/parameter.hpp"
#include "sfp/report.hpp"
#include "sfp/schedule.hpp"

namespace sfp {
namespace {

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g s", s);
    return buf;
}

// "read block=512: 0.1016 s, 10.16× slower [9.80–10.5], p<0.001": a cell against the fastest.
std::string ranked_line(const ExperimentReport& report, const RankedCell& ranked) {
    return parameters_label(report.cells.at(ranked.cell)) + ": " +
           seconds_text(report.stats.at(ranked.cell).real.median) + ", " +
           comparison_text(ranked.vs_fastest, report.noise);
}

std::string input_set_label(const ExperimentReport& report, std::size_t set) {
    const InputSet& in = report.input_sets.at(set);
    if (!report.experiment.inputs.empty()) {
        std::string text;
        for (const std::string& p : in.paths) text += (text.empty() ? "" : ", ") + p;
        return text;
    }
    return format_size(in.file_size);
}

}  // namespace

const char* to_string(CacheMode m) noexcept {
    switch (m) {
        case CacheMode::hot: return "hot";
        case CacheMode::hot_written: return "hot-written";
        case CacheMode::cold: break;
    }
    return "cold";
}
const char* to_string(Order o) noexcept { return o == Order::interleaved ? "interleaved" : "sequential"; }

std::string swept_text(const Cell& cell, std::string_view name) {
    for (const Parameter* p : cell_parameters())
        if (p->name == name) return parameter_text(cell, *p);
    return "-";
}

// Block size and threads (those with list fields) always ("-" when unused), another only when
// the cell's strategy uses it; each by its label word ("block", not "block_size").
std::string parameters_label(const Cell& cell) {
    std::string text = cell.strategy;
    for (const Parameter* p : cell_parameters())
        if (!p->list_field.empty() || parameter_value(cell, *p))
            text += " " + std::string(label_word(*p)) + "=" + parameter_text(cell, *p);
    return text;
}

std::string cell_label(const Cell& cell) { return parameters_label(cell) + " size=" + format_size(cell.file_size); }

std::string fit_label(const ExperimentReport& report, const SizeFit& fit) {
    return parameters_label(report.cells.at(fit.cell));
}

std::vector<std::string> ranking_lines(const ExperimentReport& report) {
    std::vector<std::string> lines;
    for (const Ranking& r : report.rankings) {
        const Summary& best = report.stats.at(r.fastest_cell).real;
        lines.push_back(input_set_label(report, r.input_set) + ":");
        lines.push_back("fastest: " + parameters_label(report.cells.at(r.fastest_cell)) + ", " +
                        seconds_text(best.median) + (best.n == 1 ? " (a single run: no spread, no verdict)" : ""));
        for (const RankedCell& slower : r.slower) lines.push_back(ranked_line(report, slower));
    }
    return lines;
}

}  // namespace sfp
