// The runner's plan, before anything runs: the algorithm table, the matrix expansion (which
// parameters multiply which strategy's cells, the defaults, a bad experiment refused naming its
// field), a given tree left unlisted on request, and the schedule of the runs (interleaved
// rounds, sequential repetitions).
#include <QtTest>
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>

#include "io/tree_listing.hpp"
#include "sfp/algorithm_io.hpp"
#include "sfp/cell.hpp"
#include "sfp/expand.hpp"
#include "sfp/experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/labels.hpp"
#include "sfp/plan.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/schedule.hpp"

namespace {

std::atomic<int> listings{0};  // trees listed (sfp::set_tree_listing_observer)
void count_listing(const std::vector<std::string>&) { ++listings; }

}  // namespace

class TestRunnerPlan : public QObject {
    Q_OBJECT
private slots:
    // The window's form plans at every change on the GUI thread: TreeSizes::unlisted leaves a
    // given tree unlisted (its cells' file_size 0) and finds the same problems and cells; the
    // default lists it and sizes the cells. A missing root is a problem either way.
    void aGivenTreeIsListedOnlyWhenSized() {
        QTemporaryDir dir;
        const std::string root = dir.filePath("tree").toStdString();
        std::filesystem::create_directories(root + "/sub");
        for (const char* name : {"/a", "/sub/b"}) {
            QFile f(QString::fromStdString(root + name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(1000, 'x'));
        }
        sfp::Experiment e;
        e.algorithm = "iterate";
        e.inputs = {root};
        e.workdir = dir.filePath("work").toStdString();
        sfp::set_tree_listing_observer(count_listing);
        listings = 0;
        const sfp::PlanOutcome unlisted = sfp::plan(e, sfp::TreeSizes::unlisted);
        QCOMPARE(listings.load(), 0);
        const sfp::PlanOutcome listed = sfp::plan(e);
        QVERIFY(listings.load() >= 1);
        sfp::set_tree_listing_observer(nullptr);
        QVERIFY(unlisted.ready() && listed.ready());
        QCOMPARE(unlisted.plan->cells.size(), listed.plan->cells.size());
        QVERIFY(!listed.plan->cells.empty());
        for (const sfp::Cell& c : listed.plan->cells) QCOMPARE(c.file_size, std::uint64_t(2000));
        for (const sfp::Cell& c : unlisted.plan->cells) QCOMPARE(c.file_size, std::uint64_t(0));

        e.inputs = {dir.filePath("missing").toStdString()};
        const sfp::PlanOutcome gone = sfp::plan(e, sfp::TreeSizes::unlisted);
        QVERIFY(!gone.problems.empty());
        QCOMPARE(gone.problems.at(0).message, sfp::plan(e).problems.at(0).message);
    }

    void algorithmTable() {
        QCOMPARE(sfp::algorithm_io("compare")->inputs, 2u);
        QCOMPARE(sfp::algorithm_io("compare")->data_kind, std::string_view("pair"));
        QVERIFY(sfp::algorithm_io("cipher")->writes_output);
        QVERIFY(sfp::algorithm_io("nothing") == nullptr);
    }

    void expansionCountsIgnoredParameters() {
        sfp::Experiment e;
        e.algorithm = "compare";
        e.strategies = {"read", "mmap", "mmap-mt", "cmp", "read"};  // a repeat is refused, naming it
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::expand(e));
        e.strategies.pop_back();
        e.sweeps["block_size"] = {512, 4096, 65536};
        e.sweeps["threads"] = {1, 2};
        e.sizes = {1 << 20, 2 << 20};
        const std::vector<sfp::Cell> cells = sfp::expand(e);
        // read: 3 blocks x 2 sizes; mmap: 2 sizes; mmap-mt: 3 x 2 threads x 2 sizes; cmp: 2.
        QCOMPARE(cells.size(), std::size_t(6 + 2 + 12 + 2));
        std::map<std::string, int> per_strategy;
        for (const sfp::Cell& c : cells) {
            ++per_strategy[c.strategy];
            QCOMPARE(c.file_size, c.input_set == 0 ? std::uint64_t(1 << 20) : std::uint64_t(2 << 20));
            if (c.strategy == "read") QCOMPARE(c.value("threads"), std::uint64_t(0));
            if (c.strategy == "mmap" || c.strategy == "cmp") {
                QCOMPARE(c.value("block_size"), std::uint64_t(0));
                QCOMPARE(c.value("threads"), std::uint64_t(0));
            }
            if (c.strategy == "mmap-mt") QVERIFY(c.value("block_size") != 0 && c.value("threads") != 0);
        }
        QCOMPARE(per_strategy["read"], 6);
        QCOMPARE(per_strategy["mmap"], 2);
        QCOMPARE(per_strategy["mmap-mt"], 12);
        QCOMPARE(per_strategy["cmp"], 2);
        QCOMPARE(cells.front().strategy, std::string("read"));  // strategy-major
        QCOMPARE(sfp::cell_label(cells[2]), std::string("read block=64K threads=- size=1M"));
    }

