#pragma once
// A hand-made report with the counters that explain runs (issue 22), for the tests of every
// output: CSV, JSON, Markdown, the window's tables and views. With the runner's statistics.
#include "hand_made.hpp"
#include "runner/report_stats.hpp"

namespace counted_report {

// compare on one pair of 8 MB files (16 MB processed per run): mmap-mt (fast, its split unresolved, every counter
// present: a machine with a PMU) and read (slower, resolved, no PMU and no I/O accounting: all n/a).
inline sfp::ExperimentReport counted() {
    sfp::ExperimentReport rep;
    rep.experiment.algorithm = "compare";
    rep.experiment.data_kind = "pair";
    rep.experiment.sizes = {8'000'000};
    rep.experiment.repetitions = 2;
    rep.machine = {"host", "cpu", "6.1", "ext4", "0.1.0", 2, 8ull << 30, "/dev/vda"};
    rep.input_sets = {{{"/w/a", "/w/b"}, 8'000'000}};
    rep.cells = {hand_made::cell("mmap-mt", 0, 2), hand_made::cell("read", 4096, 0)};
    for (unsigned r = 1; r <= 2; ++r) {
        sfp::RunRecord fast = hand_made::run(0, r, 0.002, 0.0015, 0.0015, sfp::RunStatus::ok, {}, 16'000'000);
        sfp::Usage& f = fast.result.usage;
        f.cpu_s = 0.0031;
        f.user_s = 0.0031, f.sys_s = 0;  // no tick seen: all user, as the kernel does
        f.split_resolved = false;
        f.minor_faults = 400;
        f.voluntary_switches = 1;
        f.read_bytes = 0, f.write_bytes = 0;
        f.cycles = 8'000'000, f.instructions = 16'000'000, f.dtlb_read_misses = 4000;
        rep.runs.push_back(fast);
        sfp::RunRecord slow = hand_made::run(1, r, 0.2, 0.15, 0.05, sfp::RunStatus::ok, {}, 16'000'000);
        slow.result.usage.voluntary_switches = 20;
        rep.runs.push_back(slow);
    }
    sfp::runner::compute_statistics(rep);
    return rep;
}

// The same, mmap-mt's waiting taken apart (issue 44): its threads lived 4 ms in all, 3.1 of them
// on a CPU, 0.5 runnable with none, 0.4 blocked, block I/O n/a (delay accounting off), 1.5 % of
// the VM's CPU time stolen. read's runs are as an older sfpbench wrote them: all n/a.
inline sfp::ExperimentReport waited() {
    sfp::ExperimentReport rep = counted();
    for (sfp::RunRecord& r : rep.runs) {
        if (r.cell != 0) continue;
        sfp::Usage& u = r.result.usage;
        u.thread_s = 0.004, u.runnable_wait_s = 0.0005, u.blocked_s = 0.0004, u.steal_pct = 1.5;
    }
    return rep;
}

}  // namespace counted_report
