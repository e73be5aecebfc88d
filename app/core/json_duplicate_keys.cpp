#include "json_duplicate_keys.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <set>
#include <vector>

namespace core {
namespace {

struct Level {
    bool object = false;
    bool expect_key = false;
    QString field;  // the key this object or list is the value of, with its parents'
    QString last_key;
    std::set<QString> keys;
};

// The string starting at json[at] (a '"'), decoded; `at` ends past its closing quote.
QString string_at(const QByteArray& json, qsizetype& at) {
    const qsizetype start = at++;
    bool escaped = false;
    for (; at < json.size(); ++at) {
        if (escaped)
            escaped = false;
        else if (json[at] == '\\')
            escaped = true;
        else if (json[at] == '"')
            break;
    }
    ++at;
    const QByteArray raw = json.mid(start, at - start);
    if (!raw.contains('\\')) return QString::fromUtf8(raw.mid(1, raw.size() - 2));
    return QJsonDocument::fromJson("[" + raw + "]").array().at(0).toString();  // "\u0061" is "a"
}

}  // namespace

std::optional<DuplicateKey> first_duplicate_key(const QByteArray& json) {
    std::vector<Level> levels;
    for (qsizetype at = 0; at < json.size();) {
        const char c = json[at];
        if (c == '"') {
            const qsizetype start = at;
            const QString text = string_at(json, at);
            if (levels.empty() || !levels.back().object || !levels.back().expect_key) continue;
            Level& top = levels.back();
            const QString field = top.field.isEmpty() ? text : top.field + "." + text;
            if (!top.keys.insert(text).second) return DuplicateKey{field, start};
            top.expect_key = false;
            top.last_key = field;
            continue;
        }
        if (c == '{' || c == '[') {
            const QString field = levels.empty()         ? QString()
                                  : levels.back().object ? levels.back().last_key
                                                         : levels.back().field;
            levels.push_back({.object = c == '{', .expect_key = c == '{', .field = field, .last_key = {}, .keys = {}});
        } else if ((c == '}' || c == ']') && !levels.empty()) {
            levels.pop_back();
        } else if (c == ',' && !levels.empty() && levels.back().object) {
            levels.back().expect_key = true;
        }
        ++at;
    }
    return std::nullopt;
}

}  // namespace core
