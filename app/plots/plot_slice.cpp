#include "plot_slice.hpp"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <set>

#include "cell_text.hpp"

namespace plots {
namespace {

// What the window knows about each dimension: two of its own (strategy, file size) and one per
// cell parameter of the tables.
struct DimRow {
    QString flag, name;
    const sfp::Parameter* parameter = nullptr;  // nullptr: strategy or file size
};

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

DimRow parameter_row(const sfp::Parameter& p) {
    // "block" is the word block size always had on the command line and in labels.
    const QString flag = text(sfp::label_word(p)).replace('_', '-');
    return {flag, text(p.name).replace('_', ' '), &p};
}

struct DimTable {
    std::vector<DimRow> rows;
    std::vector<Dim> dims;
};

const DimTable& table() {
    static const DimTable t = [] {
        const std::vector<const sfp::Parameter*> parameters = sfp::cell_parameters();  // block, threads, swept...
        DimTable out;
        out.rows = {{QStringLiteral("strategy"), QObject::tr("strategy"), nullptr},
                    parameter_row(*parameters[0]),
                    parameter_row(*parameters[1]),
                    {QStringLiteral("size"), QObject::tr("file size"), nullptr}};
        for (std::size_t i = 2; i < parameters.size(); ++i) out.rows.push_back(parameter_row(*parameters[i]));
        for (std::size_t i = 0; i < out.rows.size(); ++i) out.dims.emplace_back(int(i));
        return out;
    }();
    return t;
}

const DimRow& row(Dim d) { return table().rows.at(std::size_t(int(d))); }

bool contains(const std::vector<Dim>& dims, Dim d) { return std::find(dims.begin(), dims.end(), d) != dims.end(); }

// "(no block size)": a line whose cells do not use the x parameter.
QString unused_words(Dim d) { return QObject::tr("no %1").arg(dim_name(d)); }

// The cell to draw among several that differ only in "best" dimensions.
std::size_t fastest(const sfp::ExperimentReport& report, const std::vector<std::size_t>& candidates) {
    std::size_t best = candidates.front();
    double best_score = -1;
    for (std::size_t i : candidates) {
        // Throughput where runs recorded their bytes; else (an imported set: medians only) time.
        const sfp::Summary t = cell_summary(report, i, Metric::throughput),
                           e = cell_summary(report, i, Metric::elapsed);
        if (t.n == 0 && e.n == 0) continue;
        const double score = t.median > 0 ? t.median : e.median > 0 ? 1.0 / e.median : 0;
        if (score > best_score) best_score = score, best = i;
    }
    return best;
}

}  // namespace

const sfp::Parameter* Dim::parameter() const {
    return index_ >= 0 && std::size_t(index_) < kDims.size() ? row(*this).parameter : nullptr;
}

const Dim* DimList::begin() const { return table().dims.data(); }
const Dim* DimList::end() const { return table().dims.data() + table().dims.size(); }

AxisScale axis_scale(Dim d) {
    if (d == Dim::file_size) return AxisScale::file_mib;
    const sfp::Parameter* p = d.parameter();
    if (!p) return AxisScale::categories;
    switch (p->type) {
        case sfp::ParameterType::size: return AxisScale::log2_size;
        case sfp::ParameterType::count:
        case sfp::ParameterType::range: return sfp::spans_decades(*p) ? AxisScale::log10 : AxisScale::whole;
        default: break;
    }
    return AxisScale::categories;
}

QString dim_name(Dim d) { return row(d).name; }
QString dim_flag(Dim d) { return row(d).flag; }

QString dim_flags(bool numeric_only) {
    QStringList words;
    for (Dim d : kDims)
        if (!numeric_only || is_numeric(d)) words << dim_flag(d);
    return words.join(QStringLiteral(", "));
}

QString axis_title(Dim d) {
    const sfp::Parameter* p = d.parameter();
    QStringList notes;
    if (p && !p->unit.empty()) notes << text(p->unit);
    switch (axis_scale(d)) {
        case AxisScale::file_mib: notes << QObject::tr("MiB"); break;
        case AxisScale::log2_size: notes << QObject::tr("bytes") << QObject::tr("log₂ scale"); break;
        case AxisScale::log10: notes << QObject::tr("log₁₀ scale"); break;
        case AxisScale::whole:
        case AxisScale::categories: break;
    }
    return notes.isEmpty() ? dim_name(d) : QStringLiteral("%1 (%2)").arg(dim_name(d), notes.join(QStringLiteral(", ")));
}

bool is_numeric(Dim d) { return axis_scale(d) != AxisScale::categories; }

bool dim_from_flag(const QString& word, Dim* out) {
    for (Dim d : kDims)
        if (word == dim_flag(d)) return *out = d, true;
    return false;
}

std::uint64_t dim_number(const sfp::Cell& c, Dim d) {
    if (d == Dim::file_size) return c.file_size;
    if (!is_numeric(d)) return 0;
    return std::uint64_t(sfp::parameter_value(c, *d.parameter()).value_or(0));
}

QString dim_key(const sfp::Cell& c, Dim d) {
    if (d == Dim::strategy) return QString::fromStdString(c.strategy);
    if (is_numeric(d)) {
        const std::uint64_t v = dim_number(c, d);
        return v ? QString::number(v) : QString();
    }
    const sfp::Parameter* p = d.parameter();
    const std::optional<std::int64_t> v = p ? sfp::parameter_value(c, *p) : std::nullopt;
    return v ? QString::fromStdString(sfp::value_text(*p, *v)) : QString();
}

namespace {

// A key back to the parameter's value: the number, or the index of a choice's name.
std::int64_t key_value(const sfp::Parameter& p, const QString& key) {
    if (p.type == sfp::ParameterType::choice || p.type == sfp::ParameterType::flag)
        return sfp::parse_value(p, key.toStdString()).value;
    return key.toLongLong();
}

}  // namespace

QString value_text(Dim d, const QString& key) {
    if (key == kBest) return QObject::tr("fastest");
    const AxisScale scale = axis_scale(d);
    return scale == AxisScale::file_mib || scale == AxisScale::log2_size ? size_text(key.toULongLong()) : key;
}

QString value_words(Dim d, const QString& key) {
    if (key.isEmpty()) return unused_words(d);
    if (d == Dim::strategy) return key;
    if (d == Dim::file_size) return QObject::tr("%1 file").arg(value_text(d, key));
    const sfp::Parameter* p = d.parameter();
    return p ? parameter_words(*p, key_value(*p, key)) : key;
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
            for (const sfp::Cell& c : cells)  // strategies in cell (catalogue) order, choices as met
                if (const QString key = dim_key(c, d); !key.isEmpty() && !std::count(out.begin(), out.end(), key))
                    out.push_back(key);
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
        const bool ok =
            it != wanted.fixed.end() && (it->second == kBest || std::count(known.begin(), known.end(), it->second));
        out.fixed[d] = ok ? it->second : defaultFixed(d);
    }
    return out;
}

