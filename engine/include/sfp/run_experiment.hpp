#pragma once
// Running an experiment: the runner both front ends share (engine/src/runner/). Qt-free.
#include <cstddef>
#include <span>
#include <string>

#include "sfp/cell.hpp"
#include "sfp/limits.hpp"
#include "sfp/progress.hpp"
#include "sfp/report.hpp"
#include "sfp/strategy.hpp"

namespace sfp {

struct RunUpdate;  // sfp/run_update.hpp

// Receives events on the runner's thread; implementations forward them (the GUI queues them).
// `index` counts timed runs from 0 to total-1. Each finished run is handed over once, with
// what it changed (sfp/run_update.hpp): a record's status may still turn into mismatch
// later, as other strategies' runs on the same input set come in (a later update says so).
class ExperimentObserver {
public:
    virtual ~ExperimentObserver() = default;
    virtual void run_started(const Cell& /*cell*/, unsigned /*repetition*/, std::size_t /*index*/,
                             std::size_t /*total*/) {}
    virtual void run_finished(RunUpdate&& /*update*/) {}
    virtual void message(const std::string& /*text*/) {}  // e.g. "generating 640000000-byte pair"
};

// Runs the whole experiment. Never throws for a failing cell: its runs are records with their
// error, and the matrix goes on. Throws sfp::Failure only for an invalid experiment.
// `progress` carries the current run's bytes and the cancel flag; after a cancel the report
// holds every completed run and cancelled = true (the interrupted run is not recorded).
// `limits` says where the limits the cells are judged against come from (sfp/limits.hpp).
ExperimentReport run_experiment(const Experiment& experiment, Progress& progress,
                                ExperimentObserver* observer = nullptr, const LimitsPolicy& limits = {});
// The same over a catalogue of strategies instead of the registry: the seam tests use to run
// a fake strategy (e.g. one returning a wrong outcome) without registering it.
ExperimentReport run_experiment(const Experiment& experiment, std::span<const Strategy> catalogue, Progress& progress,
                                ExperimentObserver* observer = nullptr, const LimitsPolicy& limits = {});

}  // namespace sfp
