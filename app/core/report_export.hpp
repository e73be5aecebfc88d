#pragma once
// An experiment's results as files: per-run CSV, per-cell summary CSV, the whole report as JSON.
// Write them with write_atomically (atomic_write.hpp) so no reader sees half a file.
#include <QByteArray>
#include <QStringList>

#include "atomic_write.hpp"
#include "sfp/report.hpp"
#include "summary_text.hpp"

namespace core {

// The column names, in order. The first 16 of runs_csv are a contract (ARCHITECTURE.md):
// algorithm,strategy,block_size,threads,file_size,repetition,cache,real_s,user_s,sys_s,cpu_pct,
// throughput_mbs,residency_pct,status,digest,error — then the more detailed columns, then one
// per swept parameter some cell of the report uses (packing), none for a report without such,
// then the waiting taken apart (thread_s ... disturbed): new columns only ever go last.
QStringList runs_csv_columns(const sfp::ExperimentReport& report);
QStringList summary_csv_columns(const sfp::ExperimentReport& report);

// RFC 4180, header row, one row per timed run in the order they ran.
QByteArray runs_csv(const sfp::ExperimentReport& report);
// One row per cell: n, min, quartiles, median, mean, stddev, ci95, cv, outliers, ratio to fastest.
QByteArray summary_csv(const sfp::ExperimentReport& report);
// Spec, machine, cache method, cells, every run, statistics, rankings and fits.
QByteArray report_json(const sfp::ExperimentReport& report);

}  // namespace core
