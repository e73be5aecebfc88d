#include "runner/report_stats.hpp"

#include <map>
#include <set>
#include <tuple>

namespace sfp::runner {
namespace {

CellStats cell_stats(std::size_t cell, const std::vector<const RunRecord*>& runs) {
    CellStats st;
    st.cell = cell;
    std::vector<double> real, user, sys;
    std::uint64_t bytes = 0;
    for (const RunRecord* rp : runs) {
        const RunRecord& r = *rp;
        if (r.status != to_string(Status::ok)) {
            ++st.failed;
            continue;
        }
        real.push_back(r.result.real_s);
        user.push_back(r.result.usage.user_s);
        sys.push_back(r.result.usage.sys_s);
        bytes = r.result.bytes;
    }
    st.real = summarize(real);
    st.user = summarize(user);
    st.sys = summarize(sys);
    st.throughput_mbs = st.real.median > 0 ? double(bytes) / st.real.median / 1e6 : 0;
    st.high_variation = st.real.cv > kHighVariationCv;
    return st;
}

// The fastest cell per input set among those that compute the same thing (floors aside).
void rank(ExperimentReport& report) {
    for (std::size_t set = 0; set < report.input_sets.size(); ++set) {
        std::vector<std::pair<std::size_t, double>> medians;
        for (const CellStats& st : report.stats) {
            const Cell& cell = report.cells[st.cell];
            if (cell.input_set == set && !cell.reference_floor && st.real.n > 0)
                medians.emplace_back(st.cell, st.real.median);
        }
        if (!medians.empty()) report.rankings.push_back(rank_cells(set, std::move(medians)));
    }
}

// One fit per strategy and parameter combination, over the input sets' sizes (medians).
// Cells are grouped in one pass (a map by key), so this stays cheap on a large matrix.
void fit(ExperimentReport& report) {
    std::set<std::uint64_t> sizes;
    for (const InputSet& set : report.input_sets) sizes.insert(set.file_size);
    if (sizes.size() < 2) return;
    using Key = std::tuple<std::string, std::uint64_t, unsigned>;
    std::vector<const Cell*> first_of_key;  // fits come in the order their keys first appear
    std::map<Key, std::vector<SizePoint>> points;
    for (const CellStats& st : report.stats) {
        const Cell& c = report.cells[st.cell];
        const auto [it, fresh] = points.try_emplace(Key{c.strategy, c.block_size, c.threads});
        if (fresh) first_of_key.push_back(&c);
        if (st.real.n > 0) it->second.push_back({double(c.file_size), st.real.median});
    }
    for (const Cell* cell : first_of_key) {
        const std::vector<SizePoint>& p = points[Key{cell->strategy, cell->block_size, cell->threads}];
        if (p.size() < 2) continue;
        SizeFit f = fit_size(p);
        f.strategy = cell->strategy;
        f.block_size = cell->block_size;
        f.threads = cell->threads;
        report.fits.push_back(std::move(f));
    }
}

// Rankings and fits are derived from report.stats; both are cheap (one pass over the cells).
void rank_and_fit(ExperimentReport& report) {
    report.rankings.clear();
    report.fits.clear();
    rank(report);
    fit(report);
}

}  // namespace

void compute_statistics(ExperimentReport& report) {
    report.stats.clear();
    std::vector<std::vector<const RunRecord*>> by_cell(report.cells.size());
    for (const RunRecord& r : report.runs) by_cell.at(r.cell).push_back(&r);
    for (std::size_t c = 0; c < report.cells.size(); ++c) report.stats.push_back(cell_stats(c, by_cell[c]));
    rank_and_fit(report);
}

void update_statistics(ExperimentReport& report, const std::set<std::size_t>& changed_cells) {
    if (report.stats.size() != report.cells.size()) return compute_statistics(report);
    std::map<std::size_t, std::vector<const RunRecord*>> by_cell;
    for (std::size_t c : changed_cells) by_cell[c];
    for (const RunRecord& r : report.runs)
        if (const auto it = by_cell.find(r.cell); it != by_cell.end()) it->second.push_back(&r);
    for (const auto& [c, runs] : by_cell) report.stats.at(c) = cell_stats(c, runs);
    rank_and_fit(report);
}

}  // namespace sfp::runner
