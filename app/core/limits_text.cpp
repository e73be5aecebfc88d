#include "limits_text.hpp"

#include <QStringList>
#include <algorithm>

#include "sfp/stats.hpp"

namespace core {
namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

QString threads_text(unsigned threads) { return threads == 1 ? QStringLiteral("1 thread") : QStringLiteral("%1 threads").arg(threads); }

// "median of 5, 19.9-21.0 GB/s" in the figure's own unit.
QString spread_text(const sfp::Summary& s, double scale, int decimals) {
    return QStringLiteral("median of %1, %2-%3")
        .arg(s.n)
        .arg(s.min / scale, 0, 'f', decimals)
        .arg(s.max / scale, 0, 'f', decimals);
}

}  // namespace

QString rate_text(double bytes_per_s) {
    if (bytes_per_s >= 1e9) return QString::number(bytes_per_s / 1e9, 'f', 1) + " GB/s";
    return QString::number(bytes_per_s / 1e6, 'f', 0) + " MB/s";
}

QString pct_text(std::optional<double> pct) { return pct ? QString::number(*pct, 'f', 0) + " %" : QStringLiteral("n/a"); }

QString point_text(const sfp::Limit& limit, const sfp::LimitPoint& point) {
    const sfp::Summary s = sfp::summarize(point.rates);
    if (limit.bytes_per_file > 0)
        return QStringLiteral("%1 files/s (%2; %3)")
            .arg(s.median / limit.bytes_per_file, 0, 'f', 0)
            .arg(rate_text(s.median), spread_text(s, limit.bytes_per_file, 0) + " files/s");
    const bool giga = s.median >= 1e9;
    return QStringLiteral("%1 (%2 %3)")
        .arg(rate_text(s.median), spread_text(s, giga ? 1e9 : 1e6, giga ? 1 : 0), giga ? QStringLiteral("GB/s") : QStringLiteral("MB/s"));
}

QString share_text(const sfp::CellLimit& limit, std::optional<double> pct) {
    if (!pct) return QStringLiteral("% of limit n/a: %1").arg(QString::fromStdString(limit.reason.empty() ? "no time" : limit.reason));
    const QString share =
        QStringLiteral("%1 of %2, %3").arg(pct_text(pct), QString::fromStdString(limit.label()), rate_text(limit.bytes_per_s));
    return above_limit(pct) ? share + " (above it: " + kAboveLimit + ")" : share;
}

const QString kAboveLimit = QStringLiteral("the limit was measured at a slower moment; `sfpbench limits --refresh`");

bool above_limit(std::optional<double> pct) { return pct && *pct > 100.5; }

QString load_text(const sfp::MachineLimits& limits) {
    if (!limits.load.known()) return {};
    return QStringLiteral("load average %1 on %2 CPUs").arg(limits.load.one_minute, 0, 'f', 2).arg(limits.load.cpus);
}

QString load_warning(const sfp::MachineLimits& limits) {
    if (!limits.load.busy()) return {};
    return QStringLiteral("limits kept from a busy moment (%1): they may be low and every share high; "
                          "`sfpbench limits --refresh` on a quiet machine measures them again")
        .arg(load_text(limits));
}

QString limits_table(const sfp::MachineLimits& limits) {
    QString out;
    int width = 0;
    for (const sfp::Limit& l : limits.limits) width = std::max(width, int(limit_name(l.id).size()));
    QStringList methods;
    for (const sfp::Limit& l : limits.limits) {
        const QString name = text(sfp::limit_name(l.id)).leftJustified(width);
        if (!l.measured()) {
            out += QStringLiteral("  %1  n/a: %2\n").arg(name, QString::fromStdString(l.unavailable.empty() ? "not measured" : l.unavailable));
            continue;
        }
        for (std::size_t i = 0; i < l.points.size(); ++i) {
            const QString who = l.points.size() > 1 || l.points[i].threads > 1 ? threads_text(l.points[i].threads) : QString();
            out += QStringLiteral("  %1  %2  %3\n").arg(i == 0 ? name : QString(width, ' '), who.leftJustified(10),
                                                           point_text(l, l.points[i]));
        }
        methods << QStringLiteral("  %1: %2%3").arg(text(sfp::limit_name(l.id)), QString::fromStdString(l.method),
                                                      l.quick ? QStringLiteral(" (quick)") : QString());
    }
    if (!methods.isEmpty()) out += "\nhow each was measured:\n" + methods.join('\n') + "\n";
    return out;
}

std::vector<std::pair<QString, QString>> limit_facts(const sfp::MachineLimits& limits) {
    std::vector<std::pair<QString, QString>> facts;
    if (limits.limits.empty()) {
        facts.emplace_back(QStringLiteral("Limits"), limits.absent.empty() ? QStringLiteral("none recorded")
                                                                           : QString::fromStdString(limits.absent));
        return facts;
    }
    const QString load = load_text(limits);
    facts.emplace_back(QStringLiteral("Limits measured"),
                       QStringLiteral("%1 on %2 (%3)%4")
                           .arg(QString::fromStdString(limits.measured_at.empty() ? "at an unknown time" : limits.measured_at),
                                QString::fromStdString(limits.device), QString::fromStdString(limits.fingerprint),
                                load.isEmpty() ? QString() : ", " + load));
    if (const QString warning = load_warning(limits); !warning.isEmpty())
        facts.emplace_back(QStringLiteral("Limits warning"), warning);
    for (const sfp::Limit& l : limits.limits) {
        QStringList figures;
        for (const sfp::LimitPoint& p : l.points)
            figures << (l.points.size() > 1 ? threads_text(p.threads) + ": " : QString()) + point_text(l, p);
        const QString value = l.measured() ? figures.join(QStringLiteral("; ")) + QStringLiteral(" -- ") +
                                                 QString::fromStdString(l.method) + (l.quick ? QStringLiteral(" (quick)") : QString())
                                           : QStringLiteral("n/a: ") + QString::fromStdString(l.unavailable);
        facts.emplace_back(QStringLiteral("Limit: ") + text(sfp::limit_name(l.id)), value);
    }
    return facts;
}

std::optional<double> cell_limit_pct(const sfp::CellStats& stats, const sfp::CellLimit& limit) {
    if (stats.real.n == 0) return std::nullopt;
    return sfp::limit_pct(limit, stats.throughput_mbs * 1e6, 1.0);
}

std::optional<double> run_limit_pct(const sfp::RunRecord& record, const sfp::CellLimit& limit) {
    if (record.status != sfp::RunStatus::ok) return std::nullopt;
    return sfp::limit_pct(limit, double(record.result.bytes), record.result.real_s);
}

}  // namespace core
