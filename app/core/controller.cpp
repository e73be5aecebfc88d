#include "controller.hpp"

#include <QtConcurrent/QtConcurrent>
#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>

#include "limits_json.hpp"
#include "run_feed.hpp"
#include "sfp/cell.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/expand.hpp"
#include "sfp/experiment.hpp"
#include "sfp/plan.hpp"
#include "sfp/report.hpp"
#include "sfp/run_experiment.hpp"
#include "sfp/run_record.hpp"
#include "sfp/workspace.hpp"

namespace core {
namespace {

std::int64_t steady_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

// Shared by the controller and its worker; outlives whichever lets go last.
struct Controller::Job {
    quint64 id = 0;
    sfp::Progress progress;
    RunFeed feed;                                // the worker appends, the controller takes at each poll
    std::atomic<std::int64_t> cancel_at_ns{-1};  // steady clock at cancel(), for the latency
};

struct Controller::Outcome {
    std::optional<sfp::ExperimentReport> report;
    QString problems;  // the plan's: nothing ran
    QString error;
    double cancel_latency_ms = -1;
};

// Lives on the worker thread. Runs go into the job's feed (moved, never copied: the run and
// what it changed, not the report so far); the rare messages are posted to the controller's
// thread, tagged with the job id so the controller can drop those of a superseded job.
class Controller::Forwarder : public sfp::ExperimentObserver {
public:
    Forwarder(Controller* controller, Job& job) : controller_(controller), job_(job) {}

    void run_started(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total) override {
        job_.feed.started(cell, repetition, index, total);
    }

    void run_finished(sfp::RunUpdate&& update) override { job_.feed.finished(std::move(update)); }

