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
    {"runnable wait per second", "runnable s/s",
     "seconds the threads were runnable with no CPU to run on (/proc/thread-self/schedstat) per second elapsed"},
    {"blocked per second", "blocked s/s",
     "seconds the threads were neither on a CPU nor runnable (I/O, faults, locks, sleep) per second elapsed"},
    {"block I/O wait per second", "blkio s/s",
     "of blocked, seconds waiting on block I/O (delay accounting, n/a while off) per second elapsed"},
    {"steal percent", "steal %",
     "share of the VM's CPU time its hypervisor gave to others during the run (/proc/stat)"},
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
        case Why::runnable: return {u.runnable_wait_s, run.result.real_s};
        case Why::blocked: return {u.blocked_s, run.result.real_s};
        case Why::blkio: return {u.blkio_wait_s, run.result.real_s};
        case Why::steal: return {u.steal_pct, 1};
        case Why::cycles: return {as_double(u.cycles), bytes};
        case Why::instructions: return {as_double(u.instructions), bytes};
        case Why::dtlb: return {as_double(u.dtlb_read_misses), bytes};
    }
    return {};
}

// The smallest step a counter takes: storage moves in pages, CPU time is read to the nanosecond
// but a microsecond is as close as runs repeat, waits come in scheduler slices (a millisecond),
// steal in percentage points; the rest count whole events.
double event_of(Why counter) {
    switch (counter) {
        case Why::storage_read:
        case Why::storage_write: return 4096;
        case Why::cpu: return 1e-6;
        case Why::runnable:
        case Why::blocked:
        case Why::blkio: return 1e-3;
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

namespace {

// Over a cell's ok runs, the mean share of their threads' waiting (runnable + blocked) that was
// each part; none where a run lacks it.
struct WaitShares {
    std::optional<double> runnable, blocked, blkio;
};

WaitShares wait_shares(const ExperimentReport& report, std::size_t cell) {
    double runnable = 0, blocked = 0, blkio = 0;
    std::size_t n = 0, with_blkio = 0;
    bool every = true;
    for (const RunRecord& r : report.runs) {
        if (r.cell != cell || r.status != RunStatus::ok) continue;
        const Usage& u = r.result.usage;
        if (!u.runnable_wait_s || !u.blocked_s) {
            every = false;
            continue;
        }
        const double waited = *u.runnable_wait_s + *u.blocked_s;
        if (waited <= 0) continue;  // a run that never waited says nothing of how it would
        ++n;
        runnable += *u.runnable_wait_s / waited, blocked += *u.blocked_s / waited;
        if (u.blkio_wait_s) ++with_blkio, blkio += std::min(*u.blkio_wait_s, *u.blocked_s) / waited;
    }
    if (!every || n == 0) return {};
    return {runnable / double(n), blocked / double(n),
            with_blkio == n ? std::optional<double>(blkio / double(n)) : std::nullopt};
}

}  // namespace

TimeSplit time_split(const ExperimentReport& report, const CellStats& st) {
    TimeSplit t = time_split(st);
    const WaitShares shares = wait_shares(report, st.cell);
    if (!shares.runnable) return t;
    t.runnable_s = t.waiting_s * *shares.runnable;
    t.blocked_s = t.waiting_s - *t.runnable_s;
    if (shares.blkio) t.blkio_s = std::min(*t.blocked_s, t.waiting_s * *shares.blkio);
    return t;
}

bool disturbed_by_load(const RunResult& run, unsigned cpus) {
    const Usage& u = run.usage;
    if (!u.runnable_wait_s || !u.thread_s || *u.thread_s <= 0 || run.real_s <= 0) return false;
    // The threads alive at once, on average; a little over the CPUs is the runner's own share.
    const bool own_threads_fit = *u.thread_s <= 1.1 * double(std::max(1u, cpus)) * run.real_s;
    return own_threads_fit && *u.runnable_wait_s >= kDisturbedShare * *u.thread_s;
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
