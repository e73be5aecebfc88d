// run_once: validate, probe, run and measure one strategy. Every failure becomes a result.
#include "sfp/run.hpp"

#include <unistd.h>

#include <new>
#include <system_error>

#include "measure/run_meter.hpp"
#include "run_timeline.hpp"
#include "sfp/check_experiment.hpp"
#include "sfp/failure.hpp"
#include "sfp/registry.hpp"
#include "sfp/run_context.hpp"

namespace sfp {
namespace {

// The registry's strategy for a spec the one validator finds valid: a bad value reads the same
// here as from every front end (a runner's cell was checked with its experiment already). Its
// inputs are the strategy's to judge: a one-run takes what its command does (iterate several
// roots, cipher one file and an output), not an experiment's input set.
const Strategy& checked_strategy(const RunSpec& spec) {
    std::vector<Problem> problems = check_experiment(experiment_of(spec));
    std::erase_if(problems, [](const Problem& p) { return p.field.starts_with("inputs"); });
    if (!problems.empty()) fail(problems_text(problems));
    return *find_strategy(spec.algorithm, spec.strategy);
}

}  // namespace

unsigned online_cpus() noexcept {
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? unsigned(n) : 1u;
}

namespace {

std::string quoted_inputs(const RunSpec& spec) {
    std::string text;
    for (const std::string& in : spec.inputs) text += (text.empty() ? "'" : ", '") + in + "'";
    return text.empty() ? "no input" : text;
}

// `given` is null for a lookup in the registry by the spec's names.
RunResult run_with(const Strategy* given, const RunSpec& spec_in, Progress& progress) {
    RunResult result;
    progress.reset();
    try {
        const Strategy& strategy = given ? *given : checked_strategy(spec_in);
        // What the machine lacks, or what it cannot do with these options (Strategy::takes: the
        // runner leaves such cells out; a one-run command that names it anyway is told here).
        Support support = strategy.support();
        if (support.supported && strategy.takes) support = strategy.takes(spec_in);
        if (!support.supported) {
            result.status = Status::unsupported;
            result.error = spec_in.strategy + " is unsupported here: " + support.reason;
            return result;
        }
        RunSpec spec = spec_in;
        spec.threads = resolved_threads(spec.threads);

        RunContext ctx(progress);
        RunnerTimeline timeline(ctx, spec.timeline);
        RunMeter meter;
        // Stop the clock and collect usage and notes whether the strategy returns or throws.
        auto settle = [&] {
            meter.stop();
            result.real_s = meter.real_s();
            result.usage = meter.usage(ctx.others_spent(), ctx.waited_seconds());
            // the runner's own record is its whole life: its wait for its workers is blocked time there
            result.threads = timeline.threads(ctx, meter.own(0), result.real_s);
            result.notes = ctx.take_notes();
            result.list_s = ctx.list_seconds();
        };
        try {
            result.outcome = strategy.run(spec, ctx);
        } catch (...) {
            settle();
            throw;
        }
        settle();
        if (ctx.cancel_seen()) {
            result.status = Status::cancelled;
            result.outcome = Outcome{};
        } else {
            if (strategy.finish) strategy.finish(spec, result.outcome);
            if (spec.digest) result.digest = digest_of(result.outcome);
        }
    } catch (const Unsupported& e) {
        result.status = Status::unsupported;
        result.error = spec_in.strategy + " is unsupported here: " + e.what();
    } catch (const Failure& e) {
        result.status = Status::error;
        result.error = e.what();
    } catch (const std::bad_alloc&) {
        result.status = Status::error;
        result.error = "out of memory while " + spec_in.strategy + " ran on " + quoted_inputs(spec_in);
    } catch (const std::system_error& e) {  // std::thread's EAGAIN: the process or thread limit
        result.status = Status::error;
        result.error = e.code() == std::errc::resource_unavailable_try_again
                           ? "cannot start a thread for " + spec_in.strategy + ": " + kProcessLimitReached +
                                 "; use fewer --threads or raise the limit"
                           : std::string("internal error: ") + e.what();
    } catch (const std::exception& e) {
        result.status = Status::error;
        result.error = std::string("internal error: ") + e.what();
    } catch (...) {
        result.status = Status::error;
        result.error = "internal error: unknown exception";
    }
    if (result.status == Status::error && progress.cancel.load()) result.status = Status::cancelled;
    result.bytes = progress.done.load();
    return result;
}

}  // namespace

RunResult run_once(const RunSpec& spec, Progress& progress) { return run_with(nullptr, spec, progress); }

RunResult run_once(const Strategy& strategy, const RunSpec& spec, Progress& progress) {
    return run_with(&strategy, spec, progress);
}

}  // namespace sfp
