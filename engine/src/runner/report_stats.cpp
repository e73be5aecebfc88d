#include "runner/report_stats.hpp"

#include <algorithm>
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
void fit(ExperimentReport& report) {
    std::set<std::uint64_t> sizes;
    for (const InputSet& set : report.input_sets) sizes.insert(set.file_size);
    if (sizes.size() < 2) return;
    std::vector<std::tuple<std::string, std::uint64_t, unsigned>> seen;
    for (const Cell& cell : report.cells) {
        const auto key = std::make_tuple(cell.strategy, cell.block_size, cell.threads);
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
        seen.push_back(key);
        std::vector<SizePoint> points;
        for (const CellStats& st : report.stats) {
            const Cell& c = report.cells[st.cell];
            if (std::make_tuple(c.strategy, c.block_size, c.threads) == key && st.real.n > 0)
                points.push_back({double(c.file_size), st.real.median});
        }
        if (points.size() < 2) continue;
        SizeFit f = fit_size(points);
        f.strategy = cell.strategy;
        f.block_size = cell.block_size;
        f.threads = cell.threads;
        report.fits.push_back(std::move(f));
    }
}

}  // namespace

void compute_statistics(ExperimentReport& report) {
    report.stats.clear();
    report.rankings.clear();
    report.fits.clear();
    std::vector<std::vector<const RunRecord*>> by_cell(report.cells.size());
    for (const RunRecord& r : report.runs) by_cell.at(r.cell).push_back(&r);
    for (std::size_t c = 0; c < report.cells.size(); ++c) report.stats.push_back(cell_stats(c, by_cell[c]));
    rank(report);
    fit(report);
}

}  // namespace sfp::runner
