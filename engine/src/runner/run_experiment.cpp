// The run loop: prepare inputs, then for each scheduled slot prepare the page cache, measure
// residency, run once (warm-ups first, untimed), check agreement, and keep the statistics
// current. Failures of a cell become records; a cancel ends the loop with what completed.
#include <unistd.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "commands/answer.hpp"
#include "io/atomic_output.hpp"
#include "io/large_folios.hpp"
#include "io/page_cache.hpp"
#include "measure/clock.hpp"
#include "runner/agreement.hpp"
#include "runner/plan.hpp"
#include "runner/report_stats.hpp"
#include "runner/run_index.hpp"
#include "sfp/datagen.hpp"
#include "sfp/failure.hpp"
#include "sfp/labels.hpp"
#include "sfp/registry.hpp"
#include "sfp/run.hpp"
#include "sfp/run_update.hpp"
#include "sfp/workspace.hpp"
#include "workspace/manifest.hpp"
#include "workspace/workspace_lock.hpp"

namespace sfp {
namespace {

// What the report says about how the cache state was reached; `evict` is the eviction method.
std::string cache_method(CacheMode mode, const std::string& evict) {
    switch (mode) {
        case CacheMode::hot:
            return "hot: inputs evicted (" + evict +
                   "), then read once sequentially with read() before the runs; "
                   "read again right before each run";
        case CacheMode::hot_written:
            return "hot-written: generated inputs written just before the runs, as write() leaves them; "
                   "read right before each run";
        case CacheMode::cold: break;
    }
    return evict;
}

class Runner {
public:
    Runner(runner::Plan plan, Progress& progress, ExperimentObserver* observer, const LimitsPolicy& limits)
        : plan_(std::move(plan)), experiment_(plan_.experiment), progress_(progress), observer_(observer),
          limits_policy_(limits), report_(started_report(experiment_, plan_.cells)), index_(report_) {}

    ExperimentReport run() {
        report_.measured_at = utc_now();
        report_.machine = machine_info(experiment_.inputs.empty() ? plan_.workdir : experiment_.inputs.front());
        report_.limits = limits();
        // Held to the last run, so `clean` cannot remove the inputs or scratch file under it.
        const bool uses_workspace = !plan_.sizes.empty() || plan_.io->writes_output;
        const WorkspaceHold hold = uses_workspace ? WorkspaceHold(plan_.workdir, &progress_.cancel) : WorkspaceHold();
        if (!cancelled()) prepare_input_sets();
        if (!cancelled()) prepare_scratch();
        std::vector<bool> warmed(report_.cells.size(), false);
        const std::vector<Slot> slots =
            schedule(report_.cells.size(), experiment_.repetitions, experiment_.order, experiment_.seed);
        report_.runs.reserve(slots.size());  // grown in place: no copy of the runs so far, memory linear
        for (std::size_t i = 0; i < slots.size() && !cancelled(); ++i) {
            const Slot slot = slots[i];
            if (in_rounds() && slot.repetition > report_.round_limits.size()) {
                measure_round(slot.repetition);
                if (cancelled()) break;
            }
            if (!warmed[slot.cell]) {  // a cell's warm-ups run right before its first timed run
                warmed[slot.cell] = true;
                warm_up(slot.cell);
                if (cancelled()) break;
            }
            if (observer_) observer_->run_started(report_.cells[slot.cell], slot.repetition, i, slots.size());
            RunRecord record = timed_run(slot);
            if (record.result.status == Status::cancelled) break;  // the interrupted run is not kept
            mark_unchecked(slot.cell, record);
            report_.runs.push_back(std::move(record));
            index_.add(report_, report_.runs.size() - 1);
            // Only this run's input set and cells are looked at again, never the whole report.
            std::vector<std::size_t> flipped;  // earlier runs whose status the new one changed
            std::set<std::size_t> changed =
                agreement_[agreement_group(report_.cells[slot.cell])].add(report_, report_.runs.size() - 1, &flipped);
            changed.insert(slot.cell);
            runner::update_statistics(report_, index_, changed);
            if (observer_) observer_->run_finished(update_for(changed, flipped));
        }
        report_.cancelled = cancelled();
        runner::compute_statistics(report_);  // once more, whole: adds the size fits
        if (!cancelled()) measure_suspects_again();
        return std::move(report_);
    }

private:
    bool cancelled() const { return progress_.cancel.load(); }

