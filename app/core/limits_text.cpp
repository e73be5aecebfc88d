#include "limits_text.hpp"

#include <QDateTime>
#include <QStringList>
#include <algorithm>

#include "sfp/labels.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"
#include "sfp/stats.hpp"

namespace core {
namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

QString threads_text(unsigned threads) {
    return threads == 1 ? QStringLiteral("1 thread") : QStringLiteral("%1 threads").arg(threads);
}

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

QString pct_text(std::optional<double> pct) {
    return pct ? QString::number(*pct, 'f', 0) + " %" : QStringLiteral("n/a");
}

// "29.8 GB/s (fastest of 41 undisturbed passes of 120, median 28.1)", uncertain when few.
QString passes_text(const sfp::LimitPoint& point) {
    const double figure = point.figure();
    const bool giga = figure >= 1e9;
    const double scale = giga ? 1e9 : 1e6;
    const QString kept = point.passes_kept == 0
                             ? QStringLiteral("no pass undisturbed: the fastest of %1 passes").arg(point.passes_taken)
                             : QStringLiteral("fastest of %1 undisturbed passes of %2, median %3")
                                   .arg(point.passes_kept)
                                   .arg(point.passes_taken)
                                   .arg(point.median() / scale, 0, 'f', giga ? 1 : 0);
    return QStringLiteral("%1 (%2)%3")
        .arg(rate_text(figure), kept, point.uncertain() ? QStringLiteral(" -- uncertain") : QString());
}

QString point_text(const sfp::Limit& limit, const sfp::LimitPoint& point) {
    if (point.by_passes() && limit.bytes_per_file > 0)  // a limit of files: files/s first
        return QStringLiteral("%1 files/s, %2")
            .arg(point.figure() / limit.bytes_per_file, 0, 'f', 0)
            .arg(passes_text(point));
    if (point.by_passes()) return passes_text(point);
    const sfp::Summary s = sfp::summarize(point.rates);
    if (limit.bytes_per_file > 0)
        return QStringLiteral("%1 files/s (%2; %3)")
            .arg(s.median / limit.bytes_per_file, 0, 'f', 0)
            .arg(rate_text(s.median), spread_text(s, limit.bytes_per_file, 0) + " files/s");
    const bool giga = s.median >= 1e9;
    return QStringLiteral("%1 (%2 %3)")
        .arg(rate_text(s.median), spread_text(s, giga ? 1e9 : 1e6, giga ? 1 : 0),
             giga ? QStringLiteral("GB/s") : QStringLiteral("MB/s"));
}

QString share_text(const sfp::CellLimit& limit, std::optional<double> pct) {
    if (!pct)
        return QStringLiteral("% of limit n/a: %1")
            .arg(QString::fromStdString(limit.reason.empty() ? "no time" : limit.reason));
    QString share = QStringLiteral("%1 of %2, %3")
                        .arg(pct_text(pct), QString::fromStdString(limit.label()), rate_text(limit.bytes_per_s));
    if (limit.rounds > 0) share += QStringLiteral(" (median of %1 in-round figures)").arg(limit.rounds);
    if (limit.uncertain) share += QStringLiteral(" (uncertain: measured with few undisturbed passes)");
    return above_limit(pct) ? share + " (above it: " + kAboveLimit + ")" : share;
}

const QString kAboveLimit = QStringLiteral("the limit was measured at a slower moment; `sfpbench limits --refresh`");

bool above_limit(std::optional<double> pct) { return pct && *pct > 100.5; }

QString load_text(const sfp::MachineLimits& limits) {
    if (!limits.load.known()) return {};
    return QStringLiteral("load average %1 on %2 CPUs").arg(limits.load.one_minute, 0, 'f', 2).arg(limits.load.cpus);
}

namespace {

bool cpu_bound(sfp::LimitId id) {
    return id != sfp::LimitId::device_read_qd1 && id != sfp::LimitId::device_read_qd32 &&
           id != sfp::LimitId::small_files_cold;
}

// The CPU-bound limits with an uncertain point, and whether any is a median of repetitions (an
// older file's), which load lowers.
QStringList uncertain_limits(const sfp::MachineLimits& limits, bool& any_median) {
    QStringList out;
    any_median = false;
    for (const sfp::Limit& l : limits.limits) {
        if (!cpu_bound(l.id) || !l.measured()) continue;
        for (const sfp::LimitPoint& p : l.points) {
            any_median = any_median || !p.by_passes();
            if (p.uncertain())
                out << QStringLiteral("%1, %2").arg(text(sfp::limit_name(l.id)), threads_text(p.threads));
        }
    }
    return out;
}

}  // namespace

namespace {

// Why a report's limits may be low (so every share high): some measured with few undisturbed
// passes (`uncertain` names them), or kept as medians of repetitions (an older file's) at a busy
// moment; none when they hold.
enum class Doubt { none, few_passes, busy };

Doubt doubt_of(const sfp::MachineLimits& limits, QStringList* uncertain) {
    bool any_median = false;
    *uncertain = uncertain_limits(limits, any_median);
    if (!uncertain->isEmpty()) return Doubt::few_passes;
    // Limits taken by passes hold under load; medians of repetitions (an older file's) do not.
    return limits.load.busy() && any_median ? Doubt::busy : Doubt::none;
}

}  // namespace

QString load_warning(const sfp::MachineLimits& limits) {
    QStringList uncertain;
    switch (doubt_of(limits, &uncertain)) {
        case Doubt::few_passes:
            return QStringLiteral(
                       "limits measured with few undisturbed passes (%1): such a figure may be low (every "
                       "share judged against it high) or, from a lone pass, high; the next run or `sfpbench "
                       "limits` measures them again")
                .arg(uncertain.join(QStringLiteral("; ")));
        case Doubt::busy:
            return QStringLiteral(
                       "limits kept from a busy moment (%1): they may be low and every share high; "
                       "`sfpbench limits --refresh` on a quiet machine measures them again")
                .arg(load_text(limits));
        case Doubt::none: break;
    }
    return {};
}

QString load_warning_brief(const sfp::MachineLimits& limits) {
    QStringList uncertain;
    switch (doubt_of(limits, &uncertain)) {
        case Doubt::few_passes: return QStringLiteral("limits may be low, shares high: few undisturbed passes");
        case Doubt::busy: return QStringLiteral("limits may be low, shares high: kept from a busy moment");
        case Doubt::none: break;
    }
    return {};
}

namespace {

QString duration_text(qint64 seconds) {
    if (seconds < 120) return QStringLiteral("%1 s").arg(seconds);
    if (seconds < 2 * 3600) return QStringLiteral("%1 min").arg(seconds / 60);
    if (seconds < 2 * 86400) return QStringLiteral("%1 h").arg(seconds / 3600);
    return QStringLiteral("%1 days").arg(seconds / 86400);
}

}  // namespace

QString limits_age_text(const sfp::MachineLimits& limits, const std::string& runs_at) {
    if (limits.limits.empty()) return {};
    const QDateTime at = QDateTime::fromString(QString::fromStdString(limits.measured_at), Qt::ISODate);
    if (!at.isValid()) return QStringLiteral("limits measured at an unknown time");
    const QString when = at.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    QString out = QStringLiteral("limits measured %1").arg(when);
    const QDateTime runs = QDateTime::fromString(QString::fromStdString(runs_at), Qt::ISODate);
    if (!runs.isValid()) return out;
    const qint64 before = at.secsTo(runs);
    if (before < 0) return out + QStringLiteral(", during these runs");
    return out + QStringLiteral(", %1 before these runs").arg(duration_text(before));
}

QString limits_status_text(const sfp::ExperimentReport& report) {
    const QString age = limits_age_text(report.limits, report.measured_at);
    if (age.isEmpty()) return {};
    const QString warning = load_warning(report.limits);
    return warning.isEmpty() ? age : QStringLiteral("%1 -- %2").arg(warning, age);
}

QString limits_status_brief(const sfp::ExperimentReport& report) {
    const QString age = limits_age_text(report.limits, report.measured_at);
    if (age.isEmpty()) return {};
    const QString warning = load_warning_brief(report.limits);
    return warning.isEmpty() ? age : QStringLiteral("%1 -- %2").arg(warning, age);
}

QStringList suspect_lines(const sfp::ExperimentReport& report) {
    QStringList out;
    for (const sfp::LimitSuspect& s : sfp::suspect_limits(report)) {
        const sfp::CellLimit limit = sfp::cell_limit(report, s.cell);
        out << QStringLiteral("%1: %2 of %3, %4 -- above it by more than its spread (%5 %): %6")
                   .arg(QString::fromStdString(sfp::cell_label(report.cells[s.cell])), pct_text(s.pct),
                        QString::fromStdString(limit.label()), rate_text(limit.bytes_per_s),
                        QString::number(limit.spread * 100, 'f', 0), QString::fromStdString(s.why));
    }
    return out;
}

// "load average 7.20, steal 3 %" during one limit's measurement; "" when not recorded.
QString conditions_text(const sfp::Limit& l) {
    QStringList parts;
    if (l.load >= 0) parts << QStringLiteral("load average %1").arg(l.load, 0, 'f', 2);
    if (l.steal >= 0) parts << QStringLiteral("steal %1 %").arg(l.steal * 100, 0, 'f', 1);
    return parts.join(QStringLiteral(", "));
}

QString limits_table(const sfp::MachineLimits& limits) {
    QString out;
    int width = 0;
    for (const sfp::Limit& l : limits.limits) width = std::max(width, int(limit_name(l.id).size()));
    QStringList methods;
    for (const sfp::Limit& l : limits.limits) {
        const QString name = text(sfp::limit_name(l.id)).leftJustified(width);
        if (!l.measured()) {
            out += QStringLiteral("  %1  n/a: %2\n")
                       .arg(name, QString::fromStdString(l.unavailable.empty() ? "not measured" : l.unavailable));
            continue;
        }
        for (std::size_t i = 0; i < l.points.size(); ++i) {
            const QString who =
                l.points.size() > 1 || l.points[i].threads > 1 ? threads_text(l.points[i].threads) : QString();
            out += QStringLiteral("  %1  %2  %3\n")
                       .arg(i == 0 ? name : QString(width, ' '), who.leftJustified(10), point_text(l, l.points[i]));
        }
        const QString conditions = conditions_text(l);
        methods << QStringLiteral("  %1: %2%3%4")
                       .arg(text(sfp::limit_name(l.id)), QString::fromStdString(l.method),
                            l.quick ? QStringLiteral(" (quick)") : QString(),
                            conditions.isEmpty() ? QString() : "; measured at " + conditions);
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
    facts.emplace_back(
        QStringLiteral("Limits measured"),
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
        const QString value =
            l.measured() ? figures.join(QStringLiteral("; ")) + QStringLiteral(" -- ") +
                               QString::fromStdString(l.method) + (l.quick ? QStringLiteral(" (quick)") : QString()) +
                               (conditions_text(l).isEmpty() ? QString() : "; measured at " + conditions_text(l))
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
