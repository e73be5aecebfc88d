#pragma once
// The machine's limits as JSON: the "limits" object of every report (report_export) and what
// `sfpbench limits --json` prints. report_load.cpp reads it back. And where a run's limits come
// from, as both front ends decide it.
#include <QJsonObject>

#include "sfp/limits.hpp"

namespace core {

// {"fingerprint", "device", "measured_at", "absent", "entries": [{"key", "name", "method",
// "quick", "unavailable", "bytes_per_file", "points": [{"threads", "rates", "median", "min",
// "max", "q1", "q3"}]}]} -- rates in bytes per second, one per repetition.
QJsonObject limits_json(const sfp::MachineLimits& limits);

// The front ends' policy for run_experiment: the workspace's cache, measuring the missing
// limits quickly before the first run; SFPBENCH_LIMITS=off judges against none, and
// SFPBENCH_LIMITS=FILE against the limits file FILE (so tests never measure). A FILE that
// cannot be read is no limits, saying why.
sfp::LimitsPolicy run_limits_policy();

}  // namespace core
