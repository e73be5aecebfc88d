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
//  - A user's command (commands/answer.hpp) never votes: its answer is judged against the
//    reference outcome put in the words of its check. With no built-in run yet it stands; with
//    runs but no reference it is flagged, as they are.
#include "runner/agreement.hpp"
#include "commands/answer.hpp"
#include "sfp/cell.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

#include <algorithm>
#include <utility>

namespace sfp::runner {

void Agreement::Tally::add(const std::string& digest) {
    const auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == digest; });
    if (it == counts.end())
        counts.emplace_back(digest, 1);
    else
        ++it->second;
}

const std::string* Agreement::Tally::winner() const {
    const auto best = std::max_element(counts.begin(), counts.end(),  // the first of equals
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
    return best == counts.end() ? nullptr : &best->first;
}

std::size_t Agreement::Tally::winners() const {
    if (counts.empty()) return 0;
    const std::size_t best = std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
                                 return a.second < b.second;
                             })->second;
    return std::size_t(std::count_if(counts.begin(), counts.end(), [&](const auto& c) { return c.second == best; }));
}

Agreement::Verdict Agreement::verdict() const {
    Tally votes;  // one per strategy: its most frequent digest
    for (const auto& [name, tally] : strategies_) votes.add(*tally.winner());
    Verdict v;
    v.unanimous = judged_.size() <= 1;
    if (votes.winners() == 1) v.reference = *votes.winner();
    return v;
}

std::set<std::size_t> Agreement::add(ExperimentReport& report, std::size_t run,
                                     std::vector<std::size_t>* changed_runs) {
    RunRecord& r = report.runs.at(run);
    const Cell& cell = report.cells.at(r.cell);
    if (cell.reference_floor || r.result.status != Status::ok) return {};
    if (r.result.outcome.get_if<commands::CommandAnswer>()) {
        answers_.push_back(run);
        std::set<std::size_t> changed;
        judge_answer(report, run, changed, changed_runs);
        return changed;
    }
    auto strategy =
        std::find_if(strategies_.begin(), strategies_.end(), [&](const auto& s) { return s.first == cell.strategy; });
    if (strategy == strategies_.end()) strategy = strategies_.insert(strategies_.end(), {cell.strategy, Tally{}});
    strategy->second.add(r.result.digest);
    judged_[r.result.digest].push_back(run);

    const Verdict before = std::exchange(verdict_, verdict());
    std::set<std::size_t> changed;
    const auto judge = [&](std::size_t i) {
        set_status(report, i, verdict_.agrees(report.runs[i].result.digest) ? RunStatus::ok : RunStatus::mismatch,
                   changed, changed_runs);
    };
    if (verdict_ == before) {
        judge(run);
    } else {
        for (const auto& [digest, runs] : judged_)
            for (std::size_t i : runs) judge(i);
        for (std::size_t i : answers_) judge_answer(report, i, changed, changed_runs);
    }
    return changed;
}

void Agreement::set_status(ExperimentReport& report, std::size_t run, RunStatus status, std::set<std::size_t>& changed,
                           std::vector<std::size_t>* changed_runs) {
    RunRecord& judged = report.runs[run];
    if (judged.status == status) return;
    judged.status = status;
    changed.insert(judged.cell);
    if (changed_runs) changed_runs->push_back(run);
}

void Agreement::judge_answer(ExperimentReport& report, std::size_t run, std::set<std::size_t>& changed,
                             std::vector<std::size_t>* changed_runs) {
    const auto& answer = report.runs[run].result.outcome.get<commands::CommandAnswer>();
    const std::string* reference = verdict_.reference    ? &*verdict_.reference
                                   : judged_.size() == 1 ? &judged_.begin()->first
                                                         : nullptr;
    bool right = judged_.empty();  // nothing to judge it by yet
    if (reference) {
        const std::optional<std::string> expected =
            commands::answer_of(report.runs[judged_.at(*reference).front()].result.outcome, answer.check);
        right = expected == answer.text;
    }
    set_status(report, run, right ? RunStatus::ok : RunStatus::mismatch, changed, changed_runs);
}

}  // namespace sfp::runner
