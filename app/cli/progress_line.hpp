#pragma once
// The live progress line `sfpbench run` keeps on a terminal's standard error: which run of how
// many, the cell, its repetition, how far the current run is, elapsed time and an estimate of
// the rest. The runner's events arrive on its thread; a ticker thread redraws a few times a
// second, reading the bytes of the current run from sfp::Progress.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "sfp/cell.hpp"
#include "sfp/run_experiment.hpp"

namespace cli {

class ProgressLine : public sfp::ExperimentObserver {
public:
    ProgressLine(const sfp::Progress& progress, unsigned repetitions);
    ~ProgressLine() override;  // stops the ticker and clears the line
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    void run_started(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total) override;
    void message(const std::string& text) override;

private:
    void tick();
    std::string render();  // with mutex_ held

    const sfp::Progress& progress_;
    const unsigned repetitions_;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    bool running_ = false;      // a timed run is under way (else `note_` says what happens)
    std::string label_, note_;  // the current cell; the last message (warm-up, data)
    unsigned repetition_ = 0;
    std::size_t index_ = 0, total_ = 0;
    std::thread ticker_;  // last: starts after everything it reads exists
};

}  // namespace cli
