#include "report_export.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <map>

#include "csv.hpp"
#include "limits_json.hpp"
#include "limits_text.hpp"
#include "experiment_file.hpp"
#include "parameter_columns.hpp"
#include "report_format.hpp"
#include "result_json.hpp"
#include "sfp/explain.hpp"
#include "sfp/labels.hpp"

namespace core {
namespace {

QString yes_no(bool b) { return b ? QStringLiteral("yes") : QStringLiteral("no"); }
QString seconds(double s) { return QString::number(s, 'f', 6); }
QString text(const std::string& s) { return QString::fromStdString(s); }
QJsonValue json_number(std::optional<double> v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }

// The columns every row (run or cell) starts with: which cell it is.
QStringList cell_fields(const sfp::ExperimentReport& report, const sfp::Cell& cell) {
    return QStringList{text(report.experiment.algorithm), text(cell.strategy)} +
           parameter_fields(cell, leading_parameters()) + QStringList{QString::number(cell.file_size)};
}

// The swept parameters after the fixed columns: those some cell of the report uses.
using Trailing = std::vector<const sfp::Parameter*>;

// Every cell's ceiling, looked up once per export.
std::vector<sfp::CellLimit> cell_limits(const sfp::ExperimentReport& report) {
    std::vector<sfp::CellLimit> out;
    for (std::size_t c = 0; c < report.cells.size(); ++c) out.push_back(sfp::cell_limit(report, c));
    return out;
}

// "ok" when every run was; otherwise the count of each status: "MISMATCH 2; ok 3".
QString status_counts(const sfp::ExperimentReport& report, std::size_t cell) {
    std::map<std::string, int> counts;
    for (const sfp::RunRecord& r : report.runs)
        if (r.cell == cell) ++counts[sfp::to_string(r.status)];  // by text: a stable order
    if (counts.size() == 1 && counts.begin()->first == sfp::to_string(sfp::RunStatus::ok)) return "ok";
    QStringList parts;
    for (const auto& [status, n] : counts) parts << QString("%1 %2").arg(text(status), QString::number(n));
    return parts.join("; ");
}

// The waiting taken apart, after every other column (the columns are append-only).
QStringList wait_fields(const sfp::RunResult& r, unsigned cores) {
    const sfp::Usage& u = r.usage;
    return {number_text(u.thread_s, 6),  number_text(u.runnable_wait_s, 6),
            number_text(u.blocked_s, 6), number_text(u.blkio_wait_s, 6),
            number_text(u.steal_pct, 2), yes_no(sfp::disturbed_by_load(r, cores))};
}

QStringList run_fields(const sfp::ExperimentReport& report, const sfp::RunRecord& record, std::size_t order,
                       const sfp::CellLimit& limit, const Trailing& trailing) {
    const sfp::Cell& cell = report.cells.at(record.cell);
    const sfp::RunResult& r = record.result;
    const sfp::Usage& u = r.usage;
    QStringList notes;
    for (const std::string& n : r.notes) notes << text(n);
    return cell_fields(report, cell) +
           QStringList{QString::number(record.repetition), sfp::to_string(report.experiment.cache), seconds(r.real_s),
                       seconds(u.user_s), seconds(u.sys_s),
                       number_text(cpu_percent(u.cpu_s, r.real_s, report.machine.cores), 1),
                       number_text(throughput_mbs(r.bytes, r.real_s), 1), number_text(residency(record), 1),
                       sfp::to_string(record.status), text(r.digest), text(r.error),
                       number_text(run_limit_pct(record, limit), 1),  // the run against the machine's limit
                       // the detail columns
                       seconds(u.cpu_s), yes_no(u.cpu_exact), yes_no(u.split_resolved), QString::number(order),
                       QString::number(record.cell), QString::number(cell.input_set), QString::number(r.bytes),
                       QString::number(u.major_faults), QString::number(u.minor_faults),
                       QString::number(u.voluntary_switches), QString::number(u.involuntary_switches),
                       count_text(u.read_bytes), count_text(u.write_bytes), count_text(u.cycles),
                       count_text(u.instructions), count_text(u.dtlb_read_misses), yes_no(cell.reference_floor),
                       sfp::to_string(report.experiment.order), QString::number(report.experiment.seed),
                       notes.join("; "), seconds(r.list_s), large_folio_text(record.large_folio_share, 1, 3)} +
           parameter_fields(cell, trailing) + wait_fields(r, report.machine.cores);
}

// The cell against the fastest of its input (after every other column): the ratio's interval,
// p, the test, the fastest's n and the verdict ("n/a" or empty where there is none).
QStringList comparison_fields(const sfp::ExperimentReport& report, std::size_t cell) {
    const sfp::Comparison* c = vs_fastest(report, cell);
    const auto number = [](std::optional<double> v) { return number_text(v, 6); };
    return {number(c ? c->low : std::nullopt), number(c ? c->high : std::nullopt),     number(c ? c->p : std::nullopt),
            c ? test_name(*c) : QString(),     c ? QString::number(c->n_a) : kUnknown, verdict_word(report, cell)};
}

QStringList summary_fields(const sfp::ExperimentReport& report, const sfp::CellStats& st, const sfp::CellLimit& limit,
                           const Trailing& trailing) {
    const sfp::Cell& cell = report.cells.at(st.cell);
    const sfp::Summary& real = st.real;
    const bool any = real.n > 0;
    const auto time = [any](double s) { return any ? seconds(s) : kUnknown; };
    return cell_fields(report, cell) +
           QStringList{QString::number(cell.input_set),
                       sfp::to_string(report.experiment.cache),
                       QString::number(real.n),
                       QString::number(st.failed),
                       time(real.min),
                       time(real.q1),
                       time(real.median),
                       time(real.mean),
                       time(real.q3),
                       time(real.max),
                       time(real.stddev),
                       time(real.ci95),
                       any ? QString::number(real.cv * 100, 'f', 2) : kUnknown,
                       QString::number(real.outliers.size()),
                       yes_no(st.high_variation),
                       number_text(ratio_to_fastest(report, st.cell), 3),
                       number_text(cell_throughput(st), 1),
                       time(st.user.median),
                       time(st.sys.median),
                       time(st.cpu.median),
                       yes_no(st.split_resolved),
                       number_text(any ? cpu_percent(st.cpu.mean, real.mean, report.machine.cores) : std::nullopt, 1),
                       status_counts(report, st.cell),
                       yes_no(cell.reference_floor),
                       number_text(cell_limit_pct(st, limit), 1),
                       QString::fromStdString(limit.label()),
                       limit.bytes_per_s > 0 ? QString::number(limit.bytes_per_s / 1e6, 'f', 1) : kUnknown} +
           parameter_fields(cell, trailing) + comparison_fields(report, st.cell);
}

QJsonObject summary_json(const sfp::Summary& s) {
    QJsonArray outliers;
    for (std::size_t i : s.outliers) outliers.append(qint64(i));
    return {{"n", qint64(s.n)}, {"min", s.min}, {"q1", s.q1},          {"median", s.median},
            {"mean", s.mean},   {"q3", s.q3},   {"max", s.max},        {"stddev", s.stddev},
            {"ci95", s.ci95},   {"cv", s.cv},   {"outliers", outliers}};
}

QJsonObject machine_json(const sfp::MachineInfo& m) {
    return {{"host", text(m.host)},     {"cpu_model", text(m.cpu_model)},
            {"cores", int(m.cores)},    {"memory_bytes", qint64(m.memory_bytes)},
            {"kernel", text(m.kernel)}, {"filesystem", text(m.filesystem)},
            {"device", text(m.device)}, {"tool_version", text(m.tool_version)}};
}

QJsonObject cell_json(const sfp::ExperimentReport& report, std::size_t i) {
    const sfp::Cell& c = report.cells[i];
    QJsonObject json{{"index", qint64(i)},
                     {"label", text(sfp::cell_label(c))},
                     {"strategy", text(c.strategy)},
                     {"input_set", qint64(c.input_set)},
                     {"file_size", qint64(c.file_size)},
                     {"reference_floor", c.reference_floor}};
    for (const sfp::Parameter* p : sfp::cell_parameters())  // null when the strategy does not use it
        json[text(std::string(p->name))] = parameter_json(c, *p);
    return json;
}

QJsonObject run_json(const sfp::ExperimentReport& report, const sfp::RunRecord& r, const sfp::CellLimit& limit) {
    const sfp::Usage& u = r.result.usage;
    return {
        {"cell", qint64(r.cell)},
        {"repetition", int(r.repetition)},
        {"status", sfp::to_string(r.status)},
        {"residency_pct", json_number(residency(r))},
        {"cache", sfp::to_string(report.experiment.cache)},
        {"large_folio_share", r.large_folio_share < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(r.large_folio_share)},
        {"cpu_pct", json_number(cpu_percent(u.cpu_s, r.result.real_s, report.machine.cores))},
        {"limit_pct", json_number(run_limit_pct(r, limit))},
        {"disturbed", sfp::disturbed_by_load(r.result, report.machine.cores)},
        {"result", result_json(r.result)}};
}

QJsonValue json_text(const QString& s) { return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s); }

QJsonObject stats_json(const sfp::ExperimentReport& report, const sfp::CellStats& s, const sfp::CellLimit& limit) {
    const sfp::Comparison* c = vs_fastest(report, s.cell);
    QJsonObject json{{"cell", qint64(s.cell)},
                     {"real_s", summary_json(s.real)},
                     {"user_s", summary_json(s.user)},
                     {"sys_s", summary_json(s.sys)},
                     {"cpu_s", summary_json(s.cpu)},
                     {"split_resolved", s.split_resolved},
                     {"cpu_exact", s.cpu_exact},
                     {"throughput_mbs", s.throughput_mbs},
                     {"high_variation", s.high_variation},
                     {"failed", qint64(s.failed)},
                     {"ratio_to_fastest", json_number(ratio_to_fastest(report, s.cell))},
                     // against the fastest of its input (docs/statistics.md); null where there is none
                     {"ratio_ci_low", json_number(c ? c->low : std::nullopt)},
                     {"ratio_ci_high", json_number(c ? c->high : std::nullopt)},
                     {"p_value", json_number(c ? c->p : std::nullopt)},
                     {"test", json_text(c ? test_name(*c) : QString())},
                     {"n_fastest", c ? QJsonValue(qint64(c->n_a)) : QJsonValue(QJsonValue::Null)},
                     {"verdict", json_text(verdict_word(report, s.cell))}};
    // the share of the limit the cell is judged against (null, with the reason, when none)
    add_share_json(json, limit, cell_limit_pct(s, limit));
    return json;
}

QJsonObject input_set_json(const sfp::InputSet& set) {
    QJsonArray paths;
    for (const std::string& p : set.paths) paths.append(text(p));
    return {{"paths", paths}, {"file_size", qint64(set.file_size)}};
}

// Each slower cell with its comparison: what a report read back shows without recomputing.
QJsonObject ranking_json(const sfp::Ranking& r) {
    QJsonArray slower;
    for (const sfp::RankedCell& s : r.slower) {
        const sfp::Comparison& c = s.vs_fastest;
        slower.append(QJsonObject{{"cell", qint64(s.cell)},
                                  {"ratio", c.ratio},
                                  {"ci_low", json_number(c.low)},
                                  {"ci_high", json_number(c.high)},
                                  {"p", json_number(c.p)},
                                  {"n_a", qint64(c.n_a)},
                                  {"n_b", qint64(c.n_b)},
                                  {"paired", c.paired}});
    }
    return {{"input_set", qint64(r.input_set)}, {"fastest_cell", qint64(r.fastest_cell)}, {"slower", slower}};
}

// What the fit holds fixed as its cell's fields (strategy, block_size, threads, packing...: null
// when unused), and that cell's index.
QJsonObject fit_json(const sfp::ExperimentReport& report, const sfp::SizeFit& f) {
    const sfp::Cell& c = report.cells.at(f.cell);
    QJsonObject json{{"cell", qint64(f.cell)},
                     {"label", text(sfp::fit_label(report, f))},
                     {"strategy", text(c.strategy)},
                     {"points", qint64(f.points)},
                     {"seconds_per_gb", f.seconds_per_gb},
                     {"intercept_s", f.intercept_s},
                     {"r2", f.r2},
                     {"nonlinear", f.nonlinear}};
    for (const sfp::Parameter* p : sfp::cell_parameters()) json[text(std::string(p->name))] = parameter_json(c, *p);
    return json;
}

template <typename T, typename ToJson>
QJsonArray array_of(const std::vector<T>& items, ToJson to_json) {
    QJsonArray out;
    for (const T& item : items) out.append(to_json(item));
    return out;
}

}  // namespace