    // The report before the first run: every cell, one empty statistics entry per cell.
    static ExperimentReport started_report(const Experiment& e, const std::vector<Cell>& cells) {
        ExperimentReport r;
        r.experiment = e;
        r.cells = cells;
        r.cache_method = cache_method(e.cache, page_cache::kFadviseMethod);
        runner::compute_statistics(r);
        return r;
    }

    // What the last run changed, for the observer: a copy of that much only, never the report.
    RunUpdate update_for(const std::set<std::size_t>& changed_cells, const std::vector<std::size_t>& flipped) const {
        RunUpdate u;
        u.index = report_.runs.size() - 1;
        u.record = report_.runs.back();
        if (u.index == 0) u.input_sets = report_.input_sets, u.limits = report_.limits;
        u.stats.push_back(report_.stats.at(u.record.cell));
        for (std::size_t c : changed_cells)
            if (c != u.record.cell) u.stats.push_back(report_.stats.at(c));
        for (std::size_t run : flipped)
            if (run != u.index) u.statuses.push_back({run, report_.runs[run].status});
        u.input_set = report_.cells[u.record.cell].input_set;
        for (const Ranking& r : report_.rankings)
            if (r.input_set == u.input_set) u.ranking = r;
        return u;
    }

    void say(const std::string& text) {
        if (observer_) observer_->message(text);
    }

    // What the cells are judged against (sfp/limits.hpp), as the policy says: the workspace's
    // cache for this machine, with the missing ones measured quickly when the policy allows.
    MachineLimits limits() {
        MachineLimits none;
        switch (limits_policy_.mode) {
            case LimitsPolicy::Mode::off: none.absent = limits_policy_.reason; return none;
            case LimitsPolicy::Mode::given: return limits_policy_.given;
            case LimitsPolicy::Mode::cached:
            case LimitsPolicy::Mode::measure_missing: break;
        }
        const bool measure = limits_policy_.mode == LimitsPolicy::Mode::measure_missing;
        const LimitsLookup lookup{.workdir = plan_.workdir,
                                  .which = limits_needed(experiment_, plan_.cells),
                                  .quick = true,
                                  .measure = measure,
                                  .measure_with = limits_policy_.measure_with};
        if (lookup.which.empty()) return none;  // each cell says its algorithm declares no limit
        try {
            const LimitsFound found = find_limits(lookup, progress_, [this](const std::string& text) {
                say("measuring this machine's limits once (kept in " + limits_cache_path(plan_.workdir) + "): " + text);
            });
            if (!found.saved_error.empty()) say(found.saved_error);
            return found.limits;
        } catch (const Failure& e) {  // the runs go on, judged against nothing
            none.absent = std::string("the limits could not be measured: ") + e.what();
            say(none.absent);
            return none;
        }
    }

    // Limits in rounds: when the policy may measure and every round runs each cell once.
    bool in_rounds() const {
        const bool may_measure = limits_policy_.mode == LimitsPolicy::Mode::cached ||
                                 limits_policy_.mode == LimitsPolicy::Mode::measure_missing;
        return experiment_.limits_in_rounds && may_measure && experiment_.order == Order::interleaved &&
               !limits_needed(experiment_, plan_.cells).empty();
    }

    // The limits the cells need, measured quickly among the cells at the start of round `repetition`.
    void measure_round(unsigned repetition) {
        const std::vector<LimitId> needed = limits_needed(experiment_, plan_.cells);
        say("round " + std::to_string(repetition) + ": measuring the limits the cells are judged against");
        MachineLimits round;
        try {
            workspace::make_workdir(plan_.workdir);
            round = limits_policy_.measure_with(needed, limit_budget(true), plan_.workdir, progress_, {});
            round.load = machine_load();
        } catch (const Failure& e) {
            round.absent = std::string("the limits of round ") + std::to_string(repetition) +
                           " could not be measured: " + e.what();
            say(round.absent);
        }
        report_.round_limits.resize(repetition - 1);  // rounds come in order; a gap stays empty
        report_.round_limits.push_back(std::move(round));
    }

