#include "plot_slice.hpp"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <set>

#include "cell_text.hpp"

namespace gui {
namespace {

// What the window knows about each dimension; a swept numeric option adds one row.
struct DimRow {
    Dim dim;
    const char* flag;
    const char* name;
    const char* title;
    std::uint64_t (*number)(const sfp::Cell&);  // nullptr: not numeric
};

const DimRow kDimRows[] = {
    {Dim::strategy, "strategy", QT_TR_NOOP("strategy"), QT_TR_NOOP("strategy"), nullptr},
    {Dim::block_size, "block", QT_TR_NOOP("block size"), QT_TR_NOOP("block size (bytes, log₂ scale)"),
     [](const sfp::Cell& c) { return c.block_size; }},
    {Dim::threads, "threads", QT_TR_NOOP("threads"), QT_TR_NOOP("threads"),
     [](const sfp::Cell& c) { return std::uint64_t(c.threads); }},
    {Dim::file_size, "size", QT_TR_NOOP("file size"), QT_TR_NOOP("file size (MiB)"),
     [](const sfp::Cell& c) { return c.file_size; }},
    {Dim::packing, "packing", QT_TR_NOOP("packing"), QT_TR_NOOP("packing (lines per hand-off, log₁₀ scale)"),
     [](const sfp::Cell& c) {
         const auto it = c.swept.find("packing");
         return it == c.swept.end() ? std::uint64_t(0) : std::uint64_t(it->second);
     }},
};

const DimRow& row(Dim d) { return kDimRows[std::size_t(d)]; }

bool contains(const std::vector<Dim>& dims, Dim d) { return std::find(dims.begin(), dims.end(), d) != dims.end(); }

// "(no block size)": a line whose cells do not use the x parameter.
QString unused_words(Dim d) { return QObject::tr("no %1").arg(dim_name(d)); }

// The cell to draw among several that differ only in "best" dimensions.
std::size_t fastest(const sfp::ExperimentReport& report, const std::vector<std::size_t>& candidates) {
    std::size_t best = candidates.front();
    double best_score = -1;
    for (std::size_t i : candidates) {
        const sfp::Summary t = cell_summary(report, i, Metric::throughput);
        if (t.n == 0) continue;
        const double score = t.median > 0 ? t.median : 1.0 / cell_summary(report, i, Metric::elapsed).median;
        if (score > best_score) best_score = score, best = i;
    }
    return best;
}

}  // namespace

QString dim_name(Dim d) { return QObject::tr(row(d).name); }
QString dim_flag(Dim d) { return QString::fromLatin1(row(d).flag); }
QString axis_title(Dim d) { return QObject::tr(row(d).title); }
bool is_numeric(Dim d) { return row(d).number != nullptr; }

bool dim_from_flag(const QString& word, Dim* out) {
    for (const DimRow& r : kDimRows)
        if (word == QLatin1String(r.flag)) return *out = r.dim, true;
    return false;
}

std::uint64_t dim_number(const sfp::Cell& c, Dim d) { return is_numeric(d) ? row(d).number(c) : 0; }

QString dim_key(const sfp::Cell& c, Dim d) {
    if (!is_numeric(d)) return QString::fromStdString(c.strategy);
    const std::uint64_t v = dim_number(c, d);
    return v ? QString::number(v) : QString();
}

QString value_text(Dim d, const QString& key) {
    if (key == kBest) return QObject::tr("fastest");
    if (!is_numeric(d) || d == Dim::threads || d == Dim::packing) return key;
    return size_text(key.toULongLong());
}

QString value_words(Dim d, const QString& key) {
    if (key.isEmpty()) return unused_words(d);
    switch (d) {
    case Dim::strategy: return key;
    case Dim::block_size: return QObject::tr("%1 blocks").arg(value_text(d, key));
    case Dim::threads: return key == QLatin1String("1") ? QObject::tr("1 thread") : QObject::tr("%1 threads").arg(key);
    case Dim::file_size: return QObject::tr("%1 file").arg(value_text(d, key));
    case Dim::packing: return QObject::tr("packing %1").arg(key);
    }
    return key;
}

PlotSlice::PlotSlice(const std::vector<sfp::Cell>& cells) : cells_(cells) {
    for (Dim d : kDims) {
        std::vector<QString>& out = values_[d];
        if (is_numeric(d)) {
            std::set<std::uint64_t> numbers;
            for (const sfp::Cell& c : cells)
                if (const std::uint64_t v = dim_number(c, d)) numbers.insert(v);
            for (std::uint64_t v : numbers) out.push_back(QString::number(v));
        } else {
            for (const sfp::Cell& c : cells)  // strategies in cell (catalogue) order
                if (!std::count(out.begin(), out.end(), dim_key(c, d))) out.push_back(dim_key(c, d));
        }
    }
}

std::vector<QString> PlotSlice::values(Dim d) const {
    const auto it = values_.find(d);
    return it == values_.end() ? std::vector<QString>{} : it->second;
}

std::vector<Dim> PlotSlice::axisChoices() const {
    std::vector<Dim> out;
    for (Dim d : kDims)
        if (is_numeric(d) && varies(d)) out.push_back(d);
    return out;
}

std::vector<Dim> PlotSlice::perChoices(Dim x) const {
    std::vector<Dim> out{Dim::strategy};
    for (Dim d : kDims)
        if (d != x && d != Dim::strategy && varies(d)) out.push_back(d);
    return out;
}

std::vector<Dim> PlotSlice::fixedDims(const SliceChoice& c) const {
    std::vector<Dim> out;
    for (Dim d : kDims)
        if (d != c.x && d != c.per && varies(d)) out.push_back(d);
    return out;
}

QString PlotSlice::defaultFixed(Dim d) const {
    // The largest file is the honest measurement; for the other parameters each line shows its
    // best configuration.
    return d == Dim::file_size && !values(d).empty() ? values(d).back() : kBest;
}

SliceChoice PlotSlice::defaults() const {
    SliceChoice c;
    std::size_t most = 0;
    for (Dim d : axisChoices())
        if (values(d).size() > most) most = values(d).size(), c.x = d;
    c.per = Dim::strategy;
    for (Dim d : fixedDims(c)) c.fixed[d] = defaultFixed(d);
    return c;
}

SliceChoice PlotSlice::fitted(SliceChoice wanted) const {
    const SliceChoice fallback = defaults();
    if (!contains(axisChoices(), wanted.x)) wanted.x = fallback.x;
    if (!contains(perChoices(wanted.x), wanted.per)) wanted.per = Dim::strategy;
    SliceChoice out{wanted.x, wanted.per, {}};
    for (Dim d : fixedDims(out)) {
        const auto it = wanted.fixed.find(d);
        const std::vector<QString> known = values(d);
        const bool ok = it != wanted.fixed.end() &&
                        (it->second == kBest || std::count(known.begin(), known.end(), it->second));
        out.fixed[d] = ok ? it->second : defaultFixed(d);
    }
    return out;
}

QString PlotSlice::problem(const SliceChoice& c) const {
    const auto one_value = [this](Dim d) {
        const std::vector<QString> v = values(d);
        return v.empty() ? QObject::tr("the experiment's cells do not use %1").arg(dim_name(d))
                         : QObject::tr("%1 takes one value in this experiment (%2)").arg(dim_name(d), value_text(d, v.front()));
    };
    const auto words = [](const std::vector<Dim>& dims) {
        QStringList w;
        for (Dim d : dims) w << dim_flag(d);
        return w.join(QStringLiteral(", "));
    };
    if (!is_numeric(c.x)) return QObject::tr("%1 is not numeric: it cannot be the x axis").arg(dim_name(c.x));
    if (!contains(axisChoices(), c.x))
        return QObject::tr("%1 cannot be the x axis: %2").arg(dim_name(c.x), one_value(c.x)) +
               (axisChoices().empty() ? QString() : QObject::tr("; choose %1").arg(words(axisChoices())));
    if (c.per == c.x) return QObject::tr("%1 is already the x axis").arg(dim_name(c.x));
    if (!contains(perChoices(c.x), c.per))
        return QObject::tr("one line per %1 is not possible: %2").arg(dim_name(c.per), one_value(c.per));
    for (const auto& [d, key] : c.fixed) {
        if (d == c.x || d == c.per)
            return QObject::tr("%1 is drawn (x axis or lines), it cannot be fixed").arg(dim_name(d));
        const std::vector<QString> known = values(d);
        if (key != kBest && !std::count(known.begin(), known.end(), key)) {
            QStringList texts;
            for (const QString& k : known) texts << value_text(d, k);
            return QObject::tr("%1 has no value %2 in this experiment (it has %3, or best)")
                .arg(dim_name(d), value_text(d, key), texts.join(QStringLiteral(", ")));
        }
    }
    return {};
}

std::vector<Series> PlotSlice::series(const sfp::ExperimentReport& report, Metric metric, const SliceChoice& c) const {
    // Group the matching cells: line (per value, flat or not) -> x value -> cells.
    struct Line {
        QString key;
        bool flat = false;
        std::map<std::uint64_t, std::vector<std::size_t>> at;
    };
    std::vector<Line> lines;
    std::uint64_t lo = UINT64_MAX, hi = 0;
    for (std::size_t i = 0; i < report.cells.size(); ++i) {
        const sfp::Cell& cell = report.cells[i];
        bool match = true;
        for (const auto& [d, key] : c.fixed) {
            const QString own = dim_key(cell, d);
            if (key != kBest && !own.isEmpty() && own != key) match = false;
        }
        if (!match) continue;
        const std::uint64_t x = dim_number(cell, c.x);
        if (x) lo = std::min(lo, x), hi = std::max(hi, x);
        const QString key = dim_key(cell, c.per);
        auto it = std::find_if(lines.begin(), lines.end(), [&](const Line& l) { return l.key == key && l.flat == !x; });
        if (it == lines.end()) it = lines.insert(lines.end(), Line{key, !x, {}});
        it->at[x].push_back(i);
    }
    // Lines in the order of their values (strategies as the catalogue lists them).
    const std::vector<QString> order = values(c.per);
    const auto rank = [&](const Line& l) { return std::find(order.begin(), order.end(), l.key) - order.begin(); };
    std::stable_sort(lines.begin(), lines.end(), [&](const Line& a, const Line& b) { return rank(a) < rank(b); });

    const double scale = c.x == Dim::file_size ? 1.0 / (1 << 20) : 1.0;
    std::vector<Series> out;
    for (const Line& line : lines) {
        Series s{value_words(c.per, line.key), line.flat, {}};
        if (line.flat) s.name += QObject::tr(" (%1)").arg(unused_words(c.x));
        for (const auto& [x, cells] : line.at) {
            const std::size_t i = fastest(report, cells);
            const sfp::Summary summary = cell_summary(report, i, metric);
            if (!line.flat) {
                s.points.push_back({double(x) * scale, summary, i});
            } else if (hi > 0 && summary.n > 0) {
                s.points.push_back({double(lo) * scale, summary, i});
                s.points.push_back({double(hi) * scale, summary, i});
            }
        }
        out.push_back(std::move(s));
    }
    return out;
}

QString PlotSlice::caption(const SliceChoice& c) const {
    QStringList parts;
    for (const auto& [d, key] : c.fixed) {
        if (key == kBest) parts << QObject::tr("%1: fastest per point").arg(dim_name(d));
        else parts << QStringLiteral("%1: %2").arg(dim_name(d), value_text(d, key));
    }
    return parts.join(QStringLiteral(" · "));
}

}  // namespace gui