    void message(const std::string& text) override {
        QMetaObject::invokeMethod(
            controller_, [c = controller_, id = job_.id, t = QString::fromStdString(text)] { c->onMessage(id, t); },
            Qt::QueuedConnection);
    }

private:
    Controller* controller_;
    Job& job_;
};

Controller::Controller(QObject* parent) : QObject(parent) {
    qRegisterMetaType<sfp::Cell>();
    qRegisterMetaType<sfp::RunRecord>();
    qRegisterMetaType<sfp::RunUpdate>();
    qRegisterMetaType<std::vector<sfp::RunUpdate>>();
    qRegisterMetaType<sfp::ExperimentReport>();
    pool_.setMaxThreadCount(1);
    poll_timer_.setInterval(kPollIntervalMs);
    connect(&poll_timer_, &QTimer::timeout, this, &Controller::poll);
}

Controller::~Controller() {
    if (job_) job_->progress.cancel.store(true);
    pool_.waitForDone();
}

namespace {

// What the job's plan says: the plan ready to run, else the problems one per line (the words
// the window's form lists them in).
std::optional<sfp::Plan> plan_or_problems(const sfp::Experiment& experiment, QString& problems) {
    sfp::PlanOutcome outcome = sfp::plan(experiment);
    if (outcome.ready()) return std::move(outcome.plan);
    QStringList lines;
    for (const sfp::Problem& p : outcome.problems) lines << QString::fromStdString(p.message);
    if (lines.isEmpty()) lines << Controller::tr("the experiment could not be planned");  // not reached
    problems = lines.join(QLatin1Char('\n'));
    return std::nullopt;
}

// A job cancelled while it planned: its cells, no runs, as the runner ends a cancelled one.
sfp::ExperimentReport cancelled_before_runs(const sfp::Plan& plan) {
    sfp::ExperimentReport report;
    report.experiment = plan.experiment;
    report.cells = plan.cells;
    report.stats.resize(report.cells.size());
    for (std::size_t c = 0; c < report.stats.size(); ++c) report.stats[c].cell = c;
    report.cancelled = true;
    return report;
}

}  // namespace

void Controller::start(const sfp::Experiment& experiment) {
    if (job_) job_->progress.cancel.store(true);  // superseded: its events are dropped from now on

    auto job = std::make_shared<Job>();
    job->id = next_id_++;
    job_ = job;
    report_ = {};
    report_.noise = noise_;
    report_.experiment = experiment;

    // Planned here, on the worker: listing and sizing a given tree never holds the GUI thread.
    QFuture<Outcome> work = QtConcurrent::run(&pool_, [this, job, experiment]() -> Outcome {
        Outcome out;
        if (job->progress.cancel.load()) {  // superseded before it began
            out.error = QStringLiteral("superseded");
            return out;
        }
        try {
            std::optional<sfp::Plan> plan = plan_or_problems(experiment, out.problems);
            if (!plan) return out;
            if (plan->cells.empty()) {
                out.error = tr("The experiment has no runs: check at least one strategy.");
            } else if (job->progress.cancel.load()) {  // cancelled while it planned: nothing runs
                out.report = cancelled_before_runs(*plan);
            } else {
                QMetaObject::invokeMethod(
                    this,
                    [c = this, id = job->id, e = plan->experiment, cells = plan->cells]() mutable {
                        c->onPlanned(id, e, std::move(cells));
                    },
                    Qt::QueuedConnection);
                Forwarder forwarder(this, *job);
                out.report = sfp::run_experiment(*plan, job->progress, &forwarder, run_limits_policy());
            }
        } catch (const std::exception& e) {
            out.error = QString::fromStdString(e.what());
        } catch (...) {
            out.error = QStringLiteral("the experiment failed for an unknown reason");
        }
        if (const std::int64_t at = job->cancel_at_ns.load(); at >= 0)
            out.cancel_latency_ms = double(steady_ns() - at) / 1e6;
        return out;
    });
    // The outcome taken out of the future, not copied: the final report is moved along.
    work.then(this, [this, id = job->id](QFuture<Outcome> done) { onDone(id, done.takeResult()); });
}

// Queued before any of the job's runs or messages: the report gets its cells first.
void Controller::onPlanned(quint64 id, const sfp::Experiment& experiment, std::vector<sfp::Cell> cells) {
    if (!job_ || id != job_->id) return;  // superseded
    report_.experiment = experiment;
    report_.cells = std::move(cells);
    report_.stats.resize(report_.cells.size());  // one empty entry per cell, as the runner starts
    for (std::size_t c = 0; c < report_.stats.size(); ++c) report_.stats[c].cell = c;
    rate_ = 0;
    rate_bytes_ = 0;
    rate_clock_.start();
    poll_timer_.start();
    const std::size_t runs = report_.cells.size() * std::max(1u, experiment.repetitions);
    report_.runs.reserve(runs);  // no copy of the runs so far as they grow: memory linear in the runs
    emit started(runs);
}

void Controller::cancel() {
    if (!job_ || job_->progress.cancel.load()) return;
    job_->cancel_at_ns.store(steady_ns());
    job_->progress.cancel.store(true);
    emit message(tr("Cancelling…"));
}

std::vector<std::string> Controller::cleanWorkspace(const std::string& workdir) {
    if (job_) throw std::logic_error("an experiment is running: its data is in use");
    return sfp::clean_workspace(workdir);
}

void Controller::deliver() {
    const Job* job = job_.get();
    RunFeed::Batch batch = job_->feed.take();
    for (sfp::RunUpdate& update : batch.finished) sfp::apply(report_, std::move(update));
    if (!batch.finished.empty()) emit runsFinished(batch.finished);
    if (job_.get() != job) return;  // a slot of those runs started another job: its start is not news
    // A start the batch's runs already finished is old news: the next poll has a newer one.
    if (const auto& now = batch.current; now && now->index >= report_.runs.size())
        emit runStarted(now->cell, now->repetition, now->index, now->total);
}

void Controller::onMessage(quint64 id, const QString& text) {
    if (!job_ || id != job_->id) return;
    emit message(text);
}

void Controller::onDone(quint64 id, Outcome&& out) {
    if (out.cancel_latency_ms >= 0) cancel_latency_ms_ = out.cancel_latency_ms;
    if (!job_ || id != job_->id) return;  // superseded
    if (!out.problems.isEmpty()) {
        job_.reset();
        emit refused(out.problems);
        return;
    }
    deliver();                            // the runs since the last poll: every run is announced before the end
    if (!job_ || id != job_->id) return;  // a slot of those runs started another job
    job_.reset();
    poll_timer_.stop();
    if (!out.report) {
        emit failed(out.error);
        return;
    }
    report_ = std::move(*out.report);
    report_.noise = noise_;
    emit finished(report_);
}

void Controller::setNoise(double noise) {
    noise_ = noise;
    report_.noise = noise;
}

void Controller::poll() {
    if (!job_) return;
    const std::size_t runs = report_.runs.size();
    deliver();
    if (!job_) return;                  // a slot of those runs ended it
    if (report_.runs.size() != runs) {  // another run now: its rate starts afresh
        rate_ = 0;
        rate_bytes_ = 0;
    }
    const quint64 done = job_->progress.done.load(std::memory_order_relaxed);
    const quint64 total = job_->progress.total.load(std::memory_order_relaxed);
    const double seconds = double(rate_clock_.nsecsElapsed()) / 1e9;
    if (done < rate_bytes_) rate_bytes_ = 0;  // a new run began between two samples
    if (seconds > 0) {
        const double instant = double(done - rate_bytes_) / seconds;
        rate_ = rate_ == 0 ? instant : 0.7 * rate_ + 0.3 * instant;  // smooth the jitter
    }
    rate_bytes_ = done;
    rate_clock_.restart();
    emit progress(done, total, rate_);
}

}  // namespace core