    // A cell above its kept limit by more than the limit's spread: that limit measured again (not
    // in rounds, where it was measured among the runs), once, when the policy may measure.
    void measure_suspects_again() {
        if (limits_policy_.mode != LimitsPolicy::Mode::measure_missing || !report_.round_limits.empty()) return;
        std::vector<LimitId> ids;
        for (const LimitSuspect& s : suspect_limits(report_))
            for (LimitId id : s.ids)
                if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
        if (ids.empty()) return;
        say("a cell ran above its limit: measuring that limit again");
        try {
            const LimitsFound found = find_limits(
                {.workdir = plan_.workdir, .which = ids, .refresh = true, .measure_with = limits_policy_.measure_with},
                progress_);
            if (!progress_.cancel.load()) report_.limits = found.limits;
        } catch (const Failure& e) {
            say(std::string("the limits could not be measured again: ") + e.what());
        }
    }

    // Generated data is made (or reused) now; a set that cannot be made fails only its own runs.
    void prepare_input_sets() {
        input_errors_.assign(plan_.sizes.empty() ? 1 : plan_.sizes.size(), "");
        if (plan_.sizes.empty()) {
            report_.input_sets.push_back({experiment_.inputs, report_.cells.empty() ? 0 : report_.cells[0].file_size});
            return;
        }
        for (std::size_t set = 0; set < plan_.sizes.size(); ++set) {
            const std::uint64_t size = plan_.sizes[set];
            InputSet in{generated_paths(plan_.workdir, plan_.data_kind, size, experiment_.seed), size};
            if (!cancelled()) {
                say("preparing " + format_size(size) + " " + plan_.data_kind + " data in " + plan_.workdir);
                try {
                    // hot-written wants the pages a write leaves: write the data again even when reusable
                    in.paths = ensure_generated(plan_.workdir, plan_.data_kind, size, experiment_.seed,
                                                &progress_.cancel, experiment_.cache == CacheMode::hot_written);
                } catch (const Failure& e) {
                    input_errors_[set] = e.what();
                    say(e.what());
                }
            }
            report_.input_sets.push_back(std::move(in));
        }
    }

    void prepare_scratch() {
        if (!plan_.io->writes_output) return;
        try {
            workspace::make_workdir(plan_.workdir);
            sweep_stale_temporaries(plan_.workdir);  // what a killed run left (a live one's is locked)
            scratch_ = workspace::scratch_output(plan_.workdir);
        } catch (const Failure& e) {
            scratch_error_ = e.what();  // every run fails with it, the report still says why
            say(e.what());
        }
    }

    RunSpec spec_for(const Cell& cell) const {
        RunSpec spec = runner::spec_of_cell(plan_, cell);
        spec.inputs = report_.input_sets[cell.input_set].paths;
        spec.output = scratch_;
        spec.timeline = experiment_.timeline;
        return spec;
    }

    // Done before every run, timed or not. Cold: evict the inputs. Hot: the first time an input
    // set is used, evict it and read it once (one defined state, whatever came before); then,
    // like hot-written, read it again, which only brings back pages lost since. A directory
    // input stands for every file of its tree (`inputs`: the set's files, listed once per run).
    // Returns the inputs' residency when preparing measured it (cold: eviction counts what it
    // left), so the run does not read it twice.
    std::optional<double> prepare_cache(std::size_t set, const std::vector<std::string>& inputs) {
        if (experiment_.cache == CacheMode::cold) {
            const page_cache::Eviction evicted = page_cache::evict(inputs, progress_.cancel);
            note_eviction(evicted.method);
            return evicted.residency_pct;
        }
        if (experiment_.cache == CacheMode::hot && settled_.insert(set).second)
            note_eviction(page_cache::settle_as_read(inputs, progress_.cancel));
        else
            page_cache::warm(inputs, progress_.cancel);
        return std::nullopt;
    }

