// Every cell as a share of its ceiling: the limit its algorithm declares for its strategy and
// cache state (AlgorithmIo::limit), at its threads.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "sfp/algorithm_io.hpp"
#include "sfp/cache_mode.hpp"
#include "sfp/cell.hpp"
#include "sfp/experiment.hpp"
#include "sfp/registry.hpp"
#include "sfp/report.hpp"
#include "sfp/run.hpp"
#include "sfp/run_record.hpp"

namespace sfp {
namespace {

bool device_bound(LimitId id) {
    return id == LimitId::device_read_qd1 || id == LimitId::device_read_qd32 || id == LimitId::small_files_cold;
}

bool known(const std::string& device) { return !device.empty() && device != "unknown"; }

// The cell's bound as its algorithm declares it, with the limit of generated inputs in place of
// the first where the experiment generates them.
std::optional<LimitBound> bound_of(const Experiment& e, const Cell& cell) {
    const AlgorithmIo* io = algorithm_io(e.algorithm);
    if (!io || !io->limit) return std::nullopt;
    LimitBound bound = io->limit(cell.strategy, e.cache);
    if (bound.generated && e.inputs.empty()) bound.first = *bound.generated;
    return bound;
}

// The figure of one limit for the cell, or why there is none.
double figure_of(const MachineLimits& limits, LimitId id, unsigned threads, const std::string& input_device,
                 std::string& reason) {
    const Limit* l = limits.find(id);
    const std::string name(limit_name(id));
    if (!l)
        reason = name + " is not measured for this machine (`sfpbench limits` measures it)";
    else if (!l->unavailable.empty())
        reason = name + " cannot be measured here: " + l->unavailable;
    else if (!l->measured())
        reason = name + " was not measured (cancelled)";
    else if (device_bound(id) && known(input_device) && known(limits.device) && input_device != limits.device)
        reason = "the inputs are on " + input_device + ", the device limits were measured on " + limits.device;
    else
        return l->figure(threads);
    return 0;
}

// The figure of the bound's first limit, or of its other way to the same bytes when that one is
// measured and faster; `chosen` is the one the figure belongs to.
double first_figure(const MachineLimits& limits, const LimitBound& bound, unsigned threads,
                    const std::string& input_device, LimitId& chosen, std::string& reason) {
    chosen = bound.first;
    const double first = figure_of(limits, bound.first, threads, input_device, reason);
    if (!bound.or_faster) return first;
    std::string other_reason;
    const double other = figure_of(limits, *bound.or_faster, threads, input_device, other_reason);
    if (!other_reason.empty() || (reason.empty() && other <= first)) return first;
    reason.clear();
    chosen = *bound.or_faster;
    return other;
}

// Whether a figure the cell's limit comes from is uncertain, and the largest spread among them.
void note_doubts(const MachineLimits& limits, unsigned threads, CellLimit& out) {
    for (LimitId id : out.ids)
        if (const LimitPoint* p = limits.find(id)->point(threads)) {
            out.uncertain = out.uncertain || p->uncertain();
            out.spread = std::max(out.spread, p->spread());
        }
}

double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The limits of the round a run of `repetition` ran in (nullptr when not measured in rounds).
const MachineLimits* round_of(const ExperimentReport& report, unsigned repetition) {
    if (repetition == 0 || repetition > report.round_limits.size()) return nullptr;
    return &report.round_limits[repetition - 1];
}

}  // namespace

std::vector<LimitId> limits_needed(const Experiment& experiment, std::span<const Cell> cells) {
    std::vector<LimitId> out;
    for (const Cell& c : cells)
        if (const std::optional<LimitBound> b = bound_of(experiment, c); b && b->none.empty()) {
            out.push_back(b->first);
            if (b->or_faster) out.push_back(*b->or_faster);
            if (b->then) out.push_back(*b->then);
        }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

CellLimit cell_limit(const MachineLimits& limits, const Experiment& experiment, const Cell& cell,
                     const std::string& input_device) {
    CellLimit out;
    const std::optional<LimitBound> bound = bound_of(experiment, cell);
    if (!bound) {
        out.reason = experiment.algorithm + " declares no limit";
        return out;
    }
    if (!bound->none.empty()) {
        out.reason = std::string(bound->none);
        return out;
    }
    if (limits.limits.empty() && !limits.absent.empty()) {
        out.reason = limits.absent;
        return out;
    }
    const unsigned threads = std::max(1u, unsigned(cell.value(kThreadsParameter.name)));
    LimitId read = bound->first;
    const double first = first_figure(limits, *bound, threads, input_device, read, out.reason);
    const double then = bound->then ? figure_of(limits, *bound->then, threads, input_device, out.reason) : 0;
    if (!out.reason.empty()) return out;
    out.name = std::string(limit_name(read)) + (bound->then ? " + " + std::string(limit_name(*bound->then)) : "");
    out.ids = {read};
    if (bound->then) out.ids.push_back(*bound->then);
    note_doubts(limits, threads, out);
    const Limit& l = *limits.find(read);
    if (l.points.size() > 1) out.threads = l.figure_threads(threads);
    if (!bound->then || device_bound(read)) {  // the device reads (read-ahead) while the CPUs write
        out.bytes_per_s = bound->then ? std::min(first, then) : first;
        return out;
    }
    // The same bytes through both: one thread reads a block, then writes it, so the times add.
    const double serial = 1 / (1 / l.figure(1) + 1 / limits.find(*bound->then)->figure(1));
    // More threads overlap one block's read with another's write on other CPUs: each CPU still
    // needs the serial time per byte, and neither side passes its own figure at these threads.
    const unsigned cpus =
        limits.load.cpus ? limits.load.cpus : l.points.back().threads;  // an older file: the most measured
    out.bytes_per_s = std::min({first, then, std::min(threads, std::max(1u, cpus)) * serial});
    return out;
}

CellLimit run_limit(const MachineLimits& limits, const RunSpec& spec, CacheMode cache) {
    Experiment e;
    e.algorithm = spec.algorithm;
    e.inputs = spec.inputs;
    e.cache = cache;
    const AlgorithmIo* io = algorithm_io(spec.algorithm);
    Cell cell{.strategy = spec.strategy.empty() && io ? std::string(io->default_strategy) : spec.strategy};
    if (const Strategy* s = io ? find_strategy(spec.algorithm, cell.strategy) : nullptr;
        s && uses(*s, kThreadsParameter))
        set_parameter_value(cell, kThreadsParameter, resolved_threads(spec.threads));
    return cell_limit(limits, e, cell, "");
}

CellLimit cell_limit(const ExperimentReport& report, std::size_t cell) {
    CellLimit kept = cell_limit(report.limits, report.experiment, report.cells.at(cell), report.machine.device);
    if (report.round_limits.empty()) return kept;
    std::vector<double> figures;
    CellLimit out;
    for (const RunRecord& r : report.runs) {
        if (r.cell != cell) continue;
        const CellLimit round = record_limit(report, std::size_t(&r - report.runs.data()));
        if (round.bytes_per_s <= 0) continue;
        if (figures.empty()) out = round;
        figures.push_back(round.bytes_per_s);
        out.uncertain = out.uncertain || round.uncertain;
        out.spread = std::max(out.spread, round.spread);
    }
    if (figures.empty()) return kept;  // no run yet: what the limits kept before say
    out.bytes_per_s = median_of(figures);
    out.rounds = unsigned(figures.size());
    return out;
}

CellLimit record_limit(const ExperimentReport& report, std::size_t run) {
    const RunRecord& r = report.runs.at(run);
    const MachineLimits* round = round_of(report, r.repetition);
    if (!round) return cell_limit(report.limits, report.experiment, report.cells.at(r.cell), report.machine.device);
    CellLimit out = cell_limit(*round, report.experiment, report.cells.at(r.cell), report.machine.device);
    if (out.bytes_per_s > 0) out.rounds = 1;
    return out;
}

std::string CellLimit::label() const {
    if (threads == 0) return name;
    return name + ", " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

std::optional<double> limit_pct(const CellLimit& limit, double bytes, double seconds) {
    if (limit.bytes_per_s <= 0 || seconds <= 0 || bytes <= 0) return std::nullopt;
    return bytes / seconds / limit.bytes_per_s * 100;
}

}  // namespace sfp
