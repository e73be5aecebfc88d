// Agreement between strategies as the runner decides it, one run at a time, kept up to date per
// input set (runner::Agreement), against a reference written here that judges a whole report at once.
#include <QtTest>
#include <map>
#include <random>

#include "hand_made.hpp"
#include "runner/agreement.hpp"

namespace {

using sfp::RunStatus;

// The rules of agreement.cpp, done the plain way over every run: per input set, each strategy
// (floors aside) votes with the digest most of its successful runs produced (the earliest on a
// tie); a digest with more votes than any other is right; with no such digest only unanimity is.
std::vector<RunStatus> reference_statuses(const sfp::ExperimentReport& r) {
    std::vector<RunStatus> out;
    for (const sfp::RunRecord& run : r.runs) out.push_back(sfp::run_status(run.result.status));
    std::size_t sets = 0;
    for (const sfp::Cell& c : r.cells) sets = std::max(sets, c.input_set + 1);
    for (std::size_t set = 0; set < sets; ++set) {
        std::vector<std::size_t> judged;
        std::map<std::string, std::vector<std::string>> digests;  // strategy -> its digests, in run order
        for (std::size_t i = 0; i < r.runs.size(); ++i) {
            const sfp::Cell& c = r.cells[r.runs[i].cell];
            if (c.input_set != set || c.reference_floor || r.runs[i].result.status != sfp::Status::ok) continue;
            judged.push_back(i);
            digests[c.strategy].push_back(r.runs[i].result.digest);
        }
        std::map<std::string, int> votes;
        for (const auto& [strategy, list] : digests) {
            std::string best;
            long best_count = 0;
            for (const std::string& d : list)  // in run order: the earliest wins a tie
                if (const long n = std::count(list.begin(), list.end(), d); n > best_count) best = d, best_count = n;
            ++votes[best];
        }
        int top = 0, at_top = 0;
        std::string winner;
        for (const auto& [digest, n] : votes) {
            if (n > top) top = n, at_top = 0, winner = digest;
            at_top += n == top;
        }
        bool unanimous = true;
        for (std::size_t i : judged)
            unanimous = unanimous && r.runs[i].result.digest == r.runs[judged[0]].result.digest;
        for (std::size_t i : judged)
            out[i] =
                unanimous || (at_top == 1 && r.runs[i].result.digest == winner) ? RunStatus::ok : RunStatus::mismatch;
    }
    return out;
}

// A report that grows run by run, checked as run_experiment checks it.
struct Growing {
    sfp::ExperimentReport report;
    std::set<std::size_t> changed_cells;
    std::map<std::size_t, sfp::runner::Agreement> agreement;  // per input set, as the runner keeps it

    explicit Growing(std::vector<sfp::Cell> cells) : report(with_cells(std::move(cells))) {}
    static sfp::ExperimentReport with_cells(std::vector<sfp::Cell> cells) {
        sfp::ExperimentReport r;
        r.cells = std::move(cells);
        return r;
    }
    // Adds a run of `cell` with `digest` (empty: a failed run); returns the runs whose status changed.
    std::vector<std::size_t> add(std::size_t cell, const std::string& digest) {
        sfp::RunRecord run = hand_made::run(cell, 1, 0.1, 0, 0, digest.empty() ? RunStatus::error : RunStatus::ok);
        run.result.digest = digest;
        report.runs.push_back(run);
        std::vector<std::size_t> flipped;
        changed_cells = agreement[report.cells[cell].input_set].add(report, report.runs.size() - 1, &flipped);
        std::sort(flipped.begin(), flipped.end());
        return flipped;
    }
    std::vector<RunStatus> statuses() const {
        std::vector<RunStatus> out;
        for (const sfp::RunRecord& r : report.runs) out.push_back(r.status);
        return out;
    }
};

using Runs = std::vector<std::size_t>;

}  // namespace

class TestAgreement : public QObject {
    Q_OBJECT
private slots:
    // a alone is right; b disagrees: no majority, so a's earlier run turns MISMATCH too; c sides
    // with a: a's run is ok again, b's stays MISMATCH. Each step names exactly the runs it flipped.
    void aLateRunFlipsEarlierRuns() {
        Growing g({hand_made::cell("a", 4096, 0), hand_made::cell("b", 4096, 0), hand_made::cell("c", 0, 0)});
        QCOMPARE(g.add(0, "X"), Runs{});
        QCOMPARE(g.statuses(), (std::vector<RunStatus>{RunStatus::ok}));
        QCOMPARE(g.add(1, "Y"), (Runs{0, 1}));
        QCOMPARE(g.statuses(), (std::vector<RunStatus>{RunStatus::mismatch, RunStatus::mismatch}));
        QCOMPARE(g.changed_cells, (std::set<std::size_t>{0, 1}));
        QCOMPARE(g.add(2, "X"), Runs{0});
        QCOMPARE(g.statuses(), (std::vector<RunStatus>{RunStatus::ok, RunStatus::mismatch, RunStatus::ok}));
        QCOMPARE(g.changed_cells, std::set<std::size_t>{0});
        QCOMPARE(g.add(1, ""), Runs{});  // a failed run is not judged: it stays an error
        QCOMPARE(g.statuses().back(), RunStatus::error);
    }

    // Runs on one input set never change the status of another set's runs.
    void otherInputSetsAreLeftAlone() {
        Growing g({hand_made::cell("a", 0, 0, 1 << 20, 0), hand_made::cell("b", 0, 0, 1 << 20, 0),
                   hand_made::cell("a", 0, 0, 2 << 20, 1), hand_made::cell("b", 0, 0, 2 << 20, 1)});
        g.add(0, "X");
        g.add(1, "X");
        QCOMPARE(g.add(2, "Y"), Runs{});  // set 1's first run: unanimous there
        QCOMPARE(g.add(3, "Z"), (Runs{2, 3}));
        QCOMPARE(g.statuses(),
                 (std::vector<RunStatus>{RunStatus::ok, RunStatus::ok, RunStatus::mismatch, RunStatus::mismatch}));
    }

    // A long random sequence over three strategies, a floor and two input sets, with failures:
    // after every run the incremental statuses equal the reference's over the whole report.
    void everyStepEqualsTheReference() {
        std::vector<sfp::Cell> cells;
        for (std::size_t set = 0; set < 2; ++set)
            for (const char* s : {"a", "b", "c", "floor"})
                for (std::uint64_t block : {4096u, 65536u}) {
                    cells.push_back(hand_made::cell(s, block, 0, (set + 1) << 20, set));
                    cells.back().reference_floor = std::string(s) == "floor";
                }
        Growing g(cells);
        std::mt19937 random(14);
        const char* const digests[] = {"X", "X", "X", "Y", "Z", ""};  // mostly right, some wrong, some failed
        for (int i = 0; i < 300; ++i) {
            g.add(random() % cells.size(), digests[random() % std::size(digests)]);
            QCOMPARE(g.statuses(), reference_statuses(g.report));
        }
        const std::vector<RunStatus> last = g.statuses();
        QVERIFY(std::count(last.begin(), last.end(), RunStatus::mismatch) > 0);  // the sequence did test something
        QVERIFY(std::count(last.begin(), last.end(), RunStatus::ok) > 0);
    }
};

QTEST_GUILESS_MAIN(TestAgreement)
#include "test_agreement.moc"
