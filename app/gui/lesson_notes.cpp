#include "lesson_notes.hpp"

#include <QObject>
#include <cmath>
#include <map>

#include "cell_metrics.hpp"
#include "sfp/labels.hpp"
#include "sfp/report.hpp"
#include "sfp/run_record.hpp"

namespace gui {

std::optional<double> cold_over_hot(const sfp::ExperimentReport& hot, const sfp::ExperimentReport& cold) {
    std::map<std::string, double> hot_median;  // by the cell's label: the same cell in both runs
    for (std::size_t i = 0; i < hot.cells.size(); ++i)
        if (const sfp::Summary s = plots::cell_summary(hot, i, plots::Metric::elapsed); s.n > 0 && s.median > 0)
            hot_median[sfp::cell_label(hot.cells[i])] = s.median;
    std::vector<double> ratios;
    for (std::size_t i = 0; i < cold.cells.size(); ++i) {
        const auto it = hot_median.find(sfp::cell_label(cold.cells[i]));
        if (const sfp::Summary s = plots::cell_summary(cold, i, plots::Metric::elapsed);
            it != hot_median.end() && s.n > 0)
            ratios.push_back(s.median / it->second);
    }
    if (ratios.empty()) return std::nullopt;
    return sfp::summarize(ratios).median;
}

QString cold_note(const sfp::ExperimentReport& hot, const sfp::ExperimentReport& cold) {
    const std::optional<double> ratio = cold_over_hot(hot, cold);
    if (!ratio || *ratio >= kColdSlowerAt) return {};
    double bytes = 0, seconds = 0, cached = 0;
    int known = 0;
    for (const sfp::RunRecord& r : cold.runs) {
        if (r.status != sfp::RunStatus::ok) continue;
        bytes += double(r.result.bytes), seconds += r.result.real_s;
        if (r.residency_pct >= 0) cached += r.residency_pct, ++known;
    }
    const double mbs = seconds > 0 ? bytes / seconds / 1e6 : 0;
    const QString residency =
        known ? QObject::tr("%1% of the input was still in memory before each cold run").arg(cached / known, 0, 'f', 0)
              : QObject::tr("the residency before the runs is unknown");
    return QObject::tr(
               "Here cold was no slower than hot (cold/hot median %1×): the cold runs read at %2 MB/s and %3 "
               "(%4). A device this fast -- an SSD, or a virtual disk whose host keeps the file in its own "
               "cache -- hides the difference the article's 1990s disk showed; on a laptop's hard disk the "
               "cold runs take several times longer.")
        .arg(*ratio, 0, 'f', 2)
        .arg(mbs, 0, 'f', 0)
        .arg(residency,
             QString::fromStdString(cold.cache_method.empty() ? "evicted before every run" : cold.cache_method));
}

namespace {

QString folio_text(double share) {
    return share < 0 ? QObject::tr("folios not recorded")
                     : QObject::tr("%1% in large folios").arg(share * 100, 0, 'f', 0);
}

}  // namespace

QString cache_states_note(const sfp::ExperimentReport& written, const sfp::ExperimentReport& read_back) {
    const std::optional<double> ratio = cold_over_hot(written, read_back);  // read back over as written
    if (!ratio) return {};
    const double f_written = plots::large_folio_share(written), f_read = plots::large_folio_share(read_back);
    QString text = QObject::tr(
                       "The two states here: as written %1, read back %2; read back takes %3× the time "
                       "as written.")
                       .arg(folio_text(f_written), folio_text(f_read))
                       .arg(*ratio, 0, 'f', 2);
    const bool same_folios = f_written >= 0 && f_read >= 0 && std::abs(f_written - f_read) < 0.10;
    if (std::abs(*ratio - 1) < kSameStateWithin && same_folios)
        text += QObject::tr(
            " This machine shows no difference: its kernel and filesystem cached the written pages "
            "in the same large folios as the read-back ones, so mapping them costs the same. Where "
            "writes leave small folios (older kernels, other filesystems) the read-back state maps "
            "faster.");
    return text;
}

}  // namespace gui
