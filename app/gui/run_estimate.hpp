#pragma once
// How big a matrix is before it runs, and how long it takes. A run costs its work over its
// strategy's rate, plus the time around it (preparing the page cache: eviction, warming,
// residency), plus, once, generating data that is not there yet. Work is counted in the unit
// that drives the cost: bytes read for files, files for a tree (a cold tree costs per file, not
// per byte). Rates are learned per algorithm, strategy and cache mode; the time around runs and
// generation per input kind and cache mode; what is not learned yet is a stated guess.
#include <QString>
#include <QVariantMap>
#include <map>
#include <optional>
#include <vector>

#include "sfp/cache_mode.hpp"
#include "sfp/cell.hpp"
#include "sfp/experiment.hpp"
#include "sfp/plan.hpp"
#include "sfp/report.hpp"

namespace gui {

// The unit of work of an experiment's runs and how many each cell's run reads.
struct Work {
    std::string kind;                 // the input kind ("pair", "tree")
    bool per_file = false;            // a tree: the unit is a file, else a byte
    std::vector<double> cell_units;   // per cell (sfp::expand order)
    std::vector<double> cell_blocks;  // per cell: blocks its strategy reads (0 if it uses none)
    double generate_units = 0;        // still to generate before the first run (0: all there)
    bool counting = false;            // given trees still being counted: cell_units unknown
};
class TreeCounts;  // tree_counts.hpp
// Throws like sfp::expand for an invalid experiment. Given trees are counted by `counts` (in the
// background, kept), or, without it, listed here and now.
Work work_of(const sfp::Experiment& experiment, TreeCounts* counts = nullptr);
// The same of a plan's cells (sfp/plan.hpp): nothing judged or expanded again.
Work work_of(const sfp::Plan& plan, TreeCounts* counts = nullptr);
// Both say: the work of these cells (the experiment's, in sfp::expand order).
Work work_of(const sfp::Experiment& experiment, const std::vector<sfp::Cell>& cells, TreeCounts* counts);

class RateBook {
public:
    // Learns from a finished (not cancelled) experiment whose work was `work`: each strategy's
    // rate, the time around its runs (from the wall time the whole took), and, when data was
    // generated, the time before the first run (`beforeRunsSeconds`, < 0 = not measured).
    // Runs that failed teach nothing. Newer measurements replace older ones.
    void learn(const sfp::ExperimentReport& report, const Work& work, double wallSeconds,
               double beforeRunsSeconds = -1);
    // The cell's own rate (its strategy and parameters: "pipeline block=256K threads=2 packing=1"),
    // else its strategy's over every cell it ran.
    std::optional<double> unitsPerSecond(const std::string& algorithm, const sfp::Cell& cell,
                                         sfp::CacheMode cache) const;
    std::optional<double> unitsPerSecond(const std::string& algorithm, const std::string& strategy,
                                         sfp::CacheMode cache) const;
    std::optional<double> aroundPerUnit(const std::string& kind, sfp::CacheMode cache) const;  // seconds
    std::optional<double> generatePerUnit(const std::string& kind) const;                      // seconds
    bool empty() const { return rates_.empty() && around_.empty(); }

    QVariantMap toVariant() const;  // for the settings
    static RateBook fromVariant(const QVariantMap& stored);
    // What the lessons and the default experiments ran at on the development VM, and the time
    // around their runs per input kind and cache (resources/estimates/first-guesses.json, written
    // by bench/estimate-guesses.sh): the first guess for what this machine has not run yet,
    // before the constants below.
    static const RateBook& firstGuesses();

private:
    std::map<QString, double> rates_;     // "compare/read/hot", "compare/read block=4K threads=-/hot" -> units/s
    std::map<QString, double> around_;    // "pair/hot" -> s per unit
    std::map<QString, double> generate_;  // "tree" -> s per unit
};

// First-time guesses for what neither this machine nor firstGuesses() has measured, and for the
// time around runs and generation: measured on the 2-core development VM (docs/window.md),
// stated in the estimate's text until this machine has measured its own.
struct Guess {
    double hot_bytes_per_s = 2.0e9, cold_bytes_per_s = 0.6e9;
    double written_bytes_per_s = 0.35e9;              // algorithms that write an output (cipher) pay for it
    double block_s = 1.0e-6;                          // each block a strategy reads costs a call or two
    double hot_file_s = 40e-6, cold_file_s = 0.3e-3;  // one tree file in a run
    double around_hot_byte_s = 0.5e-9, around_cold_byte_s = 0.05e-9;  // warming; fdatasync + evict
    double around_hot_file_s = 60e-6, around_cold_file_s = 1.5e-3;    // per tree file (fdatasync, evict)
    double generate_byte_s = 1.0 / 150e6, generate_file_s = 6e-3;
};
inline constexpr Guess kGuess{};

struct Estimate {
    std::size_t cells = 0, runs = 0, warmups = 0;
    double seconds = 0;             // everything: generation, warm-ups, timed runs and around them
    double before_runs = 0;         // of which generating data, before the first run
    std::vector<double> cell_run;   // per cell: one run (timed or warm-up) with the time around it
    std::size_t guessed_cells = 0;  // cells whose strategy this machine has not measured yet
    bool guessed_around = false;    // the time around runs (or generation) not measured yet
    bool counting = false;          // the inputs' files still being counted: no time yet
};

Estimate estimate(const sfp::Experiment& experiment, const Work& work, const RateBook& rates);
Estimate estimate(const sfp::Plan& plan, const Work& work, const RateBook& rates);  // of the plan's cells
Estimate estimate(const sfp::Experiment& experiment, const std::vector<sfp::Cell>& cells, const Work& work,
                  const RateBook& rates);
Estimate estimate(const sfp::Experiment& experiment, const RateBook& rates, TreeCounts* counts = nullptr);  // work_of
// "14 cells × 3 repetitions = 42 runs (+14 warm-ups) · about 20 s (measured here)"
QString estimate_text(const Estimate& e);

}  // namespace gui