    void expansionDefaults() {
        sfp::Experiment e;
        e.algorithm = "compare";
        e.strategies = {"mmap-mt"};
        e.sizes = {4096};
        e.sweeps["threads"] = {0};  // all CPUs, resolved in the cell
        const auto cells = sfp::expand(e);
        QCOMPARE(cells.size(), std::size_t(1));
        QCOMPARE(cells[0].value("threads"), std::uint64_t(sfp::online_cpus()));
        QCOMPARE(cells[0].value("block_size"), sfp::kDefaultBlockSize);
        e.strategies.clear();  // none named: every strategy of the algorithm
        QCOMPARE(sfp::expand(e).size() >= sfp::strategies_of("compare").size(), true);
    }

    void expansionRejectsInvalidNamingTheField() {
        auto message = [](sfp::Experiment e) -> std::string {
            try {
                sfp::expand(e);
            } catch (const sfp::Failure& f) {
                return f.what();
            }
            return "";
        };
        sfp::Experiment ok;
        ok.sizes = {4096};
        QVERIFY(message(ok).empty());
        auto with = [&](auto change) {
            sfp::Experiment e = ok;
            change(e);
            return message(e);
        };
        QVERIFY(with([](auto& e) { e.algorithm = "juggle"; }).starts_with("algorithm:"));
        QVERIFY(with([](auto& e) { e.strategies = {"nope"}; }).starts_with("strategies[0]:"));
        QVERIFY(with([](auto& e) { e.sweeps["block_size"] = {0}; }).starts_with("block_sizes[0]:"));
        QVERIFY(with([](auto& e) { e.sweeps["threads"] = {100000}; }).starts_with("threads[0]:"));
        QVERIFY(with([](auto& e) { e.repetitions = 0; }).starts_with("repetitions:"));
        QVERIFY(with([](auto& e) { e.sizes.clear(); }).starts_with("inputs:"));
        QVERIFY(with([](auto& e) { e.inputs = {"/a", "/b"}; }).starts_with("inputs:"));  // and sizes
        QVERIFY(with([](auto& e) {
                    e.sizes.clear();
                    e.inputs = {"/a"};
                }).starts_with("inputs:"));
        QVERIFY(with([](auto& e) { e.data_kind = "random"; }).starts_with("data_kind:"));  // 1 file, needs 2
        QVERIFY(with([](auto& e) { e.data_kind = "tree"; }).starts_with("data_kind:"));
        sfp::Progress progress;
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::run_experiment(sfp::Experiment{}, progress));
    }

    void interleavedRoundsArePermutations() {
        const std::size_t cells = 17;
        const unsigned reps = 6;
        const auto a = sfp::schedule(cells, reps, sfp::Order::interleaved, 42);
        QCOMPARE(a.size(), cells * reps);
        for (unsigned round = 0; round < reps; ++round) {
            std::vector<std::size_t> seen;
            for (std::size_t i = 0; i < cells; ++i) {
                const sfp::Slot s = a[round * cells + i];
                QCOMPARE(s.repetition, round + 1);
                seen.push_back(s.cell);
            }
            std::sort(seen.begin(), seen.end());
            for (std::size_t i = 0; i < cells; ++i) QCOMPARE(seen[i], i);
        }
        auto order = [](const std::vector<sfp::Slot>& s) {
            std::vector<std::size_t> v;
            for (const auto& x : s) v.push_back(x.cell);
            return v;
        };
        QCOMPARE(order(sfp::schedule(cells, reps, sfp::Order::interleaved, 42)), order(a));  // reproducible
        QVERIFY(order(sfp::schedule(cells, reps, sfp::Order::interleaved, 43)) != order(a));
        QVERIFY(order(std::vector<sfp::Slot>(a.begin(), a.begin() + cells)) !=
                order(std::vector<sfp::Slot>(a.begin() + cells, a.begin() + 2 * cells)));  // rounds differ
        // Pinned: the order must not change with the standard library or a refactoring.
        QCOMPARE(order(sfp::schedule(5, 1, sfp::Order::interleaved, 1)), (std::vector<std::size_t>{1, 2, 4, 3, 0}));
    }

    void sequentialKeepsRepetitionsTogether() {
        const auto s = sfp::schedule(3, 2, sfp::Order::sequential, 9);
        const std::vector<std::pair<std::size_t, unsigned>> expected = {{0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 1}, {2, 2}};
        QCOMPARE(s.size(), expected.size());
        for (std::size_t i = 0; i < s.size(); ++i) {
            QCOMPARE(s[i].cell, expected[i].first);
            QCOMPARE(s[i].repetition, expected[i].second);
        }
    }
};

QTEST_APPLESS_MAIN(TestRunnerPlan)
#include "test_runner_plan.moc"
