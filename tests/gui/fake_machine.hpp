#pragma once
// A machine on a fake clock, for the estimate's and the ETA's tests: what an experiment takes
// on it, run by run in the runner's order, and the report it leaves. No wall time anywhere.
//
// A run costs its units (bytes read, or a tree's files) at its algorithm's and cache's pace,
// times a factor of its strategy and parameters (0.5 to 2), plus a fixed cost (opening,
// starting threads); around each run (warming or evicting its inputs) it pays per unit of its
// input kind and cache; generating data costs per unit of its kind. A cold tree pays most around
// its runs: evicting a file costs several times reading it, as on the development VM.
#include <QString>
#include <map>
#include <string>

#include "hand_made.hpp"
#include "run_estimate.hpp"
#include "sfp/input_kind.hpp"
#include "sfp/labels.hpp"

namespace fake {

struct Machine {
    std::map<std::string, double> byte_s{
        {"compare", 1 / 2.0e9}, {"cipher", 1 / 0.5e9}, {"wordcount", 1 / 0.3e9}, {"search", 1 / 1.0e9}};
    double cold_byte_s = 1 / 0.4e9;                    // the device, whatever the algorithm
    double hot_file_s = 40e-6, cold_file_s = 0.25e-3;  // a tree's file
    double run_fixed_s = 2e-3;
    double around_hot_byte_s = 0.5e-9, around_cold_byte_s = 0.3e-9;
    double around_hot_file_s = 60e-6, around_cold_file_s = 0.9e-3;
    double generate_byte_s = 1 / 150e6, generate_file_s = 7e-3;

    bool cold(sfp::CacheMode c) const { return c == sfp::CacheMode::cold; }

    // 0.5 to 2, fixed per strategy and parameters (FNV-1a of the label: the same in every build)
    static double factor(const sfp::Cell& cell) {
        std::uint32_t h = 2166136261u;
        for (char ch : sfp::parameters_label(cell)) h = (h ^ std::uint8_t(ch)) * 16777619u;
        return 0.5 + 1.5 * double(h % 1000) / 999.0;
    }
    double run_s(const std::string& algorithm, const sfp::Cell& cell, double units, bool per_file,
                 sfp::CacheMode c) const {
        const double per_unit = per_file ? (cold(c) ? cold_file_s : hot_file_s)
                                         : std::max(byte_s.at(algorithm), cold(c) ? cold_byte_s : 0.0);
        return run_fixed_s + units * per_unit * factor(cell);
    }
    double around_s(double units, bool per_file, sfp::CacheMode c) const {
        return units * (per_file ? (cold(c) ? around_cold_file_s : around_hot_file_s)
                                 : (cold(c) ? around_cold_byte_s : around_hot_byte_s));
    }
};

// What the experiment took on `m` (`wall`: generation, warm-ups, timed runs and the time around
// each), when its first timed run began (`began`, after its cell's warm-ups, as the window's
// progress counts it), the report it left, and when each timed run ended (`ended`, in order).
struct Simulated {
    sfp::ExperimentReport report;
    double wall = 0, began = 0;
    std::vector<double> ended;
};

inline Simulated simulate(const sfp::Experiment& e, const gui::Work& w, const Machine& m) {
    Simulated s;
    s.report.experiment = e;
    s.report.cells = sfp::expand(e);
    // A tree costs per file: the machine's own reading of the experiment, not the estimate's Work.
    const std::string kind =
        !e.data_kind.empty() ? e.data_kind : std::string(sfp::algorithm_io(e.algorithm)->data_kind);
    const bool per_file = sfp::find_input_kind(kind)->directory;
    s.wall = w.generate_units * (per_file ? m.generate_file_s : m.generate_byte_s);
    for (const sfp::Slot& slot : sfp::schedule(s.report.cells.size(), e.repetitions, e.order, e.seed)) {
        const double units = w.cell_units[slot.cell];
        const double run = m.run_s(e.algorithm, s.report.cells[slot.cell], units, per_file, e.cache);
        const double around = m.around_s(units, per_file, e.cache);
        if (slot.repetition == 1) s.wall += e.warmups * (run + around);
        if (s.report.runs.empty()) s.began = s.wall;
        s.report.runs.push_back(hand_made::run(slot.cell, slot.repetition, run, 0, run / 4));
        s.wall += run + around;
        s.ended.push_back(s.wall);
    }
    return s;
}

inline double ratio(double a, double b) { return std::max(a, b) / std::min(a, b); }

}  // namespace fake
