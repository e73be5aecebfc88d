#include "result_json.hpp"

#include <QJsonArray>

#include <limits>

namespace core {
namespace {

// Any outcome's description as JSON, knowing no algorithm. Integers stay integers (a uint64 past
// qint64 becomes a double rather than turning negative); strings are taken as UTF-8, as before.
QJsonValue to_json(const sfp::Description& d) {
    using Kind = sfp::Description::Kind;
    switch (d.kind) {
        case Kind::object: {
            QJsonObject o;
            for (const sfp::Description::Field& f : d.fields)
                o.insert(QString::fromStdString(f.name), to_json(f.value));
            return o;
        }
        case Kind::array: {
            QJsonArray a;
            for (const sfp::Description& item : d.items) a.append(to_json(item));
            return a;
        }
        case Kind::string: return QString::fromStdString(d.text);
        case Kind::signed_integer: return qint64(d.signed_integer);
        case Kind::unsigned_integer:
            if (d.unsigned_integer <= std::uint64_t(std::numeric_limits<qint64>::max()))
                return qint64(d.unsigned_integer);
            return double(d.unsigned_integer);
        case Kind::real: return d.real;
        case Kind::flag: return d.flag;
    }
    return {};
}

// A count the machine may not give: null when n/a.
QJsonValue count_json(std::optional<std::uint64_t> count) {
    return count ? QJsonValue(qint64(*count)) : QJsonValue(QJsonValue::Null);
}

// Seconds or a share the machine may not give: null when n/a.
QJsonValue maybe_json(std::optional<double> v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }

QJsonObject event_json(const sfp::TimelineEvent& e) {
    return {{"kind", sfp::to_string(e.kind)},
            {"start_s", e.start_s},
            {"end_s", e.end_s},
            {"bytes", qint64(e.bytes)},
            {"at", qint64(e.at)}};
}

// One thread of a run's timeline (sfp/timeline.hpp).
QJsonObject thread_json(const sfp::ThreadTime& t) {
    QJsonArray events;
    for (const sfp::TimelineEvent& e : t.events) events.append(event_json(e));
    return {{"worker", qint64(t.worker)},
            {"role", QString::fromStdString(t.role)},
            {"start_s", t.start_s},
            {"end_s", t.end_s},
            {"cpu_s", t.cpu_s},
            {"runnable_wait_s", maybe_json(t.runnable_wait_s)},
            {"blocked_s", maybe_json(t.blocked_s)},
            {"blkio_wait_s", maybe_json(t.blkio_wait_s)},
            {"bytes", qint64(t.bytes)},
            {"coarsened", t.coarsened},
            {"events", events}};
}

}  // namespace

QJsonObject outcome_json(const sfp::Outcome& outcome) {
    const QJsonValue v = to_json(outcome.description());
    return v.isObject() ? v.toObject() : QJsonObject{{"value", v}};
}

QJsonObject usage_json(const sfp::Usage& u) {
    return {{"cpu_s", u.cpu_s},
            {"cpu_exact", u.cpu_exact},
            {"user_s", u.user_s},
            {"sys_s", u.sys_s},
            {"split_resolved", u.split_resolved},
            {"minor_faults", qint64(u.minor_faults)},
            {"major_faults", qint64(u.major_faults)},
            {"voluntary_switches", qint64(u.voluntary_switches)},
            {"involuntary_switches", qint64(u.involuntary_switches)},
            {"read_bytes", count_json(u.read_bytes)},
            {"write_bytes", count_json(u.write_bytes)},
            {"cycles", count_json(u.cycles)},
            {"instructions", count_json(u.instructions)},
            {"dtlb_read_misses", count_json(u.dtlb_read_misses)},
            {"thread_s", maybe_json(u.thread_s)},
            {"runnable_wait_s", maybe_json(u.runnable_wait_s)},
            {"blocked_s", maybe_json(u.blocked_s)},
            {"blkio_wait_s", maybe_json(u.blkio_wait_s)},
            {"steal_pct", maybe_json(u.steal_pct)}};
}

QJsonObject result_json(const sfp::RunResult& r) {
    QJsonArray notes;
    for (const std::string& n : r.notes) notes.append(QString::fromStdString(n));
    QJsonObject json{{"status", sfp::to_string(r.status)},
                     {"error", QString::fromStdString(r.error)},
                     {"bytes", qint64(r.bytes)},
                     {"real_s", r.real_s},
                     {"list_s", r.list_s},
                     {"cpu_s", r.usage.cpu_s},
                     {"user_s", r.usage.user_s},
                     {"sys_s", r.usage.sys_s},
                     {"throughput_mbs", r.real_s > 0 ? double(r.bytes) / r.real_s / 1e6 : 0.0},
                     {"usage", usage_json(r.usage)},
                     {"outcome", outcome_json(r.outcome)},
                     {"digest", QString::fromStdString(r.digest)},
                     {"notes", notes}};
    if (r.threads.empty()) return json;  // recorded only when asked for (--timeline)
    QJsonArray threads;
    for (const sfp::ThreadTime& t : r.threads) threads.append(thread_json(t));
    json["threads"] = threads;
    return json;
}

}  // namespace core