QString PlotSlice::unvaried(Dim d) const {
    const std::vector<QString> v = values(d);
    return v.empty()
               ? QObject::tr("the experiment's cells do not use %1").arg(dim_name(d))
               : QObject::tr("%1 takes one value in this experiment (%2)").arg(dim_name(d), value_text(d, v.front()));
}

QString PlotSlice::problem(const SliceChoice& c) const {
    const auto words = [](const std::vector<Dim>& dims) {
        QStringList w;
        for (Dim d : dims) w << dim_flag(d);
        return w.join(QStringLiteral(", "));
    };
    if (!is_numeric(c.x)) return QObject::tr("%1 is not numeric: it cannot be the x axis").arg(dim_name(c.x));
    if (!contains(axisChoices(), c.x))
        return QObject::tr("%1 cannot be the x axis: %2").arg(dim_name(c.x), unvaried(c.x)) +
               (axisChoices().empty() ? QString() : QObject::tr("; choose %1").arg(words(axisChoices())));
    if (c.per == c.x) return QObject::tr("%1 is already the x axis").arg(dim_name(c.x));
    if (!contains(perChoices(c.x), c.per))
        return QObject::tr("one line per %1 is not possible: %2").arg(dim_name(c.per), unvaried(c.per));
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
        if (key == kBest)
            parts << QObject::tr("%1: fastest per point").arg(dim_name(d));
        else
            parts << QStringLiteral("%1: %2").arg(dim_name(d), value_text(d, key));
    }
    return parts.join(QStringLiteral(" · "));
}

}  // namespace plots
