#pragma once
// The one bridge from the window to the engine. Runs sfp::run_experiment on a worker thread
// (QtConcurrent, KDAB hotspot style), turns the runner's observer calls into signals on the
// thread that owns the controller, polls the current run's byte counter, and cancels.
// Every job has an id: events of a superseded job are dropped, never shown.
#include <QElapsedTimer>
#include <QFuture>
#include <QMetaType>
#include <QObject>
#include <QThreadPool>
#include <QTimer>
#include <memory>

#include "sfp/experiment.hpp"
#include "sfp/run_update.hpp"

namespace core {

class Controller : public QObject {
    Q_OBJECT
public:
    explicit Controller(QObject* parent = nullptr);
    // Asks a running job to stop and waits for it (it stops within a block).
    ~Controller() override;

    bool isRunning() const noexcept { return job_ != nullptr; }
    // The report as it grows: cells from the start (sfp::expand), then each run's update
    // applied (sfp::apply: the run, statuses, the touched cells' statistics, the ranking),
    // then the runner's final report.
    const sfp::ExperimentReport& report() const noexcept { return report_; }
    // Milliseconds between the last cancel() and the engine returning; -1 before any cancel.
    double lastCancelLatencyMs() const noexcept { return cancel_latency_ms_; }

    // How often the current run's progress is sampled while a job runs.
    static constexpr int kPollIntervalMs = 50;

public slots:
    // Starts a job. A job still running is cancelled and superseded: its events are dropped
    // and the new one waits for it to end, so two experiments never share the machine.
    // Returns false (after emitting failed) when the experiment is not valid.
    bool start(const sfp::Experiment& experiment);
    // Asks the running job to stop; its completed runs arrive with finished(report.cancelled).
    void cancel();

public:
    // Removes the generated data sfpbench made in `workdir` (its manifest lists them), nothing
    // else. Returns the paths removed; throws sfp::Failure with the OS reason. Not while running.
    std::vector<std::string> cleanWorkspace(const std::string& workdir);

signals:
    void started(std::size_t totalRuns);
    void message(const QString& text);
    void runStarted(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total);
    // Each finished run once: first what it changed (report() has it applied), then the record.
    void runUpdated(const sfp::RunUpdate& update);
    void runFinished(const sfp::RunRecord& record);
    // The current run: bytes done of expected (0 = unknown) and a smoothed rate in bytes/s.
    void progress(quint64 done, quint64 total, double bytesPerSecond);
    void finished(const sfp::ExperimentReport& report);
    void failed(const QString& message);

private:
    struct Job;
    class Forwarder;
    struct Outcome;

    void onRunStarted(quint64 id, const sfp::Cell& cell, unsigned repetition, std::size_t index,
                      std::size_t total);
    void onRunFinished(quint64 id, const sfp::RunUpdate& update);
    void onMessage(quint64 id, const QString& text);
    void onDone(quint64 id, const Outcome& outcome);
    void poll();

    QThreadPool pool_;  // one thread: jobs run one after the other
    std::shared_ptr<Job> job_;
    quint64 next_id_ = 1;
    sfp::ExperimentReport report_;
    QTimer poll_timer_;
    QElapsedTimer rate_clock_;
    quint64 rate_bytes_ = 0;
    double rate_ = 0;
    double cancel_latency_ms_ = -1;
};

}  // namespace core

Q_DECLARE_METATYPE(sfp::Cell)
Q_DECLARE_METATYPE(sfp::RunRecord)
Q_DECLARE_METATYPE(sfp::RunUpdate)
Q_DECLARE_METATYPE(sfp::ExperimentReport)
