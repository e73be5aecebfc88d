#pragma once
// A report JSON file (report_json, `sfpbench run --json`, the window's export) read back into
// an ExperimentReport, so reports can be rendered again (Markdown, PDF) without re-running.
// The statistics, rankings and fits are taken as recorded, not recomputed. The one reader of
// report JSON: result sets from elsewhere (report_import.hpp) are read here too, leniently.
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/machine_info.hpp"
#include "sfp/report.hpp"

namespace core {

inline constexpr int kReportFormatVersion = 1;                // what report_json writes
inline constexpr qint64 kMaxReportBytes = qint64(256) << 20;  // read_report_file's bound

// The file is not a report this version can read; what() reads "report 'PATH': reason".
struct ReportError : std::runtime_error {
    ReportError(const QString& path, const QString& reason);
};

// `path` is only used in messages.
sfp::ExperimentReport report_from_json(const QByteArray& json, const QString& path);
// A report file, or a reference set (resources/reference/: cells and medians, no runs) as a
// report with those cells and medians and no runs, so it can be rendered and set beside another.
sfp::ExperimentReport load_report(const QString& path);
// The bytes of a report file (input_file.hpp: a regular file of at most kMaxReportBytes);
// ReportError naming the path otherwise.
QByteArray read_report_file(const QString& path);

// What a comparison with another result set needs, read by the same reader as the whole report
// but leniently: a reference set (resources/reference/) states cells and medians only, so the
// fields it leaves out read as nothing (0, false, "") -- a field present with a wrong type is
// still refused. The cells' and statistics' shapes are those of the whole report.
struct ReportResults {
    QJsonObject root;                            // the file, its envelope checked (format, version)
    std::string algorithm, cache;                // of the experiment ("" when not stated)
    std::map<std::string, std::string> options;  // the experiment's fixed options
    sfp::MachineInfo machine;
    std::string measured_at;  // "" = unknown
    std::vector<sfp::Cell> cells;
    std::vector<sfp::Summary> real;          // per cell: its real-time statistics (n = 0: none)
    std::vector<std::vector<double>> times;  // per cell: elapsed of its ok runs (none in a reference set)
};
ReportResults report_results(const QByteArray& json, const QString& path);

}  // namespace core
