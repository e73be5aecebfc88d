#include "result_json.hpp"

#include <QJsonArray>

namespace core {
namespace {

QJsonObject to_json(const std::monostate&) { return {}; }

QJsonObject to_json(const sfp::CompareOutcome& o) {
    QJsonArray list;
    for (const sfp::Mismatch& m : o.mismatches)
        list.append(QJsonObject{{"offset", qint64(m.offset)}, {"a", int(m.a)}, {"b", int(m.b)}});
    return {{"identical", o.identical()},
            {"size_a", qint64(o.size_a)},
            {"size_b", qint64(o.size_b)},
            {"mismatches", list}};
}

QJsonObject to_json(const sfp::CipherOutcome& o) {
    return {{"output_bytes", qint64(o.output_bytes)},
            {"output_xxh64", QString::asprintf("%016llx", static_cast<unsigned long long>(o.output_hash))}};
}

QJsonObject to_json(const sfp::WordCounts& c) {
    QJsonArray histogram;  // [0] is words of length 1, the last is 31 or more
    for (std::size_t len = 1; len < c.histogram.size(); ++len) histogram.append(qint64(c.histogram[len]));
    return {{"lines", qint64(c.lines)}, {"words", qint64(c.words)}, {"bytes", qint64(c.bytes)}, {"histogram", histogram}};
}

QJsonObject to_json(const sfp::WordCountOutcome& o) {
    QJsonArray files;
    for (const sfp::WordCounts& f : o.files) files.append(to_json(f));
    return {{"files", files}, {"total", to_json(o.total())}};
}

QJsonObject to_json(const sfp::IterateOutcome& o) {
    QJsonArray skipped;
    for (const std::string& s : o.skipped) skipped.append(QString::fromStdString(s));
    return {{"files", qint64(o.file_count)},
            {"bytes", qint64(o.bytes)},
            {"skipped", skipped},
            {"digest_xxh3", QString::asprintf("%016llx", static_cast<unsigned long long>(o.digest))}};
}

}  // namespace

QJsonObject outcome_json(const sfp::Outcome& outcome) {
    return std::visit([](const auto& o) { return to_json(o); }, outcome);
}

QJsonObject usage_json(const sfp::Usage& u) {
    return {{"user_s", u.user_s},
            {"sys_s", u.sys_s},
            {"minor_faults", qint64(u.minor_faults)},
            {"major_faults", qint64(u.major_faults)},
            {"voluntary_switches", qint64(u.voluntary_switches)},
            {"involuntary_switches", qint64(u.involuntary_switches)}};
}

QJsonObject result_json(const sfp::RunResult& r) {
    QJsonArray notes;
    for (const std::string& n : r.notes) notes.append(QString::fromStdString(n));
    return {{"status", sfp::to_string(r.status)},
            {"error", QString::fromStdString(r.error)},
            {"bytes", qint64(r.bytes)},
            {"real_s", r.real_s},
            {"list_s", r.list_s},
            {"user_s", r.usage.user_s},
            {"sys_s", r.usage.sys_s},
            {"throughput_mbs", r.real_s > 0 ? double(r.bytes) / r.real_s / 1e6 : 0.0},
            {"usage", usage_json(r.usage)},
            {"outcome", outcome_json(r.outcome)},
            {"digest", QString::fromStdString(r.digest)},
            {"notes", notes}};
}

}  // namespace core
