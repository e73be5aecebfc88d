#include "report_load.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "experiment_file.hpp"
#include "sfp/parameter.hpp"

namespace core {
namespace {

// Every read goes through here: a missing or mistyped field names itself in the error.
class Reader {
public:
    explicit Reader(QString path) : path_(std::move(path)) {}

    [[noreturn]] void fail(const QString& field, const QString& why) const {
        throw ReportError(QStringLiteral("report '%1': %2%3")
                              .arg(path_, field.isEmpty() ? QString() : QStringLiteral("field '%1': ").arg(field), why)
                              .toStdString());
    }
    QJsonObject object(const QJsonObject& o, const QString& key, const QString& where) const {
        const QJsonValue v = o.value(key);
        if (!v.isObject()) fail(where + key, QStringLiteral("expected an object"));
        return v.toObject();
    }
    QJsonArray array(const QJsonObject& o, const QString& key, const QString& where) const {
        const QJsonValue v = o.value(key);
        if (!v.isArray()) fail(where + key, QStringLiteral("expected a list"));
        return v.toArray();
    }
    double number(const QJsonObject& o, const QString& key, const QString& where) const {
        const QJsonValue v = o.value(key);
        if (!v.isDouble()) fail(where + key, QStringLiteral("expected a number"));
        return v.toDouble();
    }
    // A count or index: a whole number >= 0; null reads as 0 (a parameter the cell does not use).
    std::uint64_t count(const QJsonObject& o, const QString& key, const QString& where) const {
        if (o.value(key).isNull()) return 0;
        const double d = number(o, key, where);
        if (d < 0 || d != double(std::uint64_t(d))) fail(where + key, QStringLiteral("expected a whole number"));
        return std::uint64_t(d);
    }
    std::size_t index(const QJsonObject& o, const QString& key, const QString& where, std::size_t size) const {
        const std::uint64_t i = count(o, key, where);
        if (i >= size) fail(where + key, QStringLiteral("%1 is out of range (%2 entries)").arg(i).arg(size));
        return std::size_t(i);
    }
    std::string text(const QJsonObject& o, const QString& key, const QString& where) const {
        const QJsonValue v = o.value(key);
        if (!v.isString()) fail(where + key, QStringLiteral("expected a string"));
        return v.toString().toStdString();
    }
    bool flag(const QJsonObject& o, const QString& key, const QString& where) const {
        const QJsonValue v = o.value(key);
        if (!v.isBool()) fail(where + key, QStringLiteral("expected true or false"));
        return v.toBool();
    }

private:
    QString path_;
};

QString at(const QString& list, qsizetype i) { return QStringLiteral("%1[%2].").arg(list).arg(i); }

sfp::Summary summary(const Reader& r, const QJsonObject& o, const QString& where) {
    sfp::Summary s;
    s.n = r.count(o, "n", where);
    s.min = r.number(o, "min", where), s.q1 = r.number(o, "q1", where), s.median = r.number(o, "median", where);
    s.mean = r.number(o, "mean", where), s.q3 = r.number(o, "q3", where), s.max = r.number(o, "max", where);
    s.stddev = r.number(o, "stddev", where), s.ci95 = r.number(o, "ci95", where), s.cv = r.number(o, "cv", where);
    for (const QJsonValue& v : r.array(o, "outliers", where)) s.outliers.push_back(std::size_t(v.toInteger()));
    return s;
}

sfp::Status status_of(const Reader& r, const std::string& name, const QString& where) {
    for (sfp::Status s : {sfp::Status::ok, sfp::Status::cancelled, sfp::Status::error, sfp::Status::unsupported})
        if (name == sfp::to_string(s)) return s;
    r.fail(where + "status", QStringLiteral("unknown status '%1'").arg(QString::fromStdString(name)));
}

sfp::RunResult run_result(const Reader& r, const QJsonObject& o, const QString& where) {
    sfp::RunResult res;
    res.status = status_of(r, r.text(o, "status", where), where);
    res.error = r.text(o, "error", where);
    res.bytes = r.count(o, "bytes", where);
    res.real_s = r.number(o, "real_s", where);
    res.list_s = o.contains("list_s") ? r.number(o, "list_s", where) : 0;
    const QJsonObject u = r.object(o, "usage", where);
    const QString uw = where + "usage.";
    res.usage = {r.number(u, "user_s", uw),
                 r.number(u, "sys_s", uw),
                 std::int64_t(r.count(u, "minor_faults", uw)),
                 std::int64_t(r.count(u, "major_faults", uw)),
                 std::int64_t(r.count(u, "voluntary_switches", uw)),
                 std::int64_t(r.count(u, "involuntary_switches", uw))};
    res.digest = r.text(o, "digest", where);
    for (const QJsonValue& n : r.array(o, "notes", where)) res.notes.push_back(n.toString().toStdString());
    return res;  // the outcome itself is not needed to render a report: its digest stands for it
}

sfp::Cell cell(const Reader& r, const QJsonObject& o, const QString& where, std::size_t input_sets) {
    sfp::Cell c;
    c.strategy = r.text(o, "strategy", where);
    c.block_size = r.count(o, "block_size", where);
    c.threads = unsigned(r.count(o, "threads", where));
    c.input_set = r.index(o, "input_set", where, input_sets);
    c.file_size = r.count(o, "file_size", where);
    c.reference_floor = r.flag(o, "reference_floor", where);
    for (const sfp::Parameter* p : sfp::cell_parameters()) {  // as report_export wrote them: null = unused
        const QString name = QString::fromUtf8(p->name.data(), qsizetype(p->name.size()));
        if (!sfp::has_own_field(*p) && o.contains(name) && !o.value(name).isNull())
            sfp::set_parameter_value(c, *p, std::int64_t(r.count(o, name, where)));
    }
    return c;
}

sfp::ExperimentReport report(const Reader& r, const QJsonObject& root) {
    if (root.value("format").toString() != QLatin1String("sfpbench-report"))
        r.fail({}, QStringLiteral("not an sfpbench report (no \"format\": \"sfpbench-report\")"));
    if (root.value("version").toInt() != 1)
        r.fail("version", QStringLiteral("this sfpbench reads report version 1"));
    sfp::ExperimentReport rep;
    try {
        rep.experiment = experiment_from_json(r.object(root, "experiment", {}));
    } catch (const SpecError& e) {
        r.fail("experiment." + QString::fromStdString(e.field), QString::fromStdString(e.reason));
    }
    const QJsonObject m = r.object(root, "machine", {});
    rep.machine = {r.text(m, "host", "machine."),   r.text(m, "cpu_model", "machine."),
                   r.text(m, "kernel", "machine."), r.text(m, "filesystem", "machine."),
                   r.text(m, "tool_version", "machine."), unsigned(r.count(m, "cores", "machine.")),
                   r.count(m, "memory_bytes", "machine."),
                   // reports written before the device was recorded have none
                   m.contains("device") ? r.text(m, "device", "machine.") : std::string("unknown")};
    rep.cache_method = r.text(root, "cache_method", {});
    rep.cancelled = r.flag(root, "cancelled", {});
    const QJsonArray sets = r.array(root, "input_sets", {});
    for (qsizetype i = 0; i < sets.size(); ++i) {
        sfp::InputSet set;
        for (const QJsonValue& p : r.array(sets[i].toObject(), "paths", at("input_sets", i)))
            set.paths.push_back(p.toString().toStdString());
        set.file_size = r.count(sets[i].toObject(), "file_size", at("input_sets", i));
        rep.input_sets.push_back(std::move(set));
    }
    const QJsonArray cells = r.array(root, "cells", {});
    for (qsizetype i = 0; i < cells.size(); ++i)
        rep.cells.push_back(cell(r, cells[i].toObject(), at("cells", i), rep.input_sets.size()));
    const QJsonArray runs = r.array(root, "runs", {});
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QJsonObject o = runs[i].toObject();
        const QString w = at("runs", i);
        sfp::RunRecord rec;
        rec.cell = r.index(o, "cell", w, rep.cells.size());
        rec.repetition = unsigned(r.count(o, "repetition", w));
        rec.status = r.text(o, "status", w);
        rec.residency_pct = o.value("residency_pct").isNull() ? -1 : r.number(o, "residency_pct", w);
        rec.large_folio_share = o.value("large_folio_share").isNull() ? -1 : r.number(o, "large_folio_share", w);
        rec.result = run_result(r, r.object(o, "result", w), w + "result.");
        rep.runs.push_back(std::move(rec));
    }
    const QJsonArray stats = r.array(root, "statistics", {});
    if (stats.size() != cells.size())
        r.fail("statistics", QStringLiteral("%1 entries for %2 cells").arg(stats.size()).arg(cells.size()));
    for (qsizetype i = 0; i < stats.size(); ++i) {
        const QJsonObject o = stats[i].toObject();
        const QString w = at("statistics", i);
        sfp::CellStats st;
        st.cell = r.index(o, "cell", w, rep.cells.size());
        st.real = summary(r, r.object(o, "real_s", w), w + "real_s.");
        st.user = summary(r, r.object(o, "user_s", w), w + "user_s.");
        st.sys = summary(r, r.object(o, "sys_s", w), w + "sys_s.");
        st.throughput_mbs = r.number(o, "throughput_mbs", w);
        st.high_variation = r.flag(o, "high_variation", w);
        st.failed = r.count(o, "failed", w);
        rep.stats.push_back(std::move(st));
    }
    const QJsonArray rankings = r.array(root, "rankings", {});
    for (qsizetype i = 0; i < rankings.size(); ++i) {
        const QJsonObject o = rankings[i].toObject();
        const QString w = at("rankings", i);
        sfp::Ranking rk;
        rk.input_set = r.index(o, "input_set", w, rep.input_sets.size());
        rk.fastest_cell = r.index(o, "fastest_cell", w, rep.cells.size());
        for (const QJsonValue& s : r.array(o, "slower", w))
            rk.slower.emplace_back(r.index(s.toObject(), "cell", w + "slower.", rep.cells.size()),
                                   r.number(s.toObject(), "ratio", w + "slower."));
        rep.rankings.push_back(std::move(rk));
    }
    const QJsonArray fits = r.array(root, "fits", {});
    for (qsizetype i = 0; i < fits.size(); ++i) {
        const QJsonObject o = fits[i].toObject();
        const QString w = at("fits", i);
        sfp::SizeFit f;
        f.strategy = r.text(o, "strategy", w);
        f.block_size = r.count(o, "block_size", w);
        f.threads = unsigned(r.count(o, "threads", w));
        f.points = r.count(o, "points", w);
        f.seconds_per_gb = r.number(o, "seconds_per_gb", w), f.intercept_s = r.number(o, "intercept_s", w);
        f.r2 = r.number(o, "r2", w), f.nonlinear = r.flag(o, "nonlinear", w);
        rep.fits.push_back(std::move(f));
    }
    return rep;
}

}  // namespace

sfp::ExperimentReport report_from_json(const QByteArray& json, const QString& path) {
    const Reader r(path);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        r.fail({}, QStringLiteral("not JSON (%1 at byte %2)").arg(error.errorString()).arg(error.offset));
    if (!doc.isObject()) r.fail({}, QStringLiteral("not an sfpbench report (expected a JSON object)"));
    return report(r, doc.object());
}

sfp::ExperimentReport load_report(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ReportError(QStringLiteral("report '%1': %2").arg(path, file.errorString()).toStdString());
    return report_from_json(file.readAll(), path);
}

}  // namespace core