QStringList runs_csv_columns(const sfp::ExperimentReport& report) {
    return QStringList{"algorithm", "strategy"} + parameter_names(leading_parameters()) +
           QStringList{"file_size", "repetition", "cache", "real_s", "user_s", "sys_s", "cpu_pct", "throughput_mbs",
                       "residency_pct", "status", "digest", "error", "limit_pct",
                       // details
                       "cpu_s", "cpu_exact", "split_resolved", "run_order", "cell", "input_set", "bytes",
                       "major_faults", "minor_faults", "voluntary_switches", "involuntary_switches", "read_bytes",
                       "write_bytes", "cycles", "instructions", "dtlb_read_misses", "reference_floor", "order", "seed",
                       "notes", "list_s", "large_folio_share"} +
           parameter_names(trailing_parameters(report.cells)) +
           QStringList{"thread_s", "runnable_wait_s", "blocked_s", "blkio_wait_s", "steal_pct", "disturbed"};
}

QStringList summary_csv_columns(const sfp::ExperimentReport& report) {
    return QStringList{"algorithm", "strategy"} + parameter_names(leading_parameters()) +
           QStringList{"file_size",        "input_set",      "cache",         "n",
                       "failed",           "min_s",          "q1_s",          "median_s",
                       "mean_s",           "q3_s",           "max_s",         "stddev_s",
                       "ci95_s",           "cv_pct",         "outliers",      "high_variation",
                       "ratio_to_fastest", "throughput_mbs", "user_median_s", "sys_median_s",
                       "cpu_median_s",     "split_resolved", "cpu_pct",       "statuses",
                       "reference_floor",  "limit_pct",      "limit",         "limit_mbs"} +
           parameter_names(trailing_parameters(report.cells)) +
           QStringList{"ratio_ci_low", "ratio_ci_high", "p_value", "test", "n_fastest", "verdict"};
}

