#include "sfp/explain.hpp"

#include <algorithm>
#include <cmath>

namespace sfp {
namespace {

constexpr WhyInfo kInfo[] = {
    {"faults per MB", "faults/MB", "minor + major page faults of the engine's threads (rusage) per MB processed"},
    {"switches per second", "switches/s", "voluntary + involuntary context switches (rusage) per second elapsed"},
    {"storage read per byte", "read B/B",
     "bytes the threads had read from storage (/proc/thread-self/io) per byte processed"},
    {"storage written per byte", "written B/B",
     "bytes the threads dirtied for storage (/proc/thread-self/io) per byte processed"},
    {"CPU seconds per GB", "CPU s/GB", "exact CPU time of the engine's threads per GB processed"},
    {"cycles per byte", "cycles/B", "CPU cycles (perf_event_open) per byte processed", true},
    {"instructions per byte", "instr/B", "instructions retired (perf_event_open) per byte processed", true},
    {"dTLB read misses per byte", "dTLB miss/B", "data TLB read misses (perf_event_open) per byte processed", true},
};

// A counter of one run: what it counts, and the unit of work it is divided by.
struct Count {
    std::optional<double> count;
    double unit = 0;
};

std::optional<double> as_double(std::optional<std::uint64_t> n) {
    return n ? std::optional<double>(double(*n)) : std::nullopt;
}

Count count_of(const RunRecord& run, Why counter) {
    const Usage& u = run.result.usage;
    const double bytes = double(run.result.bytes);
    switch (counter) {
        case Why::faults: return {double(u.minor_faults + u.major_faults), bytes / 1e6};
        case Why::switches: return {double(u.voluntary_switches + u.involuntary_switches), run.result.real_s};
        case Why::storage_read: return {as_double(u.read_bytes), bytes};
        case Why::storage_write: return {as_double(u.write_bytes), bytes};
        case Why::cpu: return {u.cpu_s, bytes / 1e9};
        case Why::cycles: return {as_double(u.cycles), bytes};
        case Why::instructions: return {as_double(u.instructions), bytes};
        case Why::dtlb: return {as_double(u.dtlb_read_misses), bytes};
    }
    return {};
}

// The smallest step a counter takes: storage moves in pages, CPU time is read to the nanosecond
// but a microsecond is as close as runs repeat; the rest count whole events.
double event_of(Why counter) {
    switch (counter) {
        case Why::storage_read:
        case Why::storage_write: return 4096;
        case Why::cpu: return 1e-6;
        default: return 1;
    }
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
    const Count c = count_of(run, counter);
    if (!c.count || c.unit <= 0) return std::nullopt;
    return *c.count / c.unit;
}

double separation(double a, double b, double floor) {
    const double m = std::max(std::max(std::abs(a), std::abs(b)) / 100, floor);
    if (m == 0) return 0;
    return std::abs(std::log((a + m) / (b + m)));
}

std::optional<double> value_of(const CellWhy& cell, Why counter) { return cell.values[std::size_t(counter)]; }

std::optional<double> separation(const CellWhy& a, const CellWhy& b, Why counter) {
    const std::optional<double> x = value_of(a, counter), y = value_of(b, counter);
    if (!x || !y) return std::nullopt;
    const std::size_t k = std::size_t(counter);
    return separation(*x, *y, std::max(a.one_event[k], b.one_event[k]));
}

std::optional<Why> separating_counter(const CellWhy& cell, const CellWhy& fastest, double* by) {
    std::optional<Why> best;
    double widest = 0;
    for (Why w : kWhy) {
        const double d = separation(cell, fastest, w).value_or(0);
        if (d > widest + 1e-9) widest = d, best = w;  // a tie (two 101x) within rounding: the first
    }
    if (by) *by = widest;
    return best;
}

std::vector<CellWhy> explain_cells(const ExperimentReport& report) {
    std::vector<CellWhy> out(report.cells.size());
    // Per cell and counter: the runs' values, and their units (whose median sizes one event).
    std::vector<std::array<std::vector<double>, kWhy.size()>> values(out.size()), units(out.size());
    for (const RunRecord& r : report.runs) {
        if (r.cell >= out.size() || r.status != RunStatus::ok) continue;
        ++out[r.cell].runs;
        for (Why w : kWhy) {
            const Count c = count_of(r, w);
            if (!c.count || c.unit <= 0) continue;
            values[r.cell][std::size_t(w)].push_back(*c.count / c.unit);
            units[r.cell][std::size_t(w)].push_back(c.unit);
        }
    }
    for (std::size_t c = 0; c < out.size(); ++c) {
        out[c].cell = c;
        for (Why w : kWhy) {
            const std::size_t k = std::size_t(w);
            if (values[c][k].empty()) continue;
            out[c].values[k] = summarize(values[c][k]).median;
            out[c].one_event[k] = event_of(w) / summarize(units[c][k]).median;
        }
    }
    for (const Ranking& ranking : report.rankings) {
        const CellWhy& fastest = out.at(ranking.fastest_cell);
        for (CellWhy& c : out) {
            if (report.cells[c.cell].input_set != ranking.input_set) continue;
            c.fastest = ranking.fastest_cell;
            if (c.cell != ranking.fastest_cell && c.runs > 0)
                c.separates = separating_counter(c, fastest, &c.separated_by);
        }
    }
    return out;
}

}  // namespace sfp
