#pragma once
// How report values read, shared by the CSV, JSON and text summaries (and the GUI's tables):
// "-" for a parameter a strategy does not use, "n/a" where a value is unknown.
#include <QString>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

namespace core {

inline const QString kNotUsed = QStringLiteral("-");
inline const QString kUnknown = QStringLiteral("n/a");

// CPU utilisation in percent of all cores: CPU time (exact, Usage::cpu_s) / real / cores * 100
// — 50 on a two-core machine means one core busy. Empty when real time or the core count is unknown.
std::optional<double> cpu_percent(double cpu_s, double real_s, unsigned cores);
// A count the machine may not give (storage bytes, hardware counters): the number, or "n/a".
QString count_text(std::optional<std::uint64_t> count);
std::optional<double> throughput_mbs(std::uint64_t bytes, double real_s);  // 1 MB = 10^6 bytes
// A cell's MB/s, none where it has no ok run or a median of 0 s (a clock too coarse): a rate
// with no time to divide by is unknown, shown n/a, never 0 or inf.
std::optional<double> cell_throughput(const sfp::CellStats& st);
std::optional<double> residency(const sfp::RunRecord& record);  // empty when n/a
// The share of the inputs' cached pages in large folios (RunRecord::large_folio_share, 0..1)
// times `scale` with `decimals` decimals, or "unknown" where the kernel would not tell.
QString large_folio_text(double share, double scale, int decimals);

// Where each cell stands in a report's rankings, found in one pass over them: a table of every
// cell asks in constant time per cell (a search of the rankings per cell made a report's tables
// quadratic in its cells). The report must outlive it. The free functions below give the
// first three answers for one cell.
class Ranks {
public:
    explicit Ranks(const sfp::ExperimentReport& report);
    bool fastest(std::size_t cell) const;                       // is_fastest
    const sfp::Comparison* vs_fastest(std::size_t cell) const;  // vs_fastest
    std::optional<double> ratio(std::size_t cell) const;        // ratio_to_fastest
    // What the tables say of a cell against the fastest, with the report's noise band: "fastest"
    // ("fastest of single runs" when it ran once), "~ (p=0.310)", "slower, p<0.001", "too few runs
    // (n=3)" (a table's note says how many are needed); "n/a" when not ranked.
    QString verdict(std::size_t cell) const;
    QString interval(std::size_t cell) const;  // "[0.99–1.07]", else ""

private:
    const sfp::ExperimentReport& report_;
    std::vector<const sfp::Comparison*> vs_;
    std::vector<bool> fastest_;
};

// The fastest cell of the cell's input set gives 1; empty when the cell is not ranked (no ok runs).
std::optional<double> ratio_to_fastest(const sfp::ExperimentReport& report, std::size_t cell);
// The cell against the fastest of its input (sfp/comparison.hpp); nullptr for the fastest itself
// and for cells not ranked.
const sfp::Comparison* vs_fastest(const sfp::ExperimentReport& report, std::size_t cell);
bool is_fastest(const sfp::ExperimentReport& report, std::size_t cell);
QString verdict_in_table(const sfp::Comparison& c, double noise);  // sfp::verdict_text, "too few runs (n=3)" short
// The verdict as a word for files: "fastest", "slower", "faster", "~", "too few"; empty when not ranked.
QString verdict_word(const sfp::ExperimentReport& report, std::size_t cell);
// The test behind a comparison: "wilcoxon-signed-rank", "mann-whitney-u", or "" when none ran.
QString test_name(const sfp::Comparison& c);

// `value` with `decimals` decimals, or "n/a".
QString number_text(std::optional<double> value, int decimals);
// A duration as people read it: "8.46 s", "12.30 ms", "850 us".
QString duration_text(double seconds);

}  // namespace core
