#include "value_lists.hpp"

#include "one_run_commands.hpp"

#include <QStringList>
#include <bit>

#include "cli_support.hpp"
#include "sfp/parameter.hpp"

namespace cli {

std::int64_t table_value(const sfp::Parameter& p, const QString& text, const char* flag) {
    const sfp::ParsedValue v = sfp::parse_value(p, text.toStdString());
    if (v.error.empty()) return v.value;
    throw UsageError{QString("%1: %2").arg(flag, QString::fromStdString(value_problem(p, v)))};
}

namespace {

QStringList items(const QString& text, const char* flag) {
    const QStringList parts = text.split(',');
    for (const QString& p : parts)
        if (p.trimmed().isEmpty()) throw UsageError{QString("%1 '%2': empty item in the list").arg(flag, text)};
    return parts;
}

// "A..B" -> {A, B}; anything else -> empty.
QStringList range_ends(const QString& item) {
    const QStringList ends = item.split("..");
    return ends.size() == 2 ? ends : QStringList{};
}

// Reads every item with `read`, which appends its values; every bad item is named, one line
// each, in one UsageError, so a user fixes them all at once.
template <typename T, typename Read>
std::vector<T> each_item(const QString& text, const char* flag, Read read) {
    std::vector<T> out;
    QStringList errors;
    for (const QString& raw : items(text, flag)) {
        try {
            read(raw.trimmed(), out);
        } catch (const UsageError& e) {
            errors << e.message;
        }
    }
    if (!errors.isEmpty()) throw UsageError{errors.join('\n')};
    return out;
}

// Items "A" or a range "A..B": `value` reads one end, `range` appends the values from A to B.
template <typename T, typename Value, typename Range>
std::vector<T> range_list(const QString& text, const char* flag, Value value, Range range) {
    return each_item<T>(text, flag, [&](const QString& item, std::vector<T>& out) {
        const QStringList ends = range_ends(item);
        if (ends.isEmpty()) return out.push_back(value(item));
        range(item, value(ends[0].trimmed()), value(ends[1].trimmed()), out);
    });
}

}  // namespace

std::vector<std::uint64_t> block_list(const QString& text, const char* flag) {
    return range_list<std::uint64_t>(
        text, flag, [flag](const QString& v) { return std::uint64_t(table_value(sfp::kBlockSizeParameter, v, flag)); },
        [flag](const QString& item, std::uint64_t from, std::uint64_t to, std::vector<std::uint64_t>& out) {
            if (!std::has_single_bit(from) || !std::has_single_bit(to) || from > to)
                throw UsageError{
                    QString("%1 '%2': a range runs between powers of two, smaller first (512..1M)").arg(flag, item)};
            for (std::uint64_t b = from; b <= to; b *= 2) out.push_back(b);
        });
}

std::vector<unsigned> threads_list(const QString& text, const char* flag) {
    return range_list<unsigned>(
        text, flag, [flag](const QString& v) { return unsigned(table_value(sfp::kThreadsParameter, v, flag)); },
        [flag](const QString& item, unsigned from, unsigned to, std::vector<unsigned>& out) {
            if (from > to) throw UsageError{QString("%1 '%2': the smaller count comes first (1..4)").arg(flag, item)};
            for (unsigned t = from; t <= to; ++t) out.push_back(t);
        });
}

std::vector<std::uint64_t> decade_list(const QString& text, const char* flag, const sfp::Parameter* p) {
    return range_list<std::uint64_t>(
        text, flag,
        [flag, p](const QString& v) { return p ? std::uint64_t(table_value(*p, v, flag)) : count_value(v, flag); },
        [flag](const QString& item, std::uint64_t from, std::uint64_t to, std::vector<std::uint64_t>& out) {
            if (from > to)
                throw UsageError{QString("%1 '%2': the smaller value comes first (1..100000)").arg(flag, item)};
            for (std::uint64_t v = from; v <= to; v *= 10) {
                out.push_back(v);
                if (v > to / 10) break;  // the next step would pass `to` (or overflow)
            }
        });
}

std::vector<std::uint64_t> size_list(const QString& text, const char* flag) {
    return each_item<std::uint64_t>(text, flag, [flag](const QString& item, std::vector<std::uint64_t>& out) {
        out.push_back(size_value(item, flag));
    });
}

std::vector<std::string> name_list(const QString& text, const char* flag) {
    std::vector<std::string> out;
    for (const QString& item : text.split(',')) {
        if (item.trimmed().isEmpty()) throw UsageError{QString("%1 '%2': an empty name in the list").arg(flag, text)};
        out.push_back(item.trimmed().toStdString());
    }
    return out;
}

}  // namespace cli
