#include "report_why.hpp"

#include <algorithm>

#include "report_format.hpp"
#include "sfp/explain.hpp"
#include "sfp/labels.hpp"

namespace core {
namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

}  // namespace

std::vector<sfp::Why> shown_counters(const std::vector<sfp::CellWhy>& why, const sfp::ExperimentReport& report,
                                     std::optional<std::size_t> set) {
    std::vector<sfp::Why> shown;
    for (sfp::Why c : sfp::kWhy) {
        const bool waiting =
            c == sfp::Why::runnable || c == sfp::Why::blocked || c == sfp::Why::blkio || c == sfp::Why::steal;
        const bool any = std::any_of(why.begin(), why.end(), [&](const sfp::CellWhy& w) {
            return (!set || report.cells[w.cell].input_set == *set) && sfp::value_of(w, c).has_value();
        });
        if (!waiting || any) shown.push_back(c);
    }
    return shown;
}

QString why_value_text(std::optional<double> value) { return value ? QString::number(*value, 'g', 3) : kUnknown; }

std::vector<ReportTable> why_tables(const sfp::ExperimentReport& report) {
    const std::vector<sfp::CellWhy> why = sfp::explain_cells(report);
    std::vector<ReportTable> tables;
    for (std::size_t set = 0; set < report.input_sets.size(); ++set) {
        ReportTable t;
        t.title = QStringLiteral("Counters per unit of work");
        if (report.input_sets.size() > 1)
            t.title += QStringLiteral(", input %1 of %2").arg(set + 1).arg(report.input_sets.size());
        const std::vector<sfp::Why> counters = shown_counters(why, report, set);
        t.columns = {QStringLiteral("cell")};
        for (sfp::Why w : counters) t.columns << text(sfp::why_info(w).column);
        t.columns << QStringLiteral("separates it most from the fastest");
        t.numeric.assign(std::size_t(t.columns.size()), true);
        t.numeric.front() = t.numeric.back() = false;
        for (const sfp::CellWhy& w : why) {
            const sfp::Cell& cell = report.cells[w.cell];
            if (cell.input_set != set || w.runs == 0) continue;
            QStringList row{QString::fromStdString(sfp::parameters_label(cell))};
            for (sfp::Why c : counters) row << why_value_text(sfp::value_of(w, c));
            const bool fastest = w.fastest == w.cell;
            row << (fastest       ? QStringLiteral("(the fastest)")
                    : w.separates ? QStringLiteral("%1: %2 against %3")
                                        .arg(text(sfp::why_info(*w.separates).name),
                                             why_value_text(sfp::value_of(w, *w.separates)),
                                             why_value_text(sfp::value_of(why.at(*w.fastest), *w.separates)))
                                  : QStringLiteral("-"));
            t.rows.push_back(row);
            t.strong.push_back(fastest);
        }
        if (t.rows.empty()) continue;
        t.note = QStringLiteral(
            "Medians over each cell's ok runs, per unit of work (MB and GB = 10^6 and 10^9 bytes processed). "
            "Faults and switches come from rusage, storage bytes from /proc/thread-self/io, CPU time is exact; "
            "cycles, instructions and dTLB misses come from perf_event_open and are n/a where the machine has no "
            "CPU PMU (most VMs) or forbids counting. The counter that separates a cell most is the one whose "
            "value differs most by ratio from the fastest cell's, counted from one event (a fault, a switch, a "
            "4 KiB page, a microsecond of CPU) or 1 % of the larger value, whichever is more: a few stray events "
            "are no reason.");
        tables.push_back(t);
    }
    return tables;
}

}  // namespace core