    void note_eviction(const std::string& method) {
        if (method == page_cache::kDropCachesMethod) report_.cache_method = cache_method(experiment_.cache, method);
    }

    // A command whose run had nothing to check (an automatic check, nothing printed: dd) is a
    // floor from then on: shown, never judged, never ranked the fastest correct cell.
    void mark_unchecked(std::size_t cell, const RunRecord& record) {
        const auto* answer = record.result.outcome.get_if<commands::CommandAnswer>();
        if (answer && answer->check == CommandCheck::none) report_.cells[cell].reference_floor = true;
    }

    // One run of a cell, or the error that prevents it, as a result.
    RunResult run_cell(std::size_t c) {
        const Cell& cell = report_.cells[c];
        std::string blocked = input_errors_[cell.input_set];
        if (blocked.empty()) blocked = scratch_error_;
        if (!blocked.empty()) {
            RunResult failed;
            failed.status = Status::error;
            failed.error = blocked;
            return failed;
        }
        RunResult result = run_once(*plan_.strategy_of[c], spec_for(cell), progress_);
        if (!scratch_.empty()) ::unlink(scratch_.c_str());  // scratch output lives for one run only
        return result;
    }

    void warm_up(std::size_t c) {
        for (unsigned w = 0; w < experiment_.warmups && !cancelled(); ++w) {
            say("warm-up " + std::to_string(w + 1) + "/" + std::to_string(experiment_.warmups) + ": " +
                cell_label(report_.cells[c]));
            const std::size_t set = report_.cells[c].input_set;
            prepare_cache(set, plan_.kind->files_of(report_.input_sets[set].paths));
            run_cell(c);  // untimed: its result is dropped
        }
    }

    RunRecord timed_run(Slot slot) {
        const std::size_t set = report_.cells[slot.cell].input_set;
        const std::vector<std::string>& inputs = report_.input_sets[set].paths;
        RunRecord record;
        record.cell = slot.cell;
        record.repetition = slot.repetition;
        const std::vector<std::string> files = plan_.kind->files_of(inputs);
        const std::optional<double> residency = prepare_cache(set, files);
        record.residency_pct = residency ? *residency : page_cache::residency_pct(files);
        record.large_folio_share = page_cache::large_folio_share(files);
        record.result = run_cell(slot.cell);
        record.status = run_status(record.result.status);
        return record;
    }

    const runner::Plan plan_;
    const Experiment& experiment_;  // the plan's
    Progress& progress_;
    ExperimentObserver* observer_;
    const LimitsPolicy& limits_policy_;
    ExperimentReport report_;
    runner::RunIndex index_;  // report_'s runs by cell and by input set
    // The runs that must agree: an input set's, at the same values of the parameters that shape the
    // outcome (search's max_matches); kept up to date run by run.
    using Group = std::pair<std::size_t, std::vector<std::uint64_t>>;
    Group agreement_group(const Cell& cell) const {
        Group g{cell.input_set, {}};
        for (const auto& [name, value] : cell.parameters)
            if (const Parameter* p = find_parameter(experiment_.algorithm, name); p && p->shapes_outcome)
                g.second.push_back(value);
        return g;
    }
    std::map<Group, runner::Agreement> agreement_;
    std::vector<std::string> input_errors_;  // per input set: why it could not be prepared
    std::string scratch_, scratch_error_;
    std::set<std::size_t> settled_;  // input sets brought into the hot state already
};

}  // namespace

ExperimentReport run_experiment(const Experiment& experiment, Progress& progress, ExperimentObserver* observer,
                                const LimitsPolicy& limits) {
    return run_experiment(experiment, strategies(), progress, observer, limits);
}

ExperimentReport run_experiment(const Experiment& experiment, std::span<const Strategy> catalogue, Progress& progress,
                                ExperimentObserver* observer, const LimitsPolicy& limits) {
    return run_experiment(runner::make_plan(experiment, catalogue), progress, observer, limits);
}

ExperimentReport run_experiment(const Plan& plan, Progress& progress, ExperimentObserver* observer,
                                const LimitsPolicy& limits) {
    return Runner(plan, progress, observer, limits).run();
}

}  // namespace sfp
