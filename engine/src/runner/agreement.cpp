// How the reference outcome of an input set is chosen:
//  - Only successful runs (status ok) of strategies that are not reference floors count.
//  - Each strategy votes once, with the digest most of its runs produced (a tie inside one
//    strategy: the digest it produced first). One vote per strategy, not per run, so a
//    strategy with many cells (block sizes x threads) cannot outvote the others.
//  - The reference is the digest with the most votes. Every run with another digest is a
//    MISMATCH -- including a wrong run of an otherwise right strategy.
//  - When two digests tie for the most votes there is no majority and no telling which side
//    is right, so every run whose digest is not unanimous is flagged: hiding a disagreement
//    would be worse than over-reporting it.
#include "runner/agreement.hpp"

#include <algorithm>
#include <map>

namespace sfp::runner {
namespace {

// digest -> count, remembering first appearance for ties.
struct Tally {
    std::vector<std::pair<std::string, std::size_t>> counts;  // in order of first appearance
    void add(const std::string& digest) {
        const auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == digest; });
        if (it == counts.end())
            counts.emplace_back(digest, 1);
        else
            ++it->second;
    }
    std::size_t best_count() const {
        std::size_t best = 0;
        for (const auto& c : counts) best = std::max(best, c.second);
        return best;
    }
    const std::string* winner() const {  // first with the best count
        for (const auto& c : counts)
            if (c.second == best_count()) return &c.first;
        return nullptr;
    }
    std::size_t winners() const {
        return std::size_t(std::count_if(counts.begin(), counts.end(),
                                         [&](const auto& c) { return c.second == best_count(); }));
    }
};

}  // namespace

std::set<std::size_t> check_agreement(ExperimentReport& report, std::span<const std::size_t> set_runs,
                                      std::vector<std::size_t>* changed_runs) {
    std::vector<RunRecord*> judged;
    std::map<std::string, Tally> per_strategy;
    std::vector<std::string> strategy_order;
    for (std::size_t run : set_runs) {
        RunRecord& r = report.runs.at(run);
        const Cell& cell = report.cells[r.cell];
        if (cell.reference_floor || r.result.status != Status::ok) continue;
        judged.push_back(&r);
        if (!per_strategy.count(cell.strategy)) strategy_order.push_back(cell.strategy);
        per_strategy[cell.strategy].add(r.result.digest);
    }
    Tally votes;
    for (const std::string& s : strategy_order) votes.add(*per_strategy[s].winner());
    const bool unanimous = votes.counts.size() <= 1 &&
                           std::all_of(judged.begin(), judged.end(), [&](const RunRecord* r) {
                               return r->result.digest == judged.front()->result.digest;
                           });
    const std::string* reference = votes.winners() == 1 ? votes.winner() : nullptr;
    std::set<std::size_t> changed;
    for (RunRecord* r : judged) {
        const bool agrees = unanimous || (reference && r->result.digest == *reference);
        const RunStatus status = agrees ? RunStatus::ok : RunStatus::mismatch;
        if (r->status == status) continue;
        r->status = status;
        changed.insert(r->cell);
        if (changed_runs) changed_runs->push_back(std::size_t(r - report.runs.data()));
    }
    return changed;
}

}  // namespace sfp::runner
