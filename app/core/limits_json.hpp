#pragma once
// The machine's limits as JSON: the "limits" object of every report (report_export) and what
// `sfpbench limits --json` prints. report_load.cpp reads it back. And where a run's limits come
// from, as both front ends decide it.
#include <QJsonObject>
#include <optional>

#include "sfp/limits.hpp"

namespace core {

// {"fingerprint", "device", "measured_at", "absent", "load_1min", "online_cpus" (the load average
// and the CPUs when measured; null when not recorded), "entries": [{"key", "name", "method",
// "quick", "unavailable", "bytes_per_file", "points": [{"threads", "rates", "median", "min",
// "max", "q1", "q3"}]}]} -- rates in bytes per second, one per repetition.
QJsonObject limits_json(const sfp::MachineLimits& limits);

// Adds a cell's or a run's share of its limit to `json`, as the report's cells carry it: "limit_pct",
// "limit_name" (with its threads), "limit_bytes_per_s" and "limit_reason" (null but when there is
// no share, then why).
void add_share_json(QJsonObject& json, const sfp::CellLimit& limit, std::optional<double> pct);

// The limits a one-run command (`sfpbench cipher ... --json`) judges its run against, never
// measuring: SFPBENCH_LIMITS's (off: none), else those kept in the default workspace for this
// machine (none when there are none: every limit then says `sfpbench limits` measures it).
sfp::MachineLimits one_run_limits();

// The front ends' policy for run_experiment: the workspace's cache, measuring the missing
// limits quickly before the first run; SFPBENCH_LIMITS=off judges against none, and
// SFPBENCH_LIMITS=FILE against the limits file FILE (so tests never measure). A FILE that
// cannot be read is no limits, saying why.
sfp::LimitsPolicy run_limits_policy();

}  // namespace core
