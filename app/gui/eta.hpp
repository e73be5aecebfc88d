#pragma once
// The time left while an experiment runs, from the estimate made before it (run_estimate.hpp).
#include <cstddef>
#include <optional>
#include <vector>

#include "run_estimate.hpp"

namespace gui {

// The ETA while an experiment runs: the runs so far weighed by what the estimate expects of
// them, so a slow cell or the warm-ups of the first round do not skew it, and corrected by how
// fast this machine went since the first run began.
class Eta {
public:
    Eta() = default;
    Eta(const Estimate& estimate, unsigned warmups);
    // The first timed run began `at` seconds after the start (the time before it, generating data
    // and its cell's warm-ups, is not what the runs go at).
    void runsBegan(double at) { began_ = at; }
    bool runsHaveBegun() const { return began_ >= 0; }
    double began() const { return began_; }
    void runFinished(std::size_t cell);  // its first run also brings its warm-ups
    // Seconds left at `elapsed` with `current` of the running run done (0..1) of `cell`; none
    // before the first run finished.
    std::optional<double> secondsLeft(double elapsed, double current = 0, std::optional<std::size_t> cell = {}) const;

private:
    std::vector<double> run_;    // per cell, one run
    std::vector<bool> started_;  // per cell: its warm-ups are behind it
    bool anyFinished_ = false;   // the first run, whose warm-ups came before began_, is in
    unsigned warmups_ = 0;
    double total_ = 0, done_ = 0;  // expected seconds of all runs (with warm-ups), of those done
    double began_ = -1;
};

}  // namespace gui
