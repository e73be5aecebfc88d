#include "report_format.hpp"

namespace core {

QString parameter_number(std::uint64_t value) { return value == 0 ? kNotUsed : QString::number(value); }

std::optional<double> cpu_percent(double cpu_s, double real_s, unsigned cores) {
    if (real_s <= 0 || cores == 0) return std::nullopt;
    return cpu_s / real_s / cores * 100.0;
}

QString count_text(std::optional<std::uint64_t> count) { return count ? QString::number(*count) : kUnknown; }

std::optional<double> throughput_mbs(std::uint64_t bytes, double real_s) {
    if (real_s <= 0) return std::nullopt;
    return double(bytes) / real_s / 1e6;
}

std::optional<double> residency(const sfp::RunRecord& record) {
    if (record.residency_pct < 0) return std::nullopt;
    return record.residency_pct;
}

QString large_folio_text(double share, double scale, int decimals) {
    return share < 0 ? QStringLiteral("unknown") : QString::number(share * scale, 'f', decimals);
}

std::optional<double> ratio_to_fastest(const sfp::ExperimentReport& report, std::size_t cell) {
    for (const sfp::Ranking& r : report.rankings) {
        if (r.fastest_cell == cell) return 1.0;
        for (const auto& [slower, ratio] : r.slower)
            if (slower == cell) return ratio;
    }
    return std::nullopt;
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
