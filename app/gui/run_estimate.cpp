#include "run_estimate.hpp"

#include <QObject>

#include "progress_panel.hpp"

namespace gui {
namespace {

// Guesses for a first run, before this machine has measured anything.
constexpr double kHotGuessBytesPerSecond = 1.5e9;
constexpr double kColdGuessBytesPerSecond = 0.3e9;

}  // namespace

Estimate estimate(const sfp::Experiment& experiment, double measuredBytesPerSecond) {
    const std::vector<sfp::Cell> cells = sfp::expand(experiment);
    const sfp::AlgorithmIo* io = sfp::algorithm_io(experiment.algorithm);
    const double inputs = io ? double(io->inputs) : 1.0;
    const double rate = experiment.cache == sfp::CacheMode::cold ? kColdGuessBytesPerSecond
                        : measuredBytesPerSecond > 0            ? measuredBytesPerSecond
                                                                : kHotGuessBytesPerSecond;
    Estimate e;
    e.cells = cells.size();
    e.runs = cells.size() * experiment.repetitions;
    e.warmups = cells.size() * experiment.warmups;
    double bytes = 0;
    for (const sfp::Cell& c : cells) bytes += double(c.file_size) * inputs * (experiment.repetitions + experiment.warmups);
    e.seconds = bytes / rate;
    return e;
}

QString estimate_text(const Estimate& e) {
    QString text = QObject::tr("%1 cells × %2 repetitions = <b>%3 runs</b>")
                       .arg(e.cells)
                       .arg(e.cells ? e.runs / e.cells : 0)
                       .arg(e.runs);
    if (e.warmups) text += QObject::tr(" (+%1 warm-ups)").arg(e.warmups);
    return text + QObject::tr(" · roughly %1").arg(duration_text(e.seconds));
}

}  // namespace gui
