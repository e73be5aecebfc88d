#include "cell_metrics.hpp"

#include <QObject>
#include <algorithm>
#include <thread>

#include "report_format.hpp"

namespace plots {

QString metric_name(Metric m) {
    switch (m) {
        case Metric::elapsed: return QObject::tr("elapsed");
        case Metric::user: return QObject::tr("user");
        case Metric::system: return QObject::tr("system");
        case Metric::cpu: return QObject::tr("CPU");
        case Metric::throughput: return QObject::tr("throughput");
        case Metric::cpu_time: return QObject::tr("CPU time");
    }
    return {};
}

QString metric_unit(Metric m) {
    switch (m) {
        case Metric::cpu: return QStringLiteral("%");
        case Metric::throughput: return QStringLiteral("MB/s");
        default: return QStringLiteral("s");
    }
}

QString metric_title(Metric m) {
    switch (m) {
        case Metric::elapsed: return QObject::tr("elapsed time (s)");
        case Metric::user: return QObject::tr("user CPU time (s)");
        case Metric::system: return QObject::tr("system CPU time (s)");
        case Metric::cpu: return QObject::tr("CPU % of all cores");
        case Metric::throughput: return QObject::tr("throughput (MB/s)");
        case Metric::cpu_time: return QObject::tr("CPU time, exact (s)");
    }
    return {};
}

bool counts(const sfp::RunRecord& record) { return record.status == sfp::RunStatus::ok; }

double large_folio_share(const sfp::ExperimentReport& report, std::optional<std::size_t> cell) {
    double sum = 0;
    int known = 0;
    for (const sfp::RunRecord& r : report.runs)
        if (counts(r) && r.large_folio_share >= 0 && (!cell || r.cell == *cell)) sum += r.large_folio_share, ++known;
    return known ? sum / known : -1;
}

unsigned cores_of(const sfp::ExperimentReport& report) {
    // Asked once: each call reads sysfs, and a live plot asks for every run of every cell.
    static const unsigned here = std::max(1u, std::thread::hardware_concurrency());
    return report.machine.cores ? report.machine.cores : here;
}

bool cpu_over_base(double cpu_percent) { return cpu_percent > 100.5; }  // rounding of the clocks

double metric_of(const sfp::RunRecord& record, Metric m, unsigned cores) {
    const sfp::RunResult& r = record.result;
    switch (m) {
        case Metric::elapsed: return r.real_s;
        case Metric::user: return r.usage.user_s;
        case Metric::system: return r.usage.sys_s;
        case Metric::cpu: return core::cpu_percent(r.usage.cpu_s, r.real_s, cores).value_or(0);
        case Metric::throughput: return r.real_s > 0 ? double(r.bytes) / r.real_s / 1e6 : 0;
        case Metric::cpu_time: return r.usage.cpu_s;
    }
    return 0;
}

std::vector<double> cell_values(const sfp::ExperimentReport& report, std::size_t cell, Metric m) {
    std::vector<double> values;
    const unsigned cores = cores_of(report);
    for (const sfp::RunRecord& r : report.runs)
        if (r.cell == cell && counts(r)) values.push_back(metric_of(r, m, cores));
    return values;
}

namespace {

// The runner summarises every cell after every run; a report without its statistics is one
// made by hand (tests) or not started yet.
bool has_runner_stats(const sfp::ExperimentReport& report) { return report.stats.size() == report.cells.size(); }

}  // namespace

sfp::Summary cell_summary(const sfp::ExperimentReport& report, std::size_t cell, Metric m) {
    if (has_runner_stats(report) && cell < report.stats.size()) {
        const sfp::CellStats& s = report.stats[cell];
        switch (m) {
            case Metric::elapsed: return s.real;
            case Metric::user: return s.user;
            case Metric::system: return s.sys;
            case Metric::cpu_time: return s.cpu;
            default: break;  // per-run ratios the runner does not summarise
        }
    }
    return sfp::summarize(cell_values(report, cell, m));
}

std::vector<sfp::CellStats> cell_stats(const sfp::ExperimentReport& report) {
    if (has_runner_stats(report)) return report.stats;
    std::vector<sfp::CellStats> out(report.cells.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        sfp::CellStats& s = out[i];
        s.cell = i;
        s.real = cell_summary(report, i, Metric::elapsed);
        s.user = cell_summary(report, i, Metric::user);
        s.sys = cell_summary(report, i, Metric::system);
        s.cpu = cell_summary(report, i, Metric::cpu_time);
        s.high_variation = s.real.n > 1 && s.real.cv > sfp::kHighVariationCv;
    }
    std::vector<std::uint64_t> bytes(out.size(), 0);
    for (const sfp::RunRecord& r : report.runs) {
        if (r.cell >= out.size()) continue;
        if (!counts(r)) {
            ++out[r.cell].failed;
            continue;
        }
        bytes[r.cell] = r.result.bytes;
        out[r.cell].split_resolved = out[r.cell].split_resolved && r.result.usage.split_resolved;
        out[r.cell].cpu_exact = out[r.cell].cpu_exact && r.result.usage.cpu_exact;
    }
    for (std::size_t i = 0; i < out.size(); ++i)
        if (out[i].real.median > 0) out[i].throughput_mbs = double(bytes[i]) / out[i].real.median / 1e6;
    return out;
}

namespace {

std::vector<Slowdown> from_ranking(const sfp::Ranking& r) {
    std::vector<Slowdown> list{{r.fastest_cell, 1.0, std::nullopt}};
    for (const sfp::RankedCell& s : r.slower)
        if (s.cell != r.fastest_cell) list.push_back({s.cell, s.vs_fastest.ratio, s.vs_fastest});
    return list;
}

}  // namespace

std::vector<std::vector<Slowdown>> slowdowns(const sfp::ExperimentReport& report) {
    std::vector<std::vector<Slowdown>> out;
    // The runner's rankings whenever it has summarised the report, even when they are empty
    // (only reference floors have run so far: those are never ranked).
    if (has_runner_stats(report)) {
        for (const sfp::Ranking& r : report.rankings) out.push_back(from_ranking(r));
        return out;
    }
    std::size_t sets = 0;
    for (const sfp::Cell& c : report.cells) sets = std::max(sets, c.input_set + 1);
    for (std::size_t set = 0; set < sets; ++set) {
        std::vector<std::pair<std::size_t, double>> medians;
        for (std::size_t i = 0; i < report.cells.size(); ++i) {
            if (report.cells[i].input_set != set || report.cells[i].reference_floor) continue;
            const sfp::Summary s = cell_summary(report, i, Metric::elapsed);
            if (s.n > 0 && s.median > 0) medians.emplace_back(i, s.median);
        }
        if (medians.empty()) continue;
        sfp::Ranking ranking = sfp::rank_cells(set, std::move(medians));
        for (sfp::RankedCell& s : ranking.slower)
            s.vs_fastest = sfp::compare_cells(report, ranking.fastest_cell, s.cell);
        out.push_back(from_ranking(ranking));
    }
    return out;
}

bool drawn_as_fastest(const Slowdown& s, double noise) {
    return !s.vs_fastest || sfp::verdict(*s.vs_fastest, noise) == sfp::Verdict::same;
}

}  // namespace plots
