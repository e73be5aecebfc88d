#include "value_lists.hpp"

#include <QStringList>
#include <bit>

#include "cli_support.hpp"

namespace cli {
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

}  // namespace

std::vector<std::uint64_t> block_list(const QString& text, const char* flag) {
    std::vector<std::uint64_t> out;
    for (const QString& raw : items(text, flag)) {
        const QString item = raw.trimmed();
        const QStringList ends = range_ends(item);
        if (ends.isEmpty()) {
            out.push_back(size_value(item, flag));
            continue;
        }
        const std::uint64_t from = size_value(ends[0].trimmed(), flag), to = size_value(ends[1].trimmed(), flag);
        if (!std::has_single_bit(from) || !std::has_single_bit(to) || from > to)
            throw UsageError{QString("%1 '%2': a range runs between powers of two, smaller first (512..1M)").arg(flag, item)};
        for (std::uint64_t b = from; b <= to; b *= 2) out.push_back(b);
    }
    return out;
}

std::vector<unsigned> threads_list(const QString& text, const char* flag) {
    std::vector<unsigned> out;
    for (const QString& raw : items(text, flag)) {
        const QString item = raw.trimmed();
        const QStringList ends = range_ends(item);
        if (ends.isEmpty()) {
            out.push_back(threads_value(item));
            continue;
        }
        const unsigned from = threads_value(ends[0].trimmed()), to = threads_value(ends[1].trimmed());
        if (from > to) throw UsageError{QString("%1 '%2': the smaller count comes first (1..4)").arg(flag, item)};
        for (unsigned t = from; t <= to; ++t) out.push_back(t);
    }
    return out;
}

std::vector<std::uint64_t> decade_list(const QString& text, const char* flag) {
    std::vector<std::uint64_t> out;
    for (const QString& raw : items(text, flag)) {
        const QString item = raw.trimmed();
        const QStringList ends = range_ends(item);
        if (ends.isEmpty()) {
            out.push_back(count_value(item, flag));
            continue;
        }
        const std::uint64_t from = count_value(ends[0].trimmed(), flag), to = count_value(ends[1].trimmed(), flag);
        if (from > to) throw UsageError{QString("%1 '%2': the smaller value comes first (1..100000)").arg(flag, item)};
        for (std::uint64_t v = from; v <= to; v *= 10) {
            out.push_back(v);
            if (v > to / 10) break;  // the next step would pass `to` (or overflow)
        }
    }
    return out;
}

std::vector<std::uint64_t> size_list(const QString& text, const char* flag) {
    std::vector<std::uint64_t> out;
    for (const QString& item : items(text, flag)) out.push_back(size_value(item.trimmed(), flag));
    return out;
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
