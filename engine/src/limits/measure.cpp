// A measurement session: the limits asked for, in order, on shared fixtures; each one's failure
// becomes its "unavailable" reason, a cancel ends the session with what was complete.
#include <algorithm>

#include "limits/measurements.hpp"
#include "measure/clock.hpp"
#include "sfp/failure.hpp"
#include "sfp/machine_info.hpp"
#include "workspace/manifest.hpp"

namespace sfp {
namespace {

Limit measure_on(LimitId id, limits::Fixtures& f) {
    switch (id) {
        case LimitId::memory_read: return limits::memory_read(f);
        case LimitId::two_stream_read: return limits::two_stream_read(f);
        case LimitId::page_cache_read: return limits::page_cache_read(f);
        case LimitId::mapped_scan_large: return limits::mapped_scan_large(f);
        case LimitId::mapped_scan_small: return limits::mapped_scan_small(f);
        case LimitId::page_cache_write: return limits::page_cache_write(f);
        case LimitId::device_read_qd1: return limits::device_read(f, 1);
        case LimitId::device_read_qd32: return limits::device_read(f, 32);
        case LimitId::small_files_cold: return limits::small_files_cold(f);
        case LimitId::small_files_hot: return limits::small_files_hot(f);
    }
    fail("unknown limit");
}

// One limit, its failure as its reason; on cancel, none (no points). The load and steal during
// it are recorded with it: the busier of the load averages before and after.
Limit measure_one(LimitId id, limits::Fixtures& f) {
    const MachineLoad load_before = machine_load();
    const limits::CpuTicks ticks_before = limits::cpu_ticks();
    Limit l;
    try {
        l = measure_on(id, f);
    } catch (const limits::Cancelled&) {
        return Limit{.id = id};
    } catch (const std::exception& e) {
        l = Limit{.id = id, .unavailable = e.what()};
    }
    l.quick = f.budget().quick;
    const MachineLoad load_after = machine_load();
    l.load = std::max(load_before.one_minute, load_after.one_minute);
    l.steal = limits::steal_between(ticks_before, limits::cpu_ticks());
    return l;
}

}  // namespace

Limit measure_limit(LimitId id, const LimitBudget& budget, const std::string& workdir, Progress& progress) {
    workspace::make_workdir(workdir);
    limits::Fixtures f(budget, workdir, progress.cancel);
    return measure_one(id, f);
}

MachineLimits measure_limits(std::span<const LimitId> which, const LimitBudget& budget, const std::string& workdir,
                             Progress& progress, const LimitsSay& say) {
    const std::span<const LimitId> ids = which.empty() ? std::span<const LimitId>(kLimitIds) : which;
    workspace::make_workdir(workdir);
    MachineLimits out;
    out.fingerprint = limits_fingerprint(workdir);
    out.device = machine_info(workdir).device;
    out.measured_at = utc_now();
    limits::Fixtures f(budget, workdir, progress.cancel);
    std::size_t n = 0;
    for (LimitId id : kLimitIds) {  // in this order whatever was asked: the fixtures are shared in it
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) continue;
        if (progress.cancel.load()) break;
        if (say)
            say("limits " + std::to_string(++n) + "/" + std::to_string(ids.size()) + ": " +
                std::string(limit_name(id)) + (budget.quick ? " (quick)" : ""));
        Limit l = measure_one(id, f);
        if (progress.cancel.load()) break;  // cut short: not a measurement
        out.put(std::move(l));
    }
    return out;
}

}  // namespace sfp