QByteArray runs_csv(const sfp::ExperimentReport& report) {
    QByteArray out = csv_row(runs_csv_columns(report));
    const Trailing trailing = trailing_parameters(report.cells);
    for (std::size_t i = 0; i < report.runs.size(); ++i)  // each run against its own round's limit, when in rounds
        out += csv_row(run_fields(report, report.runs[i], i + 1, sfp::record_limit(report, i), trailing));
    return out;
}

QByteArray summary_csv(const sfp::ExperimentReport& report) {
    QByteArray out = csv_row(summary_csv_columns(report));
    const std::vector<sfp::CellLimit> limits = cell_limits(report);
    const Trailing trailing = trailing_parameters(report.cells);
    for (const sfp::CellStats& st : report.stats)
        out += csv_row(summary_fields(report, st, limits.at(st.cell), trailing));
    return out;
}

QByteArray report_json(const sfp::ExperimentReport& report) {
    QJsonArray cells;
    for (std::size_t i = 0; i < report.cells.size(); ++i) cells.append(cell_json(report, i));
    const std::vector<sfp::CellLimit> limits = cell_limits(report);
    const QJsonObject json{
        {"format", "sfpbench-report"},
        {"version", 1},
        {"experiment", experiment_to_json(report.experiment)},
        {"machine", machine_json(report.machine)},
        {"cache_method", text(report.cache_method)},
        {"cancelled", report.cancelled},
        {"noise_pct", report.noise * 100},
        {"measured_at",
         report.measured_at.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text(report.measured_at))},
        {"input_sets", array_of(report.input_sets, input_set_json)},
        {"cells", cells},
        {"runs", array_of(report.runs,
                          [&](const sfp::RunRecord& r) {
                              return run_json(report, r,
                                              sfp::record_limit(report, std::size_t(&r - report.runs.data())));
                          })},
        {"statistics",
         array_of(report.stats, [&](const sfp::CellStats& s) { return stats_json(report, s, limits.at(s.cell)); })},
        {"rankings", array_of(report.rankings, ranking_json)},
        {"fits", array_of(report.fits, [&](const sfp::SizeFit& f) { return fit_json(report, f); })},
        {"limits", limits_json(report.limits)},  // what the cells' limit_pct are judged against
    };
    return QJsonDocument(json).toJson(QJsonDocument::Indented);
}

}  // namespace core
