#pragma once
// How big a matrix is before it runs, and how long it takes: learned from the runs this
// machine has done (bytes per second per algorithm, strategy and cache mode, and the time the
// runner spends around each run), with a stated guess for what it has not seen yet.
#include <QString>
#include <QVariantMap>
#include <map>
#include <optional>

#include "sfp/experiment.hpp"

namespace gui {

class RateBook {
public:
    // Learns from a finished (not cancelled) experiment and the wall time it took; runs that
    // failed teach nothing. Newer measurements replace older ones.
    void learn(const sfp::ExperimentReport& report, double wallSeconds);
    std::optional<double> bytesPerSecond(const std::string& algorithm, const std::string& strategy, sfp::CacheMode cache) const;
    double overheadPerRun() const { return overhead_s_; }  // seconds around each run, 0 = unknown
    bool empty() const { return rates_.empty(); }

    QVariantMap toVariant() const;  // for the settings
    static RateBook fromVariant(const QVariantMap& stored);

private:
    std::map<QString, double> rates_;  // "compare/read/hot" -> bytes/s
    double overhead_s_ = 0;
};

struct Estimate {
    std::size_t cells = 0, runs = 0, warmups = 0;
    double seconds = 0;
    std::size_t guessed_cells = 0;  // cells whose strategy this machine has not measured yet
};

// Guesses for what has not been measured: stated in the estimate's text.
constexpr double kHotGuessBytesPerSecond = 1.5e9;
constexpr double kColdGuessBytesPerSecond = 0.3e9;

// Bytes every run reads over the learned rate of its strategy (or the guess), plus the learned
// time around each run. Throws like sfp::expand for an invalid experiment.
Estimate estimate(const sfp::Experiment& experiment, const RateBook& rates);
// "14 cells × 3 repetitions = 42 runs (+14 warm-ups) · about 20 s (measured here)"
QString estimate_text(const Estimate& e);

}  // namespace gui
