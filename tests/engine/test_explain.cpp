// What explains a cell (issue 22): the time split never calls busy CPU time waiting, and the
// Why counters per unit of work name what separates a cell from its input's fastest, on
// hand-made runs whose answers are worked out here by hand.
#include <QtTest>
#include <cmath>

#include "hand_made.hpp"
#include "sfp/explain.hpp"

namespace {

// Two cells on one input over 8 MB: mmap (fast, faulting) and read (slower, switching).
sfp::ExperimentReport two_cells() {
    sfp::ExperimentReport r;
    r.cells = {hand_made::cell("mmap", 0, 1), hand_made::cell("read", 4096, 0)};
    for (unsigned rep = 1; rep <= 3; ++rep) {
        sfp::RunRecord fast = hand_made::run(0, rep, 0.01, 0.008, 0.001, sfp::RunStatus::ok, {}, 8'000'000);
        fast.result.usage.minor_faults = 2000;     // 250 per MB
        fast.result.usage.voluntary_switches = 1;  // 100 per s
        fast.result.usage.read_bytes = 0;
        r.runs.push_back(fast);
        sfp::RunRecord slow = hand_made::run(1, rep, 0.02, 0.012, 0.006, sfp::RunStatus::ok, {}, 8'000'000);
        slow.result.usage.minor_faults = 16;       // 2 per MB
        slow.result.usage.voluntary_switches = 8;  // 400 per s
        slow.result.usage.read_bytes = 0;
        r.runs.push_back(slow);
    }
    r.rankings = {sfp::rank_cells(0, {{0, 0.01}, {1, 0.02}})};
    return r;
}

}  // namespace

class TestExplain : public QObject {
    Q_OBJECT
private slots:
    void separationIsARatioWithZeroAsOnePercent() {
        QCOMPARE(sfp::separation(4, 4), 0.0);
        QVERIFY(std::abs(sfp::separation(8, 2) - std::log(8.08 / 2.08)) < 1e-12);
        QCOMPARE(sfp::separation(8, 2), sfp::separation(2, 8));
        QVERIFY(std::abs(sfp::separation(5, 0) - std::log(101.0)) < 1e-12);
        QCOMPARE(sfp::separation(0, 0), 0.0);
        QVERIFY(std::abs(sfp::separation(0, 2, 1) - std::log(3.0)) < 1e-12);      // within an event or two: close
        QVERIFY(std::abs(sfp::separation(0, 500, 1) - std::log(101.0)) < 1e-12);  // 1 % of 500 is above the floor
    }

    void countersPerUnitOfWork() {
        const sfp::ExperimentReport r = two_cells();
        const sfp::RunRecord& fast = r.runs[0];
        QCOMPARE(*sfp::why_value(fast, sfp::Why::faults), 250.0);
        QCOMPARE(*sfp::why_value(fast, sfp::Why::switches), 100.0);
        QVERIFY(std::abs(*sfp::why_value(fast, sfp::Why::cpu) - 0.009 / 0.008) < 1e-12);  // s per GB
        QCOMPARE(*sfp::why_value(fast, sfp::Why::storage_read), 0.0);                     // known zero ...
        QVERIFY(!sfp::why_value(fast, sfp::Why::storage_write));                          // ... and n/a are apart
        QVERIFY(!sfp::why_value(fast, sfp::Why::cycles));
    }

