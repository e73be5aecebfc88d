#include "cell_text.hpp"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <set>

#include "sfp/cell.hpp"
#include "sfp/datagen.hpp"
#include "sfp/parameter.hpp"

namespace plots {

QString size_text(std::uint64_t bytes) { return QString::fromStdString(sfp::format_size(bytes)); }

QString rounded_size_text(std::uint64_t bytes) {
    const QString exact = size_text(bytes);
    if (bytes < 10000 || !exact.back().isDigit()) return exact;  // "512", "4K", "64M"
    const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes) / 1024;
    int unit = 0;
    while (value >= 1024 && unit < 3) value /= 1024, ++unit;
    return QStringLiteral("%1 %2").arg(value, 0, 'f', 1).arg(QLatin1String(units[unit]));
}

QString plain_number(double value, int digits) {
    if (value == 0 || !std::isfinite(value)) return QString::number(value);
    const int magnitude = int(std::floor(std::log10(std::abs(value))));
    QString out = QString::number(value, 'f', std::clamp(digits - 1 - magnitude, 0, 12));
    if (out.contains(QLatin1Char('.'))) {  // as 'g' does: no trailing zeros
        while (out.endsWith(QLatin1Char('0'))) out.chop(1);
        if (out.endsWith(QLatin1Char('.'))) out.chop(1);
    }
    return out;
}

QString runs_text(std::size_t n) { return n == 1 ? QObject::tr("1 run") : QObject::tr("%1 runs").arg(n); }

namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
QString value_of(const sfp::Parameter& p, std::int64_t v) { return QString::fromStdString(sfp::value_text(p, v)); }

}  // namespace

QString parameter_words(const sfp::Parameter& p, std::int64_t v) {
    if (p.name == sfp::kBlockSizeParameter.name) return QObject::tr("%1 blocks").arg(value_of(p, v));
    if (p.name == sfp::kThreadsParameter.name)
        return v == 1 ? QObject::tr("1 thread") : QObject::tr("%1 threads").arg(v);
    return QStringLiteral("%1 %2").arg(text(p.name), value_of(p, v));
}

bool Varying::varies(const sfp::Parameter& p) const {
    return std::any_of(parameters.begin(), parameters.end(),
                       [&](const sfp::Parameter* q) { return q->name == p.name; });
}

Varying Varying::everything() { return {true, true, sfp::cell_parameters()}; }

QString cell_words(const sfp::Cell& cell, const Varying& parts) {
    QStringList words{QString::fromStdString(cell.strategy)};
    for (const sfp::Parameter* p : parts.parameters)
        if (const auto v = sfp::parameter_value(cell, *p)) words << parameter_words(*p, *v);
    if (parts.size) words << QObject::tr("%1 file").arg(size_text(cell.file_size));
    return words.join(QStringLiteral(", "));
}

Varying varying(const std::vector<sfp::Cell>& cells) {
    // A parameter varies when cells that use it disagree about it.
    Varying out;
    std::set<std::string> strategies;
    std::set<std::uint64_t> sizes;
    for (const sfp::Cell& c : cells) strategies.insert(c.strategy), sizes.insert(c.file_size);
    out.strategy = strategies.size() > 1;
    out.size = sizes.size() > 1;
    for (const sfp::Parameter* p : sfp::cell_parameters()) {
        std::set<std::int64_t> values;
        for (const sfp::Cell& c : cells)
            if (const auto v = sfp::parameter_value(c, *p)) values.insert(*v);
        if (values.size() > 1) out.parameters.push_back(p);
    }
    return out;
}

QString short_label(const sfp::Cell& cell, const Varying& what) {
    QStringList parts;
    if (what.strategy || (what.parameters.empty() && !what.size)) parts << QString::fromStdString(cell.strategy);
    for (const sfp::Parameter* p : what.parameters) {
        const auto v = sfp::parameter_value(cell, *p);
        if (!v) continue;
        if (p->name == sfp::kBlockSizeParameter.name)
            parts << value_of(*p, *v);
        else if (p->name == sfp::kThreadsParameter.name)
            parts << QStringLiteral("×%1").arg(*v);
        else
            parts << QStringLiteral("%1=%2").arg(text(p->name), value_of(*p, *v));
    }
    if (what.size) parts << QStringLiteral("@%1").arg(size_text(cell.file_size));
    return parts.join(QLatin1Char(' '));
}

}  // namespace plots
