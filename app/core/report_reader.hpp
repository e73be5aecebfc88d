#pragma once
// The typed reading of a saved report's JSON (report_load.cpp): every read goes through one
// Reader, so a missing or mistyped field names itself ("cells[0].block_size: expected a number").
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <cmath>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "report_load.hpp"
#include "visible_text.hpp"

namespace core::report_reading {

// A lenient reader (report_results) reads a missing field as nothing instead; a present one is
// still checked.
class Reader {
public:
    Reader(QString path, bool lenient) : path_(std::move(path)), lenient_(lenient) {}

    [[noreturn]] void fail(const QString& field, const QString& why) const {
        throw ReportError(path_, field.isEmpty() ? why : QStringLiteral("field '%1': %2").arg(field, why));
    }
    bool lenient() const { return lenient_; }
    bool skips(const QJsonObject& o, const QString& key) const { return lenient_ && !o.contains(key); }

    QJsonObject object(const QJsonObject& o, const QString& key, const QString& where) const {
        if (skips(o, key)) return {};
        const QJsonValue v = o.value(key);
        if (!v.isObject()) fail(where + key, QStringLiteral("expected an object"));
        return v.toObject();
    }
    QJsonArray array(const QJsonObject& o, const QString& key, const QString& where) const {
        if (skips(o, key)) return {};
        const QJsonValue v = o.value(key);
        if (!v.isArray()) fail(where + key, QStringLiteral("expected a list"));
        return v.toArray();
    }
    double number(const QJsonObject& o, const QString& key, const QString& where) const {
        if (skips(o, key)) return 0;
        const QJsonValue v = o.value(key);
        if (!v.isDouble() || !std::isfinite(v.toDouble())) fail(where + key, QStringLiteral("expected a number"));
        return v.toDouble();
    }
    // A time, a rate or a spread: a number >= 0 (a negative median would rank and divide nonsense).
    double non_negative(const QJsonObject& o, const QString& key, const QString& where) const {
        const double d = number(o, key, where);
        if (d < 0) fail(where + key, QStringLiteral("%1 is negative; expected a number >= 0").arg(d));
        return d;
    }
    // A count or index: a whole number >= 0; null reads as 0 (a parameter the cell does not use).
    std::uint64_t count(const QJsonObject& o, const QString& key, const QString& where) const {
        if (o.value(key).isNull()) return 0;
        const double d = number(o, key, where);
        if (d < 0 || d != double(std::uint64_t(d))) fail(where + key, QStringLiteral("expected a whole number"));
        return std::uint64_t(d);
    }
    // A count the machine may not give: absent or null reads as n/a.
    std::optional<std::uint64_t> maybe_count(const QJsonObject& o, const QString& key, const QString& where) const {
        if (o.value(key).isNull() || o.value(key).isUndefined()) return std::nullopt;
        return count(o, key, where);
    }
    // Seconds (or a share) the machine may not give: absent or null reads as n/a, else >= 0.
    std::optional<double> maybe_non_negative(const QJsonObject& o, const QString& key, const QString& where) const {
        if (o.value(key).isNull() || o.value(key).isUndefined()) return std::nullopt;
        return non_negative(o, key, where);
    }
    // Always required: an entry that points nowhere cannot be read leniently.
    std::size_t index(const QJsonObject& o, const QString& key, const QString& where, std::size_t size) const {
        if (!o.contains(key)) fail(where + key, QStringLiteral("missing"));
        const std::uint64_t i = count(o, key, where);
        if (i >= size) fail(where + key, QStringLiteral("%1 is out of range (%2 entries)").arg(i).arg(size));
        return std::size_t(i);
    }
    // Any text is kept with its control characters made visible (visible_text.hpp): whatever
    // prints it later (diff, Markdown, PDF, the window) prints no escape sequence of the file's.
    std::string text(const QJsonObject& o, const QString& key, const QString& where) const {
        if (skips(o, key)) return {};
        const QJsonValue v = o.value(key);
        if (!v.isString()) fail(where + key, QStringLiteral("expected a string"));
        return visible_text(v.toString().toStdString());
    }
    // A name shown in tables and headings (a strategy): no control character (a NUL ends C
    // text early, a newline starts a Markdown heading).
    std::string name(const QJsonObject& o, const QString& key, const QString& where) const {
        if (skips(o, key)) return {};
        const QJsonValue v = o.value(key);
        if (!v.isString()) fail(where + key, QStringLiteral("expected a string"));
        std::string n = v.toString().toStdString();
        if (visible_text(n) != n) fail(where + key, QStringLiteral("holds a control character (NUL, newline, ...)"));
        return n;
    }
    bool flag(const QJsonObject& o, const QString& key, const QString& where) const {
        if (skips(o, key)) return false;
        const QJsonValue v = o.value(key);
        if (!v.isBool()) fail(where + key, QStringLiteral("expected true or false"));
        return v.toBool();
    }

private:
    QString path_;
    bool lenient_;
};

inline QString at(const QString& list, qsizetype i) { return QStringLiteral("%1[%2].").arg(list).arg(i); }

// Each object of the list `name` in `parent`, in order, as read(object, where) returns it; `where`
// ("runs[3].") names the entry in any error.
template <class Read>
auto each_of(const Reader& r, const QJsonObject& parent, const QString& name, Read&& read) {
    std::vector<std::invoke_result_t<Read&, const QJsonObject&, const QString&>> out;
    const QJsonArray list = r.array(parent, name, {});
    for (qsizetype i = 0; i < list.size(); ++i) out.push_back(read(list[i].toObject(), at(name, i)));
    return out;
}

}  // namespace core::report_reading
