// A share above 100 % by more than the limit's own spread is not waved away: the limit is
// suspect, and the records say why -- how it was measured, and when against the runs.
#include <cstdio>

#include "sfp/report.hpp"

namespace sfp {
namespace {

std::string fixed(double v, int decimals) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, v);
    return text;
}

// Why the limit of this cell is off, from its records, the likeliest first.
std::string reason_for(const ExperimentReport& report, const CellLimit& limit) {
    if (limit.uncertain) return "it was measured with few undisturbed passes (the machine was busy), so it may be low";
    if (limit.rounds > 0)
        return "it was measured in the same rounds as the runs, so it is a ceiling that does not bound this strategy";
    for (LimitId id : limit.ids) {
        const Limit* l = report.limits.find(id);
        const LimitPoint* p = l ? l->point(limit.threads) : nullptr;
        if (p && !p->by_passes())
            return "it is a median of repetitions" + (l->load >= 0 ? " at load average " + fixed(l->load, 2) : "") +
                   ", which other processes' load lowers: `sfpbench limits --refresh` measures it by passes";
    }
    if (!report.measured_at.empty() && report.limits.measured_at >= report.measured_at)
        return "it was measured again after the runs and still is below them: a ceiling that does not bound this "
               "strategy";
    return "it was measured at another moment (" + report.limits.measured_at +
           "): either that moment was slower or it is a ceiling that does not bound this strategy";
}

}  // namespace

std::vector<LimitSuspect> suspect_limits(const ExperimentReport& report) {
    std::vector<LimitSuspect> out;
    for (const CellStats& s : report.stats) {
        if (s.real.n == 0 || s.cell >= report.cells.size()) continue;
        const CellLimit limit = cell_limit(report, s.cell);
        const std::optional<double> pct = limit_pct(limit, s.throughput_mbs * 1e6, 1.0);
        if (!pct || *pct <= 100 * (1 + limit.spread) + 0.5) continue;
        out.push_back({.cell = s.cell, .ids = limit.ids, .pct = *pct, .why = reason_for(report, limit)});
    }
    return out;
}

}  // namespace sfp