    // read against mmap: faults 2 vs 250 per MB (ln(252.5/4.5) = 4.03), switches 400 vs 100 per
    // s, where one switch is worth 100/s in mmap's 10 ms (ln(500/200) = 0.92), CPU 2.25 vs
    // 1.125 s/GB (ln(2.2725/1.1475) = 0.68): faults separate it most.
    void theCounterThatSeparatesMost() {
        const std::vector<sfp::CellWhy> why = sfp::explain_cells(two_cells());
        QCOMPARE(why.size(), std::size_t(2));
        QCOMPARE(why[0].fastest, std::optional<std::size_t>(0));
        QVERIFY(!why[0].separates);  // the fastest is not set apart from itself
        QCOMPARE(why[1].fastest, std::optional<std::size_t>(0));
        QCOMPARE(why[1].separates, std::optional<sfp::Why>(sfp::Why::faults));
        QVERIFY(std::abs(why[1].separated_by - std::log(252.5 / 4.5)) < 1e-9);
        QCOMPARE(why[1].runs, std::size_t(3));
        QVERIFY(!sfp::value_of(why[1], sfp::Why::dtlb));

        // Were the faults alike, the switches would be it.
        sfp::ExperimentReport alike = two_cells();
        for (sfp::RunRecord& run : alike.runs) run.result.usage.minor_faults = 100;
        QCOMPARE(sfp::explain_cells(alike)[1].separates, std::optional<sfp::Why>(sfp::Why::switches));
    }

    // Two switches against none is noise, not a reason: one switch is worth 100 per second in a
    // 10 ms run, so 2 in 20 ms (100/s) against 0 is ln(200/100) = 0.69, where it would be
    // ln(101) unfloored; 3x the CPU per GB (ln(3.3975/1.1475) = 1.09) is the wider.
    void aFewEventsAreNoise() {
        sfp::ExperimentReport r = two_cells();
        for (sfp::RunRecord& run : r.runs) {
            run.result.usage.minor_faults = 100;
            run.result.usage.voluntary_switches = run.cell == 0 ? 0 : 2;
            if (run.cell == 1) run.result.usage.cpu_s = 0.027;
        }
        const std::vector<sfp::CellWhy> why = sfp::explain_cells(r);
        QCOMPARE(why[1].separates, std::optional<sfp::Why>(sfp::Why::cpu));
        QVERIFY(std::abs(*sfp::separation(why[1], why[0], sfp::Why::switches) - std::log(2.0)) < 1e-9);
        QCOMPARE(why[0].one_event[std::size_t(sfp::Why::switches)], 100.0);
        QCOMPARE(why[0].one_event[std::size_t(sfp::Why::storage_read)], 4096 / 8e6);  // a page of 8 MB
    }

    // A counter one side lacks cannot separate them; hardware counters count where present.
    void onlyCountersBothHaveCompete() {
        sfp::ExperimentReport r = two_cells();
        for (sfp::RunRecord& run : r.runs) run.result.usage.minor_faults = 100;
        for (sfp::RunRecord& run : r.runs)
            if (run.cell == 1) run.result.usage.dtlb_read_misses = 8'000'000;  // 1 per byte, fastest n/a
        QCOMPARE(sfp::explain_cells(r)[1].separates, std::optional<sfp::Why>(sfp::Why::switches));
        for (sfp::RunRecord& run : r.runs)
            if (run.cell == 0) run.result.usage.dtlb_read_misses = 8'000;
        QCOMPARE(sfp::explain_cells(r)[1].separates, std::optional<sfp::Why>(sfp::Why::dtlb));
    }

    // The time split: CPU is the exact total; an unresolved split claims no user or system
    // time, and waiting is only what CPU time does not cover.
    void timeSplitNeverCallsBusyTimeWaiting() {
        sfp::CellStats st;
        st.real = sfp::summarize({0.010});
        st.cpu = sfp::summarize({0.009});
        st.user = sfp::summarize({0.006});
        st.sys = sfp::summarize({0.003});
        st.split_resolved = false;
        sfp::TimeSplit t = sfp::time_split(st);
        QCOMPARE(t.cpu_s, 0.009);
        QCOMPARE(t.user_s + t.sys_s, 0.0);
        QVERIFY(!t.resolved);
        QVERIFY(std::abs(t.waiting_s - 0.001) < 1e-12);

        st.split_resolved = true;
        t = sfp::time_split(st);
        QVERIFY(std::abs(t.user_s - 0.006) < 1e-12);
        QVERIFY(std::abs(t.sys_s - 0.003) < 1e-12);

        st.cpu = sfp::summarize({0.018});  // two busy threads: no waiting at all
        QCOMPARE(sfp::time_split(st).waiting_s, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestExplain)
#include "test_explain.moc"
