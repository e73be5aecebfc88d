#include "plot_series.hpp"

#include <QObject>
#include <algorithm>
#include <map>
#include <set>

#include "cell_text.hpp"

namespace gui {
namespace {

std::uint64_t axis_value(const sfp::Cell& c, Axis a) {
    switch (a) {
    case Axis::block_size: return c.block_size;
    case Axis::threads: return c.threads;
    case Axis::file_size: return c.file_size;
    case Axis::packing: {
        const auto it = c.swept.find("packing");
        return it == c.swept.end() ? 0 : it->second;
    }
    }
    return 0;
}

std::size_t distinct(const std::vector<sfp::Cell>& cells, Axis a) {
    std::set<std::uint64_t> values;
    for (const sfp::Cell& c : cells)
        if (const std::uint64_t v = axis_value(c, a)) values.insert(v);
    return values.size();
}

// Everything that tells two lines apart, except the axis parameter itself.
QString line_name(const sfp::Cell& c, Axis axis, const Varying& v) {
    return cell_words(c, {true, axis != Axis::block_size && v.block, axis != Axis::threads && v.threads,
                          axis != Axis::file_size && v.size, axis != Axis::packing && v.swept});
}

QString flat_suffix(Axis axis) {
    switch (axis) {
    case Axis::block_size: return QObject::tr(" (no block size)");
    case Axis::threads: return QObject::tr(" (one thread)");
    case Axis::packing: return QObject::tr(" (no packing)");
    case Axis::file_size: break;
    }
    return {};
}

}  // namespace

QString axis_title(Axis a) {
    switch (a) {
    case Axis::block_size: return QObject::tr("block size (bytes, log₂ scale)");
    case Axis::threads: return QObject::tr("threads");
    case Axis::file_size: return QObject::tr("file size (MiB)");
    case Axis::packing: return QObject::tr("packing (lines per hand-off, log₁₀ scale)");
    }
    return {};
}

QString axis_name(Axis a) {
    switch (a) {
    case Axis::block_size: return QObject::tr("block size");
    case Axis::threads: return QObject::tr("threads");
    case Axis::file_size: return QObject::tr("file size");
    case Axis::packing: return QObject::tr("packing");
    }
    return {};
}

std::vector<Series> line_series(const sfp::ExperimentReport& report, Metric metric, Axis axis) {
    const Varying v = varying(report.cells);
    std::uint64_t lo = UINT64_MAX, hi = 0;
    for (const sfp::Cell& c : report.cells)
        if (const std::uint64_t x = axis_value(c, axis)) lo = std::min(lo, x), hi = std::max(hi, x);
    const double scale = axis == Axis::file_size ? 1.0 / (1 << 20) : 1.0;

    std::vector<Series> out;
    std::map<QString, std::size_t> index;  // line name -> position in `out`, in cell order
    for (std::size_t i = 0; i < report.cells.size(); ++i) {
        const sfp::Cell& c = report.cells[i];
        const sfp::Summary s = cell_summary(report, i, metric);
        const std::uint64_t x = axis_value(c, axis);
        const bool flat = x == 0;
        const QString name = line_name(c, axis, v) + (flat ? flat_suffix(axis) : QString());
        auto [it, added] = index.emplace(name, out.size());
        if (added) out.push_back({name, QString::fromStdString(c.strategy), flat, {}});
        if (s.n == 0) continue;  // no successful run yet: the line waits for it
        Series& line = out[it->second];
        if (flat && hi > 0) {
            line.points.push_back({double(lo) * scale, s, i});
            line.points.push_back({double(hi) * scale, s, i});
        } else if (!flat) {
            line.points.push_back({double(x) * scale, s, i});
        }
    }
    for (Series& line : out)
        std::stable_sort(line.points.begin(), line.points.end(),
                         [](const SeriesPoint& a, const SeriesPoint& b) { return a.x < b.x; });
    return out;
}

Axis natural_axis(const std::vector<sfp::Cell>& cells) {
    Axis best = Axis::block_size;
    std::size_t most = 0;
    for (Axis a : kAxes)
        if (const std::size_t n = distinct(cells, a); n > most) most = n, best = a;
    return most > 1 ? best : Axis::block_size;
}

}  // namespace gui
