#include "eta.hpp"

#include <algorithm>

namespace gui {

Eta::Eta(const Estimate& estimate, unsigned warmups)
    : run_(estimate.cell_run), started_(estimate.cell_run.size(), false), warmups_(warmups) {
    const double repetitions = estimate.cells ? double(estimate.runs) / double(estimate.cells) : 0;
    for (double r : run_) total_ += r * (repetitions + warmups);
}

void Eta::runFinished(std::size_t cell) {
    if (cell >= run_.size()) return;
    if (!anyFinished_) {  // the first run's warm-ups came before runsBegan: not in the time the runs go at
        total_ -= run_[cell] * warmups_;
        started_[cell] = anyFinished_ = true;
    }
    done_ += run_[cell] * (started_[cell] ? 1 : 1 + warmups_);
    started_[cell] = true;
}

std::optional<double> Eta::secondsLeft(double elapsed, double current, std::optional<std::size_t> cell) const {
    if (began_ < 0 || done_ <= 0) return std::nullopt;
    const double done = done_ + (cell && *cell < run_.size() ? current * run_[*cell] : 0);
    const double pace = std::max(0.0, elapsed - began_) / done;  // this machine's seconds per expected second
    return std::max(0.0, total_ - done) * pace;
}

}  // namespace gui
