#pragma once
// A report JSON file (report_json, `sfpbench run --json`, the window's export) read back into
// an ExperimentReport, so reports can be rendered again (Markdown, PDF) without re-running.
// The statistics, rankings and fits are taken as recorded, not recomputed.
#include <QByteArray>
#include <QString>
#include <stdexcept>

#include "sfp/experiment.hpp"

namespace core {

// The file is not a report this version can read; what() names the path and what is wrong.
struct ReportError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// `path` is only used in messages.
sfp::ExperimentReport report_from_json(const QByteArray& json, const QString& path);
sfp::ExperimentReport load_report(const QString& path);

}  // namespace core
