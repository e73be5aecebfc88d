#include "report_format.hpp"

#include <algorithm>

#include "work_count.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

namespace core {

std::optional<double> cpu_percent(double cpu_s, double real_s, unsigned cores) {
    if (real_s <= 0 || cores == 0) return std::nullopt;
    return cpu_s / real_s / cores * 100.0;
}

QString count_text(std::optional<std::uint64_t> count) { return count ? QString::number(*count) : kUnknown; }

std::optional<double> throughput_mbs(std::uint64_t bytes, double real_s) {
    if (real_s <= 0) return std::nullopt;
    return double(bytes) / real_s / 1e6;
}

std::optional<double> cell_throughput(const sfp::CellStats& st) {
    if (st.real.n == 0 || !(st.real.median > 0)) return std::nullopt;
    return st.throughput_mbs;
}

std::optional<double> residency(const sfp::RunRecord& record) {
    if (record.residency_pct < 0) return std::nullopt;
    return record.residency_pct;
}

QString large_folio_text(double share, double scale, int decimals) {
    return share < 0 ? QStringLiteral("unknown") : QString::number(share * scale, 'f', decimals);
}

namespace {

// What a table says of a cell, from where it stands: the one wording for Ranks and the one-cell
// functions (which search the rankings for one cell, stopping at it).
std::optional<double> ratio_of(bool fastest, const sfp::Comparison* c) {
    if (fastest) return 1.0;
    return c ? std::optional<double>(c->ratio) : std::nullopt;
}

QString verdict_of(const sfp::ExperimentReport& report, std::size_t cell, bool fastest, const sfp::Comparison* c) {
    if (fastest)
        return cell < report.stats.size() && report.stats[cell].real.n == 1 ? QStringLiteral("fastest of single runs")
                                                                            : QStringLiteral("fastest");
    return c ? verdict_in_table(*c, report.noise) : kUnknown;
}

QString interval_of(const sfp::Comparison* c) { return c ? QString::fromStdString(sfp::interval_text(*c)) : QString(); }

}  // namespace

Ranks::Ranks(const sfp::ExperimentReport& report) : report_(report) {
    const auto grow = [this](std::size_t cell) {
        if (cell >= vs_.size()) vs_.resize(cell + 1, nullptr), fastest_.resize(cell + 1, false);
    };
    grow(report.cells.size());
    for (const sfp::Ranking& r : report.rankings) {
        grow(r.fastest_cell);
        fastest_[r.fastest_cell] = true;
        for (const sfp::RankedCell& slower : r.slower) {
            ++items_looked_at;
            grow(slower.cell);
            if (!vs_[slower.cell]) vs_[slower.cell] = &slower.vs_fastest;  // the first, as a search would find
        }
    }
}

bool Ranks::fastest(std::size_t cell) const { return cell < fastest_.size() && fastest_[cell]; }
const sfp::Comparison* Ranks::vs_fastest(std::size_t cell) const { return cell < vs_.size() ? vs_[cell] : nullptr; }
std::optional<double> Ranks::ratio(std::size_t cell) const { return ratio_of(fastest(cell), vs_fastest(cell)); }
QString Ranks::verdict(std::size_t cell) const { return verdict_of(report_, cell, fastest(cell), vs_fastest(cell)); }
QString Ranks::interval(std::size_t cell) const { return interval_of(vs_fastest(cell)); }

std::optional<double> ratio_to_fastest(const sfp::ExperimentReport& report, std::size_t cell) {
    const bool fastest = is_fastest(report, cell);
    return ratio_of(fastest, fastest ? nullptr : vs_fastest(report, cell));
}

const sfp::Comparison* vs_fastest(const sfp::ExperimentReport& report, std::size_t cell) {
    for (const sfp::Ranking& r : report.rankings)
        for (const sfp::RankedCell& slower : r.slower)
            if (slower.cell == cell) return &slower.vs_fastest;
    return nullptr;
}

bool is_fastest(const sfp::ExperimentReport& report, std::size_t cell) {
    return std::any_of(report.rankings.begin(), report.rankings.end(),
                       [cell](const sfp::Ranking& r) { return r.fastest_cell == cell; });
}

QString verdict_in_table(const sfp::Comparison& c, double noise) {
    if (sfp::verdict(c, noise) == sfp::Verdict::too_few && c.n() > 0)
        return QStringLiteral("too few runs (n=%1)").arg(c.n());
    return QString::fromStdString(sfp::verdict_text(c, noise));
}

QString verdict_word(const sfp::ExperimentReport& report, std::size_t cell) {
    if (is_fastest(report, cell)) return QStringLiteral("fastest");
    const sfp::Comparison* c = vs_fastest(report, cell);
    return c ? QString::fromLatin1(sfp::to_string(sfp::verdict(*c, report.noise))) : QString();
}

QString test_name(const sfp::Comparison& c) {
    if (!c.p) return {};
    return c.paired ? QStringLiteral("wilcoxon-signed-rank") : QStringLiteral("mann-whitney-u");
}

QString number_text(std::optional<double> value, int decimals) {
    return value ? QString::number(*value, 'f', decimals) : kUnknown;
}

QString duration_text(double s) {
    if (s >= 1) return QString::number(s, 'f', 2) + " s";
    if (s >= 1e-3) return QString::number(s * 1e3, 'f', 2) + " ms";
    return QString::number(s * 1e6, 'f', 0) + " us";
}

}  // namespace core
