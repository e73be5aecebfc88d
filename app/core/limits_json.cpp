#include "limits_json.hpp"

#include <QJsonArray>
#include <cstdlib>

#include "sfp/failure.hpp"
#include "sfp/stats.hpp"
#include "sfp/workspace.hpp"

namespace core {
namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
QJsonValue text_or_null(const std::string& s) { return s.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text(s)); }

QJsonObject point_json(const sfp::LimitPoint& p) {
    QJsonArray rates;
    for (double r : p.rates) rates.append(r);
    const sfp::Summary s = sfp::summarize(p.rates);
    return {{"threads", int(p.threads)},
            {"rates", rates},
            {"median", s.median},
            {"min", s.min},
            {"max", s.max},
            {"q1", s.q1},
            {"q3", s.q3},
            {"figure", p.figure()},
            {"passes_taken", p.by_passes() ? QJsonValue(int(p.passes_taken)) : QJsonValue(QJsonValue::Null)},
            {"passes_kept", p.by_passes() ? QJsonValue(int(p.passes_kept)) : QJsonValue(QJsonValue::Null)},
            {"spread", p.spread()},
            {"uncertain", p.uncertain()}};
}

QJsonObject limit_json(const sfp::Limit& l) {
    QJsonArray points;
    for (const sfp::LimitPoint& p : l.points) points.append(point_json(p));
    return {{"key", text(sfp::limit_key(l.id))},
            {"name", text(sfp::limit_name(l.id))},
            {"method", text(l.method)},
            {"quick", l.quick},
            {"unavailable", text_or_null(l.unavailable)},
            {"bytes_per_file", l.bytes_per_file > 0 ? QJsonValue(l.bytes_per_file) : QJsonValue(QJsonValue::Null)},
            {"load_1min", l.load >= 0 ? QJsonValue(l.load) : QJsonValue(QJsonValue::Null)},
            {"steal", l.steal >= 0 ? QJsonValue(l.steal) : QJsonValue(QJsonValue::Null)},
            {"points", points}};
}

}  // namespace

QJsonObject limits_json(const sfp::MachineLimits& limits) {
    QJsonArray entries;
    for (const sfp::Limit& l : limits.limits) entries.append(limit_json(l));
    return {{"fingerprint", text(limits.fingerprint)},
            {"device", text(limits.device)},
            {"measured_at", text_or_null(limits.measured_at)},
            {"absent", text_or_null(limits.absent)},
            {"load_1min", limits.load.known() ? QJsonValue(limits.load.one_minute) : QJsonValue(QJsonValue::Null)},
            {"online_cpus", limits.load.known() ? QJsonValue(int(limits.load.cpus)) : QJsonValue(QJsonValue::Null)},
            {"entries", entries}};
}

void add_share_json(QJsonObject& json, const sfp::CellLimit& limit, std::optional<double> pct) {
    const auto or_null = [](bool given, const QJsonValue& v) { return given ? v : QJsonValue(QJsonValue::Null); };
    json["limit_pct"] = or_null(pct.has_value(), pct.value_or(0));
    json["limit_name"] = or_null(!limit.name.empty(), text(limit.label()));
    json["limit_bytes_per_s"] = or_null(limit.bytes_per_s > 0, limit.bytes_per_s);
    json["limit_reason"] = or_null(!pct, text(limit.reason.empty() ? "no timed run" : limit.reason));
    json["limit_uncertain"] = limit.uncertain;
}

sfp::MachineLimits one_run_limits() {
    const sfp::LimitsPolicy policy = run_limits_policy();
    if (policy.mode == sfp::LimitsPolicy::Mode::given) return policy.given;
    if (policy.mode == sfp::LimitsPolicy::Mode::off) {
        sfp::MachineLimits none;
        none.absent = policy.reason;
        return none;
    }
    sfp::Progress progress;
    return sfp::find_limits({.workdir = sfp::default_workdir(), .measure = false}, progress).limits;
}

sfp::LimitsPolicy run_limits_policy() {
    sfp::LimitsPolicy policy{.mode = sfp::LimitsPolicy::Mode::measure_missing};
    const char* env = std::getenv("SFPBENCH_LIMITS");
    if (!env || !*env) return policy;
    if (std::string(env) == "off") {
        policy.mode = sfp::LimitsPolicy::Mode::off;
        policy.reason = "limits turned off (SFPBENCH_LIMITS=off)";
        return policy;
    }
    try {
        if (std::optional<sfp::MachineLimits> given = sfp::load_limits(env, sfp::Links::follow, "SFPBENCH_LIMITS")) {
            policy.mode = sfp::LimitsPolicy::Mode::given;
            policy.given = std::move(*given);
            return policy;
        }
        policy.reason = std::string("SFPBENCH_LIMITS names no file: ") + env;
    } catch (const sfp::Failure& e) {
        policy.reason = e.what();
    }
    policy.mode = sfp::LimitsPolicy::Mode::off;
    return policy;
}

}  // namespace core
