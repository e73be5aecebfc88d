#pragma once
// How big a matrix is before it runs, and roughly how long it takes.
#include <QString>

#include "sfp/experiment.hpp"

namespace gui {

struct Estimate {
    std::size_t cells = 0, runs = 0, warmups = 0;
    double seconds = 0;
};

// Bytes every run reads, divided by a rate: the last measured one when known, else a guess for
// the cache mode. Throws like sfp::expand for an invalid experiment.
Estimate estimate(const sfp::Experiment& experiment, double measuredBytesPerSecond);
// "14 cells × 3 repetitions = 42 runs (+14 warm-ups) · roughly 20 s"
QString estimate_text(const Estimate& e);

}  // namespace gui
