#include "runner/report_stats.hpp"

#include "runner/cell_comparison.hpp"
#include "sfp/parameter.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sfp::runner {
namespace {

CellStats cell_stats(const ExperimentReport& report, std::size_t cell, const std::vector<std::size_t>& runs) {
    CellStats st;
    st.cell = cell;
    std::vector<double> real, user, sys, cpu;
    std::uint64_t bytes = 0;
    for (std::size_t run : runs) {
        const RunRecord& r = report.runs[run];
        if (r.status != RunStatus::ok) {
            ++st.failed;
            continue;
        }
        real.push_back(r.result.real_s);
        user.push_back(r.result.usage.user_s);
        sys.push_back(r.result.usage.sys_s);
        cpu.push_back(r.result.usage.cpu_s);
        st.split_resolved = st.split_resolved && r.result.usage.split_resolved;
        st.cpu_exact = st.cpu_exact && r.result.usage.cpu_exact;
        bytes = r.result.bytes;
    }
    st.real = summarize(real);
    st.user = summarize(user);
    st.sys = summarize(sys);
    st.cpu = summarize(cpu);
    st.throughput_mbs = st.real.median > 0 ? double(bytes) / st.real.median / 1e6 : 0;
    st.high_variation = st.real.cv > kHighVariationCv;
    return st;
}

// Each ranked cell compared with the fastest from their runs. A comparison is kept from
// `previous` when neither cell is among `changed` and the fastest is the same: after a run,
// only its cell's comparison is redone, or the whole set's when the fastest ran.
void compare_with_fastest(const ExperimentReport& report, const RunIndex& index, Ranking& ranking,
                          const Ranking* previous, const std::set<std::size_t>& changed) {
    const std::size_t fastest = ranking.fastest_cell;
    std::map<std::size_t, const Comparison*> kept;
    if (previous && previous->fastest_cell == fastest && !changed.count(fastest))
        for (const RankedCell& r : previous->slower)
            if (!changed.count(r.cell)) kept[r.cell] = &r.vs_fastest;
    for (RankedCell& r : ranking.slower) {
        const auto it = kept.find(r.cell);
        r.vs_fastest = it != kept.end()
                           ? *it->second
                           : compare_runs(report, index.runs_of_cell.at(fastest), index.runs_of_cell.at(r.cell));
    }
}

// The fastest of the set's cells among those that compute the same thing (floors aside);
// none while no such cell has a timed run.
std::optional<Ranking> rank_set(const ExperimentReport& report, const RunIndex& index, std::size_t set,
                                const Ranking* previous = nullptr, const std::set<std::size_t>& changed = {}) {
    std::vector<std::pair<std::size_t, double>> medians;
    for (std::size_t c : index.cells_of_set.at(set)) {
        const CellStats& st = report.stats[c];
        if (!report.cells[c].reference_floor && st.real.n > 0) medians.emplace_back(c, st.real.median);
    }
    if (medians.empty()) return std::nullopt;
    Ranking ranking = rank_cells(set, std::move(medians));
    compare_with_fastest(report, index, ranking, previous, changed);
    return ranking;
}

// What a fit holds fixed: the strategy and the value of every parameter a cell can differ in
// (sfp::cell_parameters: block size, threads, packing...), so cells that differ in any of them
// never share a fit; only their file size varies along it.
using FitKey = std::pair<std::string, std::vector<std::optional<std::int64_t>>>;
FitKey fit_key(const Cell& cell, const std::vector<const Parameter*>& parameters) {
    FitKey key{cell.strategy, {}};
    for (const Parameter* p : parameters) key.second.push_back(parameter_value(cell, *p));
    return key;
}

// One fit per strategy and parameter combination, over the input sets' sizes (medians).
// Cells are grouped in one pass (a map by key), so this stays cheap on a large matrix.
void fit(ExperimentReport& report) {
    std::set<std::uint64_t> sizes;
    for (const InputSet& set : report.input_sets) sizes.insert(set.file_size);
    if (sizes.size() < 2) return;
    const std::vector<const Parameter*> parameters = cell_parameters();
    struct Group {
        std::size_t first_cell = 0;
        std::vector<SizePoint> points;
    };
    std::vector<Group> groups;  // fits come in the order their keys first appear
    std::map<FitKey, std::size_t> group_of;
    for (const CellStats& st : report.stats) {
        const Cell& c = report.cells[st.cell];
        const auto [it, fresh] = group_of.try_emplace(fit_key(c, parameters), groups.size());
        if (fresh) groups.push_back({st.cell, {}});
        if (st.real.n > 0) groups[it->second].points.push_back({double(c.file_size), st.real.median});
    }
    for (const Group& g : groups) {
        if (g.points.size() < 2) continue;
        SizeFit f = fit_size(g.points);
        f.cell = g.first_cell;
        report.fits.push_back(f);
    }
}

}  // namespace

void compute_statistics(ExperimentReport& report) {
    const RunIndex index(report);
    report.stats.clear();
    for (std::size_t c = 0; c < report.cells.size(); ++c)
        report.stats.push_back(cell_stats(report, c, index.runs_of_cell[c]));
    report.rankings.clear();
    for (std::size_t set = 0; set < index.cells_of_set.size(); ++set)
        if (std::optional<Ranking> r = rank_set(report, index, set)) report.rankings.push_back(std::move(*r));
    report.fits.clear();
    fit(report);
}

void update_statistics(ExperimentReport& report, const RunIndex& index, const std::set<std::size_t>& changed_cells) {
    if (report.stats.size() != report.cells.size()) return compute_statistics(report);
    std::set<std::size_t> sets;
    for (std::size_t c : changed_cells) {
        report.stats.at(c) = cell_stats(report, c, index.runs_of_cell.at(c));
        sets.insert(report.cells[c].input_set);
    }
    for (std::size_t set : sets) {
        const auto previous = std::find_if(report.rankings.begin(), report.rankings.end(),
                                           [set](const Ranking& r) { return r.input_set == set; });
        set_ranking(
            report.rankings, set,
            rank_set(report, index, set, previous != report.rankings.end() ? &*previous : nullptr, changed_cells));
    }
}

void set_ranking(std::vector<Ranking>& rankings, std::size_t set, const std::optional<Ranking>& ranking) {
    const auto at = std::lower_bound(rankings.begin(), rankings.end(), set,
                                     [](const Ranking& r, std::size_t s) { return r.input_set < s; });
    const bool present = at != rankings.end() && at->input_set == set;
    if (ranking && present)
        *at = *ranking;
    else if (ranking)
        rankings.insert(at, *ranking);
    else if (present)
        rankings.erase(at);
}

}  // namespace sfp::runner
