// wordcount's swept `packing` option: declared once, it multiplies only the cells of the
// strategies that read it, its values are validated, and through the runner every strategy
// agrees on a generated text across packings.
#include <QtTest>
#include <algorithm>
#include <map>
#include <set>

#include "sfp/cell.hpp"
#include "sfp/expand.hpp"
#include "sfp/experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/labels.hpp"
#include "sfp/parameter.hpp"
#include "sfp/report.hpp"
#include "sfp/run.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_record.hpp"

class TestWordcountSweep : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    // packing is declared once and multiplies only the cells of strategies that read it.
    void packingSweepMultipliesOnlyItsStrategies() {
        sfp::Experiment e;
        e.algorithm = "wordcount";
        e.strategies = {"loop", "pipeline", "striped"};
        e.sizes = {1000};
        e.sweeps["block_size"] = {4096, 65536};
        e.sweeps["threads"] = {2};
        e.sweeps["packing"] = {1, 10, 100};
        const std::vector<sfp::Cell> cells = sfp::expand(e);
        std::map<std::string, int> per_strategy;
        for (const sfp::Cell& c : cells) {
            ++per_strategy[c.strategy];
            QCOMPARE(c.parameters.count("packing"), std::size_t(c.strategy == "pipeline"));
            QCOMPARE(sfp::swept_text(c, "packing") == "-", c.strategy != "pipeline");
        }
        QCOMPARE(per_strategy["loop"], 2);
        QCOMPARE(per_strategy["striped"], 2);
        QCOMPARE(per_strategy["pipeline"], 6);
        QVERIFY(sfp::cell_label(cells[7]).find("pipeline block=64K threads=2 packing=100") == 0);

        e.sweeps.erase("packing");  // none named: the declared fallback, one cell per block
        for (const sfp::Cell& c : sfp::expand(e))
            if (c.strategy == "pipeline")
                QCOMPARE(c.parameters.at("packing"),
                         std::uint64_t(sfp::find_parameter("wordcount", "packing")->fallback));
        e.options["packing"] = "7";  // a single value given as an option
        for (const sfp::Cell& c : sfp::expand(e))
            if (c.strategy == "pipeline") QCOMPARE(c.parameters.at("packing"), 7ull);
    }

    void packingSweepIsValidated() {
        sfp::Experiment e;
        e.algorithm = "wordcount";
        e.sizes = {1000};
        e.sweeps["packing"] = {0};
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::expand(e));
        e.sweeps["packing"] = {100001};
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::expand(e));
        e.sweeps = {{"packnig", {1}}};
        try {
            sfp::expand(e);
            QFAIL("an unknown swept option was accepted");
        } catch (const sfp::Failure& f) {
            QVERIFY2(std::string(f.what()).find("packing") != std::string::npos, f.what());  // lists the known ones
        }
        e.algorithm = "compare";
        e.sweeps = {{"packing", {1}}};
        QVERIFY_THROWS_EXCEPTION(sfp::Failure, sfp::expand(e));
    }

    // Through the runner: every strategy agrees on a generated text, across packings.
    void runnerAgreesAcrossStrategiesAndPackings() {
        sfp::Experiment e;
        e.algorithm = "wordcount";
        e.sizes = {300'000};
        e.workdir = dir_.path().toStdString() + "/ws";
        e.sweeps["block_size"] = {4096};
        e.sweeps["threads"] = {3};
        e.sweeps["packing"] = {1, 1000};
        e.repetitions = 1;
        e.warmups = 0;
        sfp::Progress progress;
        const sfp::ExperimentReport report = sfp::run_experiment(e, progress);
        QCOMPARE(report.runs.size(), report.cells.size());
        std::set<std::string> digests;
        std::vector<std::uint64_t> packings;
        for (const sfp::RunRecord& r : report.runs) {
            const sfp::Cell& c = report.cells[r.cell];
            QVERIFY2(r.status == sfp::RunStatus::ok,
                     (sfp::cell_label(c) + ": " + sfp::to_string(r.status) + " " + r.result.error).c_str());
            if (!c.reference_floor) digests.insert(r.result.digest);
            if (c.strategy == "pipeline") packings.push_back(c.parameters.at("packing"));
        }
        QCOMPARE(digests.size(), std::size_t(1));
        std::sort(packings.begin(), packings.end());
        QCOMPARE(packings, (std::vector<std::uint64_t>{1, 1000}));
    }
};

QTEST_APPLESS_MAIN(TestWordcountSweep)
#include "test_wordcount_sweep.moc"
