#pragma once
// Fast but wrong is never hidden: runs whose outcome disagrees get status mismatch.
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sfp/report.hpp"

namespace sfp::runner {

// The agreement of one input set's runs, kept up to date as runs arrive (see agreement.cpp for
// how the reference outcome is chosen). A run's verdict depends only on its digest and the
// set's verdict, so a new run costs the strategies' votes, not a look at every earlier run:
// earlier runs are judged again only when the verdict changes. Reference floors and runs that
// did not succeed are not judged.
class Agreement {
public:
    // Judges report.runs[run], the set's newest run. Returns the cells whose runs changed status,
    // so only their statistics need redoing; `changed_runs`, when given, receives the indices
    // (into report.runs) of the runs whose status changed.
    std::set<std::size_t> add(ExperimentReport& report, std::size_t run,
                              std::vector<std::size_t>* changed_runs = nullptr);

    // digest -> how many runs produced it, in order of first appearance (ties go to the first).
    struct Tally {
        std::vector<std::pair<std::string, std::size_t>> counts;
        void add(const std::string& digest);
        const std::string* winner() const;  // the first with the most runs
        std::size_t winners() const;        // how many share the most
    };

private:
    struct Verdict {
        bool unanimous = true;                 // one digest among all judged runs
        std::optional<std::string> reference;  // the digest with the most votes, when one has
        bool operator==(const Verdict&) const = default;
        bool agrees(const std::string& digest) const { return unanimous || reference == digest; }
    };
    Verdict verdict() const;  // from the strategies' votes and the digests seen
    static void set_status(ExperimentReport& report, std::size_t run, RunStatus status, std::set<std::size_t>& changed,
                           std::vector<std::size_t>* changed_runs);
    // A user's command's run, against the reference in the words of its check.
    void judge_answer(ExperimentReport& report, std::size_t run, std::set<std::size_t>& changed,
                      std::vector<std::size_t>* changed_runs);

    std::vector<std::pair<std::string, Tally>> strategies_;   // each strategy's digests, in order of first run
    std::map<std::string, std::vector<std::size_t>> judged_;  // digest -> the judged runs that produced it
    Verdict verdict_;
    std::vector<std::size_t> answers_;  // the commands' judged runs
};

}  // namespace sfp::runner
