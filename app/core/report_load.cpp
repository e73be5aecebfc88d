#include "report_load.hpp"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <new>
#include <optional>
#include <set>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "experiment_file.hpp"
#include "report_reader.hpp"
#include "sfp/comparison.hpp"
#include "input_file.hpp"
#include "sfp/cell.hpp"
#include "sfp/compare.hpp"
#include "sfp/machine_info.hpp"
#include "sfp/parameter.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"
#include "sfp/stats.hpp"

namespace core {
namespace {

using report_reading::at;
using report_reading::each_of;
using report_reading::Reader;

// The file's object, once it is JSON, says it is a report and is of the version this reads.
QJsonObject root_of(const Reader& r, const QByteArray& json) {
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        r.fail({}, QStringLiteral("not JSON (%1 at byte %2)").arg(error.errorString()).arg(error.offset));
    const QJsonObject root = doc.object();
    if (!doc.isObject() || root.value("format").toString() != QLatin1String("sfpbench-report")) {
        const QString hint = root.value("algorithm").isString()
                                 ? QStringLiteral(" (an experiment spec? import a report: `run --json`)")
                                 : QString();
        r.fail({}, QStringLiteral("not an sfpbench report (no \"format\": \"sfpbench-report\")") + hint);
    }
    const QJsonValue version = root.value("version");
    if (!version.isDouble())
        r.fail({}, QStringLiteral("no format version; this sfpbench reads version %1").arg(kReportFormatVersion));
    if (version.toDouble() != kReportFormatVersion)
        r.fail({}, QStringLiteral("format version %1 (%2); this sfpbench reads version %3")
                       .arg(version.toDouble())
                       .arg(version.toDouble() > kReportFormatVersion ? QStringLiteral("written by a newer sfpbench")
                                                                      : QStringLiteral("an older format"))
                       .arg(kReportFormatVersion));
    return root;
}

sfp::Summary summary(const Reader& r, const QJsonObject& o, const QString& where) {
    sfp::Summary s;
    s.n = r.count(o, "n", where);
    s.min = r.non_negative(o, "min", where), s.q1 = r.non_negative(o, "q1", where),
    s.median = r.non_negative(o, "median", where);
    s.mean = r.non_negative(o, "mean", where), s.q3 = r.non_negative(o, "q3", where),
    s.max = r.non_negative(o, "max", where);
    s.stddev = r.non_negative(o, "stddev", where), s.ci95 = r.non_negative(o, "ci95", where),
    s.cv = r.non_negative(o, "cv", where);
    for (const QJsonValue& v : r.array(o, "outliers", where)) s.outliers.push_back(std::size_t(v.toInteger()));
    return s;
}

std::optional<double> optional_number(const Reader& r, const QJsonObject& o, const QString& key, const QString& where) {
    if (o.value(key).isNull()) return std::nullopt;
    return r.number(o, key, where);
}

// A ranked cell's comparison with the fastest as recorded; a report from before comparisons were
// recorded has only the ratio: the rest is worked out from its runs, as the runner would.
sfp::Comparison comparison(const Reader& r, const QJsonObject& o, const QString& where,
                           const sfp::ExperimentReport& rep, std::size_t fastest, std::size_t cell) {
    if (!o.contains("n_a")) {
        sfp::Comparison c = sfp::compare_cells(rep, fastest, cell);
        c.ratio = r.number(o, "ratio", where);
        return c;
    }
    sfp::Comparison c;
    c.ratio = r.number(o, "ratio", where);
    c.low = optional_number(r, o, "ci_low", where), c.high = optional_number(r, o, "ci_high", where);
    c.p = optional_number(r, o, "p", where);
    c.n_a = r.count(o, "n_a", where), c.n_b = r.count(o, "n_b", where);
    c.paired = r.flag(o, "paired", where);
    return c;
}

sfp::Status status_of(const Reader& r, const std::string& name, const QString& where) {
    for (sfp::Status s : {sfp::Status::ok, sfp::Status::cancelled, sfp::Status::error, sfp::Status::unsupported})
        if (name == sfp::to_string(s)) return s;
    r.fail(where + "status", QStringLiteral("unknown status '%1'").arg(QString::fromStdString(name)));
}

sfp::RunStatus run_status_of(const Reader& r, const std::string& name, const QString& where) {
    if (const std::optional<sfp::RunStatus> s = sfp::run_status_from(name)) return *s;
    r.fail(where + "status", QStringLiteral("unknown status '%1'").arg(QString::fromStdString(name)));
}

sfp::TimelineEvent timeline_event(const Reader& r, const QJsonObject& o, const QString& where) {
    sfp::TimelineEvent e;
    const std::string kind = r.text(o, "kind", where);
    const std::optional<sfp::EventKind> k = sfp::event_kind_from(kind);
    if (!k) r.fail(where + "kind", QStringLiteral("unknown event kind '%1'").arg(QString::fromStdString(kind)));
    e.kind = *k;
    e.start_s = r.non_negative(o, "start_s", where), e.end_s = r.non_negative(o, "end_s", where);
    if (e.end_s < e.start_s) r.fail(where + "end_s", QStringLiteral("ends before it starts"));
    e.bytes = r.count(o, "bytes", where), e.at = r.count(o, "at", where);
    return e;
}

// A run's threads, as result_json wrote them with --timeline; none in a run without.
std::vector<sfp::ThreadTime> thread_times(const Reader& r, const QJsonObject& result, const QString& where) {
    if (!result.contains("threads")) return {};
    return each_of(r, result, "threads", [&](const QJsonObject& o, const QString& w) {
        sfp::ThreadTime t;
        const QString at = where + w;
        t.worker = unsigned(r.count(o, "worker", at));
        t.role = r.name(o, "role", at);
        t.start_s = r.non_negative(o, "start_s", at), t.end_s = r.non_negative(o, "end_s", at);
        t.cpu_s = r.non_negative(o, "cpu_s", at);
        t.runnable_wait_s = r.maybe_non_negative(o, "runnable_wait_s", at);
        t.blocked_s = r.maybe_non_negative(o, "blocked_s", at);
        t.blkio_wait_s = r.maybe_non_negative(o, "blkio_wait_s", at);
        t.bytes = r.count(o, "bytes", at);
        t.coarsened = r.flag(o, "coarsened", at);
        t.events = each_of(r, o, "events",
                           [&](const QJsonObject& e, const QString& ew) { return timeline_event(r, e, at + ew); });
        return t;
    });
}

// compare's outcome as describe() wrote it (size_a, size_b, mismatches): kept so that a report
// read back still shows where the mismatches were (the Timeline's offset axis). Other outcomes are
// not read: their digest stands for them.
sfp::Outcome compare_outcome(const Reader& r, const QJsonObject& result, const QString& where) {
    const QJsonObject o = result.value("outcome").toObject();
    if (!o.contains("mismatches") || !o.contains("size_a") || !o.contains("size_b")) return {};
    const QString at = where + "outcome.";
    sfp::CompareOutcome c{{}, r.count(o, "size_a", at), r.count(o, "size_b", at)};
    c.mismatches = each_of(r, o, "mismatches", [&](const QJsonObject& m, const QString& w) {
        const auto byte = [&](const char* key) {
            const std::uint64_t v = r.count(m, key, at + w);
            if (v > 255) r.fail(at + w + key, QStringLiteral("%1 is not a byte").arg(v));
            return std::uint8_t(v);
        };
        return sfp::Mismatch{r.count(m, "offset", at + w), byte("a"), byte("b")};
    });
    return c;
}

sfp::RunResult run_result(const Reader& r, const QJsonObject& o, const QString& where) {
    sfp::RunResult res;
    res.status = status_of(r, r.text(o, "status", where), where);
    res.error = r.text(o, "error", where);
    res.bytes = r.count(o, "bytes", where);
    res.real_s = r.non_negative(o, "real_s", where);
    res.list_s = o.contains("list_s") ? r.non_negative(o, "list_s", where) : 0;
    const QJsonObject u = r.object(o, "usage", where);
    const QString uw = where + "usage.";
    sfp::Usage& us = res.usage;
    us.user_s = r.non_negative(u, "user_s", uw);
    us.sys_s = r.non_negative(u, "sys_s", uw);
    // A report written before CPU time was exact has no cpu_s: its user + sys (tick-sampled)
    // stands in, marked as such.
    us.cpu_exact = u.contains("cpu_s") && (!u.contains("cpu_exact") || r.flag(u, "cpu_exact", uw));
    us.cpu_s = u.contains("cpu_s") ? r.non_negative(u, "cpu_s", uw) : us.user_s + us.sys_s;
    us.split_resolved = !u.contains("split_resolved") || r.flag(u, "split_resolved", uw);
    us.minor_faults = std::int64_t(r.count(u, "minor_faults", uw));
    us.major_faults = std::int64_t(r.count(u, "major_faults", uw));
    us.voluntary_switches = std::int64_t(r.count(u, "voluntary_switches", uw));
    us.involuntary_switches = std::int64_t(r.count(u, "involuntary_switches", uw));
    us.read_bytes = r.maybe_count(u, "read_bytes", uw);
    us.write_bytes = r.maybe_count(u, "write_bytes", uw);
    us.cycles = r.maybe_count(u, "cycles", uw);
    us.instructions = r.maybe_count(u, "instructions", uw);
    us.dtlb_read_misses = r.maybe_count(u, "dtlb_read_misses", uw);
    // reports written before the waiting was taken apart have none of these: n/a
    us.thread_s = r.maybe_non_negative(u, "thread_s", uw);
    us.runnable_wait_s = r.maybe_non_negative(u, "runnable_wait_s", uw);
    us.blocked_s = r.maybe_non_negative(u, "blocked_s", uw);
    us.blkio_wait_s = r.maybe_non_negative(u, "blkio_wait_s", uw);
    us.steal_pct = r.maybe_non_negative(u, "steal_pct", uw);
    res.digest = r.text(o, "digest", where);
    for (const QJsonValue& n : r.array(o, "notes", where)) res.notes.push_back(n.toString().toStdString());
    res.threads = thread_times(r, o, where);
    res.outcome = compare_outcome(r, o, where);
    return res;
}

// `where` is "cells[3].". A lenient reader does not read the input set: a result set from
// elsewhere has none (its cells' sizes say which input they ran on).
sfp::Cell cell(const Reader& r, const QJsonObject& o, const QString& where, std::size_t input_sets) {
    sfp::Cell c;
    c.strategy = r.name(o, "strategy", where);
    if (c.strategy.empty()) r.fail({}, where.chopped(1) + QStringLiteral(" has no strategy"));
    if (!r.lenient()) c.input_set = r.index(o, "input_set", where, input_sets);
    c.file_size = r.count(o, "file_size", where);
    c.reference_floor = r.flag(o, "reference_floor", where);
    // As report_export wrote them: null = unused, and for block size and threads (whose lists
    // predate null) 0 too.
    for (const sfp::Parameter* p : sfp::cell_parameters()) {
        const QString name = QString::fromUtf8(p->name.data(), qsizetype(p->name.size()));
        if (!p->list_field.empty() && !r.lenient() && !o.contains(name)) r.count(o, name, where);  // names it missing
        if (!o.contains(name) || o.value(name).isNull()) continue;
        const std::uint64_t v = r.count(o, name, where);
        if (v != 0 || p->list_field.empty()) sfp::set_parameter_value(c, *p, std::int64_t(v));
    }
    return c;
}

// The cell a fit was made for: its index, or in a report written before fits named one, the
// first cell of the strategy, block size and threads it names (all a fit was keyed by then).
std::size_t fitted_cell(const Reader& r, const QJsonObject& o, const QString& where,
                        const std::vector<sfp::Cell>& cells) {
    if (o.contains("cell")) return r.index(o, "cell", where, cells.size());
    const std::string strategy = r.text(o, "strategy", where);
    const std::uint64_t block_size = r.count(o, "block_size", where);
    const std::uint64_t threads = r.count(o, "threads", where);
    const auto it = std::find_if(cells.begin(), cells.end(), [&](const sfp::Cell& c) {
        return c.strategy == strategy && c.value("block_size") == block_size && c.value("threads") == threads;
    });
    if (it == cells.end())
        r.fail(where + "strategy", QStringLiteral("no cell of strategy '%1' with its block size and threads")
                                       .arg(QString::fromStdString(strategy)));
    return std::size_t(it - cells.begin());
}

std::vector<sfp::Cell> cells(const Reader& r, const QJsonObject& root, std::size_t input_sets) {
    return each_of(r, root, "cells", [&](const QJsonObject& o, const QString& w) { return cell(r, o, w, input_sets); });
}

sfp::MachineInfo machine(const Reader& r, const QJsonObject& root) {
    const QJsonObject m = r.object(root, "machine", {});
    const QString w = QStringLiteral("machine.");
    return {r.text(m, "host", w), r.text(m, "cpu_model", w), r.text(m, "kernel", w), r.text(m, "filesystem", w),
            r.text(m, "tool_version", w), unsigned(r.count(m, "cores", w)), r.count(m, "memory_bytes", w),
            // reports written before the device was recorded have none
            m.contains("device") ? r.text(m, "device", w) : std::string("unknown")};
}

// When the runs began; reports written before it was recorded have none (unknown: "").
std::string measured_at(const Reader& r, const QJsonObject& root) {
    if (root.value("measured_at").isNull() || root.value("measured_at").isUndefined()) return {};
    std::string at = r.text(root, "measured_at", {});
    const QDateTime time = QDateTime::fromString(QString::fromStdString(at), Qt::ISODate);
    if (!time.isValid() || time.timeSpec() != Qt::UTC)
        r.fail("measured_at", QStringLiteral("expected an ISO 8601 UTC time such as \"2026-11-22T18:05:57Z\""));
    return at;
}

// A cell's CPU time in a report written before it was measured: its ok runs' user + sys.
sfp::Summary cpu_of_older(const sfp::ExperimentReport& rep, std::size_t cell) {
    std::vector<double> cpu;
    for (const sfp::RunRecord& run : rep.runs)
        if (run.cell == cell && run.status == sfp::RunStatus::ok) cpu.push_back(run.result.usage.cpu_s);
    return sfp::summarize(cpu);
}

// A text that may be null ("" then).
std::string text_or_none(const Reader& r, const QJsonObject& o, const QString& key, const QString& where) {
    return o.value(key).isNull() || o.value(key).isUndefined() ? std::string() : r.text(o, key, where);
}

sfp::Limit limit(const Reader& r, const QJsonObject& o, const QString& where) {
    const std::string key = r.text(o, "key", where);
    const std::optional<sfp::LimitId> id = sfp::limit_from_key(key);
    if (!id) r.fail(where + "key", QStringLiteral("unknown limit '%1'").arg(QString::fromStdString(key)));
    sfp::Limit l{.id = *id};
    l.method = r.text(o, "method", where);
    l.quick = r.flag(o, "quick", where);
    l.unavailable = text_or_none(r, o, "unavailable", where);
    l.bytes_per_file = o.value("bytes_per_file").isNull() ? 0 : r.non_negative(o, "bytes_per_file", where);
    l.points = each_of(r, o, "points", [&](const QJsonObject& p, const QString& w) {
        sfp::LimitPoint point{unsigned(r.count(p, "threads", where + w)), {}};
        // a rate is bytes per second: a negative one would judge every cell above its limit
        const QJsonArray rates = r.array(p, "rates", where + w);
        for (qsizetype i = 0; i < rates.size(); ++i) {
            const double rate = rates[i].toDouble(-1);
            if (!rates[i].isDouble() || !std::isfinite(rate) || rate < 0)
                r.fail(where + w + QStringLiteral("rates[%1]").arg(i), "expected a rate >= 0 (bytes/s)");
            point.rates.push_back(rate);
        }
        return point;
    });
    return l;
}

// What the cells were judged against; a report written before limits were recorded has none.
sfp::MachineLimits limits(const Reader& r, const QJsonObject& root) {
    sfp::MachineLimits m;
    if (!root.contains("limits")) {
        m.absent = "this report was written before limits were recorded";
        return m;
    }
    const QJsonObject o = r.object(root, "limits", {});
    const QString w = QStringLiteral("limits.");
    m.fingerprint = r.text(o, "fingerprint", w);
    m.device = r.text(o, "device", w);
    m.measured_at = text_or_none(r, o, "measured_at", w);
    m.absent = text_or_none(r, o, "absent", w);
    if (o.contains("load_1min") && !o.value("load_1min").isNull())  // absent or null before it was recorded
        m.load = {.one_minute = r.non_negative(o, "load_1min", w),
                  .cpus = unsigned(r.non_negative(o, "online_cpus", w))};
    m.limits = each_of(r, o, "entries", [&](const QJsonObject& e, const QString& ew) { return limit(r, e, w + ew); });
    return m;
}

// diff takes medians from `statistics` and the interval, p and gate from `runs`: they must say the
// same, or "1.00x slower" and a gate passing a 3x regression follow. A cell with runs must have
// as many in its statistics, and their median (to rounding).
void check_statistics_agree(const Reader& r, const std::vector<std::vector<double>>& ok_times,
                            const std::vector<sfp::Summary>& real) {
    for (std::size_t c = 0; c < ok_times.size(); ++c) {
        const std::vector<double>& times = ok_times[c];
        if (times.empty()) continue;  // a set of medians alone (a reference set) has no runs to check
        const sfp::Summary& stated = real[c];
        const double m = sfp::median(times);
        const QString field = QStringLiteral("statistics (cell %1).real_s").arg(c);
        if (stated.n != times.size())
            r.fail(field + ".n",
                   QStringLiteral("%1, but 'runs' holds %2 ok runs of that cell").arg(stated.n).arg(times.size()));
        if (std::abs(stated.median - m) > 1e-9 * std::max(std::abs(m), 1e-9))
            r.fail(field + ".median", QStringLiteral("%1 s, but the median of the cell's %2 ok runs in 'runs' is %3 s")
                                          .arg(stated.median, 0, 'g', 10)
                                          .arg(times.size())
                                          .arg(m, 0, 'g', 10));
    }
}

sfp::ExperimentReport report(const Reader& r, const QJsonObject& root) {
    sfp::ExperimentReport rep;
    try {
        rep.experiment = experiment_from_json(r.object(root, "experiment", {}));
    } catch (const SpecError& e) {
        r.fail("experiment." + QString::fromStdString(e.field), QString::fromStdString(e.reason));
    }
    rep.machine = machine(r, root);
    rep.cache_method = r.text(root, "cache_method", {});
    rep.cancelled = r.flag(root, "cancelled", {});
    rep.measured_at = measured_at(r, root);
    rep.limits = limits(r, root);
    rep.input_sets = each_of(r, root, "input_sets", [&](const QJsonObject& o, const QString& w) {
        sfp::InputSet set;
        for (const QJsonValue& p : r.array(o, "paths", w)) set.paths.push_back(p.toString().toStdString());
        set.file_size = r.count(o, "file_size", w);
        return set;
    });
    rep.cells = cells(r, root, rep.input_sets.size());
    rep.runs = each_of(r, root, "runs", [&](const QJsonObject& o, const QString& w) {
        sfp::RunRecord rec;
        rec.cell = r.index(o, "cell", w, rep.cells.size());
        rec.repetition = unsigned(r.count(o, "repetition", w));
        rec.status = run_status_of(r, r.text(o, "status", w), w);
        rec.residency_pct = o.value("residency_pct").isNull() ? -1 : r.number(o, "residency_pct", w);
        rec.large_folio_share = o.value("large_folio_share").isNull() ? -1 : r.number(o, "large_folio_share", w);
        rec.result = run_result(r, r.object(o, "result", w), w + "result.");
        return rec;
    });
    const qsizetype entries = r.array(root, "statistics", {}).size();
    if (std::size_t(entries) != rep.cells.size())
        r.fail("statistics", QStringLiteral("%1 entries for %2 cells").arg(entries).arg(rep.cells.size()));
    rep.stats = each_of(r, root, "statistics", [&](const QJsonObject& o, const QString& w) {
        sfp::CellStats st;
        st.cell = r.index(o, "cell", w, rep.cells.size());
        st.real = summary(r, r.object(o, "real_s", w), w + "real_s.");
        st.user = summary(r, r.object(o, "user_s", w), w + "user_s.");
        st.sys = summary(r, r.object(o, "sys_s", w), w + "sys_s.");
        if (o.contains("cpu_s"))
            st.cpu = summary(r, r.object(o, "cpu_s", w), w + "cpu_s.");
        else
            st.cpu = cpu_of_older(rep, st.cell);
        st.split_resolved = !o.contains("split_resolved") || r.flag(o, "split_resolved", w);
        st.cpu_exact = o.contains("cpu_s") && (!o.contains("cpu_exact") || r.flag(o, "cpu_exact", w));
        st.throughput_mbs = r.non_negative(o, "throughput_mbs", w);
        st.high_variation = r.flag(o, "high_variation", w);
        st.failed = r.count(o, "failed", w);
        return st;
    });
    rep.noise = root.contains("noise_pct") ? r.number(root, "noise_pct", {}) / 100 : sfp::kDefaultNoise;
    if (!(rep.noise >= 0 && rep.noise < 1))
        r.fail("noise_pct", QStringLiteral("expected a percentage from 0 to below 100"));
    rep.rankings = each_of(r, root, "rankings", [&](const QJsonObject& o, const QString& w) {
        sfp::Ranking rk;
        rk.input_set = r.index(o, "input_set", w, rep.input_sets.size());
        rk.fastest_cell = r.index(o, "fastest_cell", w, rep.cells.size());
        for (const QJsonValue& s : r.array(o, "slower", w)) {
            const std::size_t cell = r.index(s.toObject(), "cell", w + "slower.", rep.cells.size());
            rk.slower.push_back({cell, comparison(r, s.toObject(), w + "slower.", rep, rk.fastest_cell, cell)});
        }
        return rk;
    });
    rep.fits = each_of(r, root, "fits", [&](const QJsonObject& o, const QString& w) {
        sfp::SizeFit f;
        f.cell = fitted_cell(r, o, w, rep.cells);
        f.points = r.count(o, "points", w);
        f.seconds_per_gb = r.number(o, "seconds_per_gb", w), f.intercept_s = r.number(o, "intercept_s", w);
        f.r2 = r.number(o, "r2", w), f.nonlinear = r.flag(o, "nonlinear", w);
        return f;
    });
    return rep;
}

ReportResults results_of(const Reader& r, const QJsonObject& root) {
    ReportResults out;
    out.root = root;
    const QJsonObject e = r.object(out.root, "experiment", {});
    out.algorithm = r.text(e, "algorithm", "experiment.");
    out.cache = r.text(e, "cache", "experiment.");
    const QJsonObject options = r.object(e, "options", "experiment.");
    for (auto it = options.begin(); it != options.end(); ++it)  // as experiment files write them: text or numbers
        out.options[it.key().toStdString()] = it.value().toVariant().toString().toStdString();
    out.machine = machine(r, out.root);
    out.measured_at = measured_at(r, out.root);
    limits(r, out.root);  // unused here, but checked as `report` checks it: diff refuses what report refuses
    out.cells = cells(r, out.root, 0);
    out.real.resize(out.cells.size());
    const auto reals = each_of(r, out.root, "statistics", [&](const QJsonObject& o, const QString& w) {
        return std::pair{r.index(o, "cell", w, out.cells.size()), summary(r, r.object(o, "real_s", w), w + "real_s.")};
    });
    for (const auto& [c, real] : reals) out.real[c] = real;
    out.times.resize(out.cells.size());
    const auto timed = each_of(r, out.root, "runs", [&](const QJsonObject& o, const QString& w) {
        const bool ok = r.text(o, "status", w) == sfp::to_string(sfp::RunStatus::ok);
        return std::tuple{r.index(o, "cell", w, out.cells.size()), ok,
                          r.non_negative(r.object(o, "result", w), "real_s", w + "result.")};
    });
    for (const auto& [c, ok, seconds] : timed)
        if (ok) out.times[c].push_back(seconds);
    check_statistics_agree(r, out.times, out.real);
    return out;
}

// A result set from elsewhere as a report: its cells (one input set per file size), their medians
// as statistics of n runs without the runs, ranked per input set; what it does not state is empty.
sfp::ExperimentReport report_of_results(const ReportResults& set) {
    sfp::ExperimentReport rep;
    rep.experiment.algorithm = set.algorithm;
    rep.experiment.options = set.options;
    for (sfp::CacheMode mode : {sfp::CacheMode::hot, sfp::CacheMode::hot_written, sfp::CacheMode::cold})
        if (set.cache == sfp::to_string(mode)) rep.experiment.cache = mode;
    rep.experiment.strategies.clear();
    rep.experiment.repetitions = 0, rep.experiment.warmups = 0;  // as the set states them, below
    rep.machine = set.machine;
    const QJsonObject source = set.root.value("source").toObject();
    if (source.contains("machine"))
        rep.machine.cpu_model = visible_text(source.value("machine").toString().toStdString());
    rep.measured_at = set.measured_at;
    std::set<std::string> strategies;
    std::set<std::uint64_t> sizes;
    for (const sfp::Cell& c : set.cells) sizes.insert(c.file_size);
    rep.experiment.sizes.assign(sizes.begin(), sizes.end());
    for (std::uint64_t size : sizes) rep.input_sets.push_back({{}, size});
    std::vector<std::vector<std::pair<std::size_t, double>>> medians(sizes.size());
    for (std::size_t i = 0; i < set.cells.size(); ++i) {
        sfp::Cell c = set.cells[i];
        c.input_set = std::size_t(std::distance(sizes.begin(), sizes.find(c.file_size)));
        if (strategies.insert(c.strategy).second) rep.experiment.strategies.push_back(c.strategy);
        for (const auto& [name, v] : c.parameters) {  // block sizes and threads, each once, in the cells' order
            const sfp::Parameter* p = sfp::find_parameter(set.algorithm, name);
            if (!p || p->list_field.empty()) continue;
            if (std::vector<std::uint64_t>& list = rep.experiment.sweeps[name];
                std::ranges::find(list, v) == list.end())
                list.push_back(v);
        }
        sfp::CellStats st;
        st.cell = i;
        st.real = set.real[i];
        rep.experiment.repetitions = std::max(rep.experiment.repetitions, unsigned(st.real.n));
        if (st.real.n > 0 && st.real.median > 0) {
            st.throughput_mbs = double(c.file_size) / st.real.median / 1e6;
            medians[c.input_set].emplace_back(i, st.real.median);
        }
        rep.cells.push_back(c);
        rep.stats.push_back(st);
    }
    for (std::size_t s = 0; s < medians.size(); ++s)
        if (!medians[s].empty()) rep.rankings.push_back(sfp::rank_cells(s, medians[s]));
    // Parameters no cell states are absent: their defaults, so the replayable spec stays a valid one.
    rep.experiment.data_kind = default_data_kind(rep.experiment.algorithm);
    return rep;
}

}  // namespace

ReportError::ReportError(const QString& path, const QString& reason)
    : std::runtime_error(QStringLiteral("report '%1': %2").arg(path, reason).toStdString()) {}

sfp::ExperimentReport report_from_json(const QByteArray& json, const QString& path) {
    const Reader r(path, false);
    return report(r, root_of(r, json));
}

QByteArray read_report_file(const QString& path) {
    try {
        return read_input_file(path, kMaxReportBytes, "a report");
    } catch (const InputFileError& e) {
        throw ReportError(path, QString::fromStdString(e.what()));
    }
}

sfp::ExperimentReport load_report(const QString& path) {
    const QByteArray json = read_report_file(path);
    try {
        const Reader strict(path, false);
        const QJsonObject root = root_of(strict, json);
        if (!root.contains("source")) return report(strict, root);
        return report_of_results(results_of(Reader(path, true), root));  // a reference set states its source
    } catch (const std::bad_alloc&) {
        throw ReportError(path, QStringLiteral("not enough memory to read its %1 bytes").arg(json.size()));
    }
}

ReportResults report_results(const QByteArray& json, const QString& path) {
    const Reader r(path, true);
    return results_of(r, root_of(r, json));
}

}  // namespace core
