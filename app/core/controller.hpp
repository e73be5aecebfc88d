#pragma once
// The one bridge from the window to the engine. Plans an experiment (sfp::plan: judging it and
// listing its trees, which takes seconds for a large one) and runs it on a worker thread
// (QtConcurrent, KDAB hotspot style), turns the runner's observer calls into signals on the
// thread that owns the controller, and cancels. Finished runs are not posted one by one: they
// wait in the job's RunFeed and are taken, with the current run's byte counter, every poll.
// Every job has an id: events of a superseded job are dropped, never shown.
#include <QElapsedTimer>
#include <QFuture>
#include <QMetaType>
#include <QObject>
#include <QThreadPool>
#include <QTimer>
#include <memory>
#include <vector>

#include "sfp/cell.hpp"
#include "sfp/experiment.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"
#include "sfp/run_update.hpp"

namespace core {

class Controller : public QObject {
    Q_OBJECT
public:
    explicit Controller(QObject* parent = nullptr);
    // Asks a running job to stop and waits for it (it stops within a block).
    ~Controller() override;

    bool isRunning() const noexcept { return job_ != nullptr; }
    // The report as it grows: the plan's cells from started(), then each run's update
    // applied (sfp::apply: the run, statuses, the touched cells' statistics, the ranking),
    // then the runner's final report (moved in, not copied).
    const sfp::ExperimentReport& report() const noexcept { return report_; }
    // The noise band of the verdicts in report() (sfp::verdict), now and for the reports to come.
    void setNoise(double noise);
    // Milliseconds between the last cancel() and the engine returning; -1 before any cancel.
    double lastCancelLatencyMs() const noexcept { return cancel_latency_ms_; }

    // How often the finished runs are taken and the current run's progress sampled.
    static constexpr int kPollIntervalMs = 50;

public slots:
    // Starts a job: on the worker thread it plans the experiment (sfp::plan, once), then runs
    // the plan. isRunning() from now on; started() follows the plan, refused() instead when
    // the plan finds problems. A job still running is cancelled and superseded: its events are
    // dropped and the new one waits for it to end, so two experiments never share the machine.
    void start(const sfp::Experiment& experiment);
    // Asks the running job to stop; its completed runs arrive with finished(report.cancelled).
    // While it plans: no run starts, finished() brings the cancelled report without runs.
    void cancel();

public:
    // Removes the generated data sfpbench made in `workdir` (its manifest lists them), nothing
    // else. Returns the paths removed; throws sfp::Failure with the OS reason. Not while running.
    std::vector<std::string> cleanWorkspace(const std::string& workdir);

signals:
    // Planned: report() holds the experiment as checked and its cells, no runs yet.
    void started(std::size_t totalRuns);
    // The plan's problems, one per line in the engine's words; nothing ran.
    void refused(const QString& problems);
    void message(const QString& text);
    // The run going on at a poll (runs shorter than a poll may start and end unannounced:
    // runsFinished has every one of them).
    void runStarted(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total);
    // The runs finished since the last poll, in order, each exactly once, already applied to
    // report(). Each update's record was moved into the report: read the run as
    // report().runs[update.index]; its statistics, statuses and ranking are intact.
    void runsFinished(const std::vector<sfp::RunUpdate>& updates);
    // The current run: bytes done of expected (0 = unknown) and a smoothed rate in bytes/s.
    void progress(quint64 done, quint64 total, double bytesPerSecond);
    void finished(const sfp::ExperimentReport& report);
    void failed(const QString& message);

private:
    struct Job;
    class Forwarder;
    struct Outcome;

    void onPlanned(quint64 id, const sfp::Experiment& experiment, std::vector<sfp::Cell> cells);
    void onMessage(quint64 id, const QString& text);
    void onDone(quint64 id, Outcome&& outcome);
    void deliver();  // the runs the job's feed holds, applied and announced
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
    double noise_ = sfp::kDefaultNoise;
};

}  // namespace core

Q_DECLARE_METATYPE(sfp::Cell)
Q_DECLARE_METATYPE(sfp::RunRecord)
Q_DECLARE_METATYPE(sfp::RunUpdate)
Q_DECLARE_METATYPE(std::vector<sfp::RunUpdate>)
Q_DECLARE_METATYPE(sfp::ExperimentReport)
