#include "parameter_toggles.hpp"

#include <algorithm>
#include <stdexcept>

#include "sfp/run.hpp"
#include "value_toggles.hpp"

namespace gui {
namespace {

// The size toggles a form has room for; other sizes go into the custom field.
constexpr std::int64_t kSmallestSizeToggle = 512, kLargestSizeToggle = 16 << 20;

std::vector<std::uint64_t> powers_of_two(std::int64_t low, std::int64_t high) {
    std::vector<std::uint64_t> out;
    std::int64_t v = 1;
    while (v < low) v *= 2;
    for (; v <= high; v *= 2) out.push_back(std::uint64_t(v));
    return out;
}

std::vector<std::uint64_t> thread_counts(std::int64_t low, std::int64_t high, std::uint64_t cpus) {
    std::vector<std::uint64_t> out;
    const std::uint64_t last = std::min<std::uint64_t>(2 * cpus, std::uint64_t(high));
    for (std::uint64_t t = std::uint64_t(std::max<std::int64_t>(low, 1)); t <= last; ++t)
        if (2 * cpus <= 16 || (t & (t - 1)) == 0 || t == cpus || t == 2 * cpus) out.push_back(t);
    return out;
}

std::vector<std::uint64_t> decades(std::int64_t low, std::int64_t high) {
    std::vector<std::uint64_t> out;
    for (std::int64_t v = std::max<std::int64_t>(low, 1); v <= high; v *= 10) {
        out.push_back(std::uint64_t(v));
        if (v > high / 10) break;  // the next decade is past the maximum (and may not fit)
    }
    return out;
}

QString custom_hint(const sfp::Parameter& p) {
    if (p.type == sfp::ParameterType::size) return QObject::tr("custom sizes, e.g. 3000, 100K");
    if (p.type == sfp::ParameterType::count) return QObject::tr("custom counts, e.g. 6, 12");
    return QObject::tr("custom values, e.g. 3, 500");
}

}  // namespace

std::vector<std::uint64_t> toggle_values(const sfp::Parameter& p, unsigned cpus) {
    switch (p.type) {
        case sfp::ParameterType::size:
            return powers_of_two(std::max(p.min, kSmallestSizeToggle), std::min(p.max, kLargestSizeToggle));
        case sfp::ParameterType::count:
        case sfp::ParameterType::range:
            return p.counts_threads ? thread_counts(p.min, p.max, std::max(1u, cpus)) : decades(p.min, p.max);
        case sfp::ParameterType::choice: {
            std::vector<std::uint64_t> out;
            for (std::size_t i = 0; i < p.choices.size(); ++i) out.push_back(i);
            return out;
        }
        case sfp::ParameterType::flag: return {0, 1};
        case sfp::ParameterType::text: break;
    }
    return {};
}

QString row_label(const sfp::Parameter& p) {
    const std::string_view field = sfp::is_run_field(p) ? p.list_field : p.name;
    QString label =
        QString::fromUtf8(field.data(), qsizetype(field.size())).replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!label.isEmpty()) label[0] = label[0].toUpper();
    return label;
}

ValueToggles* parameter_toggles(const sfp::Parameter& p, QWidget* parent) {
    const std::vector<std::uint64_t> values = toggle_values(p, sfp::online_cpus());
    const int columns = values.size() <= 6 ? std::max(1, int(values.size())) : 4;  // one row, else rows of 4
    const QString label = row_label(p);
    auto* toggles = new ValueToggles(
        values, [&p](std::uint64_t v) { return QString::fromStdString(sfp::value_text(p, std::int64_t(v))); },
        [&p, label](const QString& text) {
            const sfp::ParsedValue parsed = sfp::parse_value(p, text.toStdString());
            if (!parsed.error.empty())
                throw std::invalid_argument(
                    QStringLiteral("%1: %2").arg(label, QString::fromStdString(parsed.error)).toStdString());
            return std::uint64_t(parsed.value);
        },
        columns, custom_hint(p), parent);
    toggles->setObjectName(QString::fromUtf8(p.name.data(), qsizetype(p.name.size())));
    toggles->setToolTip(QString::fromUtf8(p.help.data(), qsizetype(p.help.size())));
    return toggles;
}

}  // namespace gui
