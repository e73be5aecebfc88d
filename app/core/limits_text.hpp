#pragma once
// The machine's limits and the cells' shares of them, as text for every front end: the table
// `sfpbench limits` prints, the report's Machine section, the summary's line per input.
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

namespace core {

QString rate_text(double bytes_per_s);        // "20.6 GB/s", "850 MB/s"
QString pct_text(std::optional<double> pct);  // "83 %", "n/a"
// One point of a limit: "20.6 GB/s (median of 5, 19.9-21.0)"; small files "4120 files/s (210 MB/s, ...)".
QString point_text(const sfp::Limit& limit, const sfp::LimitPoint& point);
// The cell's share of its ceiling as one phrase: "83 % of two-stream memory read, 2 threads, 20.6 GB/s",
// or "% of limit n/a: <reason>".
QString share_text(const sfp::CellLimit& limit, std::optional<double> pct);
// Whether a share is past its ceiling (above 100 %, rounding aside): then the limit, not the cell,
// is off -- the machine was slower when it was measured (its memory and disk move by a quarter
// from minute to minute on a shared VM).
bool above_limit(std::optional<double> pct);
// What every front end says of such a share.
extern const QString kAboveLimit;

// "load average 1.08 on 2 CPUs" at the measurement; "" when not recorded (an older file).
QString load_text(const sfp::MachineLimits& limits);
// One line when a CPU-bound limit was measured with few undisturbed passes, or -- limits kept as
// medians of repetitions (older files) -- with the load at or above half the CPUs (they may be
// low, so every share high), suggesting a refresh; "" otherwise.
QString load_warning(const sfp::MachineLimits& limits);
// The same warning in a few words, what matters first ("limits may be low, shares high: few
// undisturbed passes"), for a line with little room; "" when load_warning is.
QString load_warning_brief(const sfp::MachineLimits& limits);
// How old the limits were when the runs began: "limits measured 2026-11-27 09:12 UTC, 3 h before these
// runs"; "" when the report has no limits. `runs_at` is the report's measured_at (ISO 8601 UTC).
QString limits_age_text(const sfp::MachineLimits& limits, const std::string& runs_at);
// What the window's status line says of the limits a report is judged against: their age, then
// load_warning when there is one ("" with no limits).
QString limits_status_text(const sfp::ExperimentReport& report);
// The same with load_warning_brief: what the status line shows (the whole is its tooltip).
QString limits_status_brief(const sfp::ExperimentReport& report);
// "load average 7.20, steal 3.0 %" during one limit's measurement; "" when not recorded.
QString conditions_text(const sfp::Limit& limit);
// One line per cell above its limit by more than the limit's spread: the cell, its share, the
// limit, and which reason the records point to (sfp::suspect_limits).
QStringList suspect_lines(const sfp::ExperimentReport& report);

// The whole table, one line per limit and thread count, then how each was measured.
QString limits_table(const sfp::MachineLimits& limits);
// For the report's Machine section: one fact per limit ("Limit: memory read", its figures and method).
std::vector<std::pair<QString, QString>> limit_facts(const sfp::MachineLimits& limits);

// The share of a cell (bytes / median real, as its throughput) and of one run (its bytes / its real time).
std::optional<double> cell_limit_pct(const sfp::CellStats& stats, const sfp::CellLimit& limit);
std::optional<double> run_limit_pct(const sfp::RunRecord& record, const sfp::CellLimit& limit);

}  // namespace core
