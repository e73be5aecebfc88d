#include "sfp/explain.hpp"

#include <algorithm>
#include <cmath>

namespace sfp {
namespace {

constexpr WhyInfo kInfo[] = {
    {"faults per MB", "faults/MB", "minor + major page faults of the engine's threads (rusage) per MB processed"},
    {"switches per second", "switches/s", "voluntary + involuntary context switches (rusage) per second elapsed"},
    {"storage read per byte", "read B/B", "bytes the threads had read from storage (/proc/thread-self/io) per byte processed"},
    {"storage written per byte", "written B/B", "bytes the threads dirtied for storage (/proc/thread-self/io) per byte processed"},
    {"CPU seconds per GB", "CPU s/GB", "exact CPU time of the engine's threads per GB processed"},
    {"cycles per byte", "cycles/B", "CPU cycles (perf_event_open) per byte processed", true},
    {"instructions per byte", "instr/B", "instructions retired (perf_event_open) per byte processed", true},
    {"dTLB read misses per byte", "dTLB miss/B", "data TLB read misses (perf_event_open) per byte processed", true},
};

std::optional<double> per(std::optional<std::uint64_t> count, double unit) {
    if (!count || unit <= 0) return std::nullopt;
    return double(*count) / unit;
}

}  // namespace

TimeSplit time_split(const CellStats& st) {
    TimeSplit t;
    t.runs = st.real.n;
    if (t.runs == 0) return t;
    t.real_s = st.real.median;
    t.cpu_s = st.cpu.median;
    t.resolved = st.split_resolved;
    t.cpu_exact = st.cpu_exact;
    if (t.resolved) {
        const double sampled = st.user.mean + st.sys.mean;
        t.user_s = sampled > 0 ? t.cpu_s * st.user.mean / sampled : t.cpu_s;
        t.sys_s = t.cpu_s - t.user_s;
    }
    t.waiting_s = std::max(0.0, t.real_s - t.cpu_s);
    return t;
}

const WhyInfo& why_info(Why counter) { return kInfo[std::size_t(counter)]; }

std::optional<double> why_value(const RunRecord& run, Why counter) {
    const Usage& u = run.result.usage;
    const double bytes = double(run.result.bytes);
    switch (counter) {
    case Why::faults: return per(std::uint64_t(u.minor_faults + u.major_faults), bytes / 1e6);
    case Why::switches: return per(std::uint64_t(u.voluntary_switches + u.involuntary_switches), run.result.real_s);
    case Why::storage_read: return per(u.read_bytes, bytes);
    case Why::storage_write: return per(u.write_bytes, bytes);
    case Why::cpu: return bytes > 0 ? std::optional(u.cpu_s / (bytes / 1e9)) : std::nullopt;
    case Why::cycles: return per(u.cycles, bytes);
    case Why::instructions: return per(u.instructions, bytes);
    case Why::dtlb: return per(u.dtlb_read_misses, bytes);
    }
    return std::nullopt;
}

double separation(double a, double b) {
    const double m = std::max(std::abs(a), std::abs(b)) / 100;
    if (m == 0) return 0;
    return std::abs(std::log((a + m) / (b + m)));
}

std::optional<double> value_of(const CellWhy& cell, Why counter) { return cell.values[std::size_t(counter)]; }

std::optional<Why> separating_counter(const CellWhy& cell, const CellWhy& fastest, double* by) {
    std::optional<Why> best;
    double widest = 0;
    for (Why w : kWhy) {
        const std::optional<double> a = value_of(cell, w), b = value_of(fastest, w);
        if (!a || !b) continue;
        const double d = separation(*a, *b);
        if (d > widest) widest = d, best = w;
    }
    if (by) *by = widest;
    return best;
}

std::vector<CellWhy> explain_cells(const ExperimentReport& report) {
    std::vector<CellWhy> out(report.cells.size());
    std::vector<std::array<std::vector<double>, kWhy.size()>> samples(out.size());
    for (const RunRecord& r : report.runs) {
        if (r.cell >= out.size() || r.status != RunStatus::ok) continue;
        ++out[r.cell].runs;
        for (Why w : kWhy)
            if (const std::optional<double> v = why_value(r, w)) samples[r.cell][std::size_t(w)].push_back(*v);
    }
    for (std::size_t c = 0; c < out.size(); ++c) {
        out[c].cell = c;
        for (Why w : kWhy)
            if (!samples[c][std::size_t(w)].empty()) out[c].values[std::size_t(w)] = summarize(samples[c][std::size_t(w)]).median;
    }
    for (const Ranking& ranking : report.rankings) {
        const CellWhy& fastest = out.at(ranking.fastest_cell);
        for (CellWhy& c : out) {
            if (report.cells[c.cell].input_set != ranking.input_set) continue;
            c.fastest = ranking.fastest_cell;
            if (c.cell != ranking.fastest_cell && c.runs > 0) c.separates = separating_counter(c, fastest, &c.separated_by);
        }
    }
    return out;
}

}  // namespace sfp
