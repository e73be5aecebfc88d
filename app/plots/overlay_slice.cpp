#include "overlay_slice.hpp"

#include <QFileInfo>
#include <QObject>
#include <algorithm>

namespace plots {
namespace {

sfp::Cell as_cell(const core::ImportedCell& c) {
    return {.strategy = c.strategy, .file_size = c.file_size, .parameters = c.parameters};
}

// The set as a report the slice can draw: each cell's median stands for all of its runs.
sfp::ExperimentReport as_report(const core::ResultSet& set) {
    sfp::ExperimentReport r;
    r.experiment.algorithm = set.algorithm;
    for (const core::ImportedCell& c : set.cells) {
        sfp::CellStats st;
        st.cell = r.cells.size();
        if (c.median_s) st.real.n = std::max<std::size_t>(1, c.n), st.real.median = st.real.mean = *c.median_s;
        r.cells.push_back(as_cell(c));
        r.stats.push_back(st);
    }
    return r;
}

}  // namespace

namespace {

// The set sliced as `choice`, its series named with `suffix`.
OverlayLines sliced(const sfp::ExperimentReport& report, const PlotSlice& own, const SliceChoice& choice,
                    const QString& suffix) {
    // The live run's fixed values where the set has that dimension at all; "fastest" stays.
    SliceChoice mine{choice.x, own.values(choice.per).empty() ? Dim::strategy : choice.per, {}};
    for (const auto& [d, key] : choice.fixed) {
        const std::vector<QString> values = own.values(d);
        if (values.empty() || key == kBest) continue;
        if (!std::count(values.begin(), values.end(), key))
            return {{},
                    QObject::tr("it has no cell at %1 %2 (the value fixed here)").arg(dim_name(d), value_text(d, key))};
        mine.fixed[d] = key;
    }
    OverlayLines out;
    for (Series& s : own.series(report, Metric::elapsed, mine))
        if (std::any_of(s.points.begin(), s.points.end(), [](const SeriesPoint& p) { return p.summary.n > 0; })) {
            s.name += suffix;
            out.series.push_back(std::move(s));
        }
    return out;
}

}  // namespace

OverlayLines overlay_lines(const core::ResultSet& set, const std::string& algorithm, const SliceChoice& choice) {
    if (set.algorithm != algorithm)
        return {{},
                QObject::tr("results of %1; this plot shows %2")
                    .arg(QString::fromStdString(set.algorithm), QString::fromStdString(algorithm))};
    const sfp::ExperimentReport report = as_report(set);
    const PlotSlice own(report.cells);
    if (own.values(choice.x).empty())
        return {{}, QObject::tr("it has no %1 values (the x axis)").arg(dim_name(choice.x))};
    // A set of several file sizes the slice does not tell apart: one line per size, named by it,
    // never a line through the fastest cell of each x whatever its size (compMP's 5 GB and 640 MB).
    const std::vector<QString> sizes = own.values(Dim::file_size);
    const bool split = sizes.size() > 1 && choice.x != Dim::file_size && choice.per != Dim::file_size &&
                       (!choice.fixed.count(Dim::file_size) || choice.fixed.at(Dim::file_size) == kBest);
    OverlayLines out;
    for (const QString& size : split ? sizes : std::vector<QString>{QString()}) {
        SliceChoice one = choice;
        if (split) one.fixed[Dim::file_size] = size;
        const QString suffix = split ? QStringLiteral(" · %1 files").arg(value_text(Dim::file_size, size)) : QString();
        OverlayLines part = sliced(report, own, one, suffix);
        if (!part.why_not.isEmpty()) return part;
        for (Series& s : part.series) out.series.push_back(std::move(s));
    }
    if (out.series.empty()) out.why_not = QObject::tr("none of its cells has a time on this slice");
    return out;
}

QString short_name(const core::ResultSet& set) {
    // Its first clause: "NT 4.0 era Windows system with NTFS (Appendix C); the larger-file
    // graphs: ..." would take a legend row of its own on a projector.
    const QString machine = QString::fromStdString(set.machine).section(", ", 0, 0).section("; ", 0, 0);
    const QString date = QString::fromStdString(set.date).section(" (", 0, 0);
    return date.isEmpty() ? machine : machine + ", " + date;
}

QStringList distinct_names(const std::vector<core::ResultSet>& sets) {
    QStringList names;
    for (const core::ResultSet& s : sets) names << short_name(s);
    const auto clashes = [&](const QStringList& list, qsizetype i) { return list.count(list[i]) > 1; };
    QStringList out = names;
    for (qsizetype i = 0; i < out.size(); ++i)
        if (clashes(names, i))
            out[i] = names[i] + QStringLiteral(" · ") + QFileInfo(sets[std::size_t(i)].path).fileName();
    for (qsizetype i = 0; i < out.size(); ++i)
        if (clashes(out, i)) out[i] = names[i] + QStringLiteral(" · ") + sets[std::size_t(i)].path;
    return out;
}

}  // namespace plots
