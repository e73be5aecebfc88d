#include "comparison_text.hpp"

#include <QStringList>

#include "report_format.hpp"
#include "text_table.hpp"

namespace core {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QString median_text(const ImportedCell* c) { return c && c->median_s ? duration_text(*c->median_s) : kUnknown; }

QString header(const QString& which, const ResultSet& s) {
    QString line = QString("%1: %2 -- %3 (%4, cache %5)\n")
                       .arg(which, s.path, q(s.name()), q(s.algorithm), s.cache.empty() ? kUnknown : q(s.cache));
    if (!s.citation.empty()) line += QString("   source: %1\n").arg(q(s.citation));
    return line;
}

QString percent(double fraction) { return QString::number(fraction * 100, 'g', 4) + " %"; }

// The verdict column: "~" (with the reason when p alone would not say it), "slower", "faster",
// or why there is none.
QString verdict_column(const sfp::Comparison& c, double noise) {
    const sfp::Verdict v = sfp::verdict(c, noise);
    if (v == sfp::Verdict::same && *c.p <= sfp::kSignificance) return "~ (within ±" + percent(noise) + ")";
    if (v == sfp::Verdict::too_few) return q(sfp::verdict_text(c, noise));
    return sfp::to_string(v);
}

QString regression_lines(const Comparison& c, double noise, double threshold) {
    const std::vector<CellPair> slower = regressions(c, threshold, noise);
    QString out = QString("regressions (B slower than A by more than %1, verdict slower): ").arg(percent(threshold));
    if (slower.empty()) return out + "none\n\n";
    out += QString("%1 of %2 shared cells\n").arg(slower.size()).arg(c.both.size());
    for (const CellPair& p : slower)
        out += QString("  %1: %2\n").arg(q(p.a->label()), q(sfp::comparison_text(p.comparison(), noise)));
    return out + "\n";
}

QString table(const Comparison& c, double noise) {
    std::vector<QStringList> rows = {{"cell", "A median", "B median", "B/A", "95 % CI", "p", "n A/B", "verdict"}};
    for (const CellPair& p : c.both) {
        const sfp::Comparison cmp = p.comparison();
        const auto ratio = p.ratio();
        rows.push_back({q(p.a->label()), median_text(p.a), median_text(p.b),
                        ratio ? QString::number(*ratio, 'f', 2) + "×" : kUnknown, q(sfp::bounds_text(cmp)),
                        !cmp.p           ? QString()
                        : *cmp.p < 0.001 ? QString("<0.001")
                                         : QString::number(*cmp.p, 'f', 3),
                        QString("%1/%2").arg(p.a->times.size()).arg(p.b->times.size()),
                        ratio ? verdict_column(cmp, noise) : kNotUsed});
    }
    const GeoMean g = geometric_means(c.both);
    if (g.cells > 1)
        rows.push_back({QString("geomean (%1 cells)").arg(g.cells), duration_text(g.a), duration_text(g.b),
                        QString::number(g.ratio, 'f', 2) + "×", "", "", "", ""});
    return text_table(rows,
                      {{false, 4}, {true, 10}, {true, 10}, {true, 7}, {true, 13}, {true, 7}, {true, 7}, {false, 0}});
}

}  // namespace

std::vector<CellPair> regressions(const Comparison& cells, double threshold, double noise) {
    std::vector<CellPair> out;
    for (const CellPair& p : cells.both) {
        const sfp::Comparison c = p.comparison();
        if (c.ratio > 1 + threshold && sfp::verdict(c, noise) == sfp::Verdict::slower) out.push_back(p);
    }
    return out;
}

QString comparison_text(const ResultSet& a, const ResultSet& b, double noise, std::optional<double> threshold) {
    const Comparison c = compare_sets(a, b);
    QString out = threshold ? regression_lines(c, noise, *threshold) : QString();
    out += header("A", a) + header("B", b);
    for (const QString& note : comparison_notes(traits_of(a), traits_of(b), "A", "B")) out += "note: " + note + "\n";
    out += "\n";
    out += c.both.empty() ? QString("no cell in common\n") : table(c, noise);
    const auto list = [&out](const QString& which, const std::vector<const ImportedCell*>& cells) {
        if (cells.empty()) return;
        out += QString("\nonly in %1 (%2):\n").arg(which, QString::number(cells.size()));
        for (const ImportedCell* cell : cells) out += QString("  %1  %2\n").arg(q(cell->label()), median_text(cell));
    };
    list("A", c.only_a);
    list("B", c.only_b);
    if (!c.both.empty())
        out += QString(
                   "\nB/A: ratio of medians; 95 % CI: Hodges-Lehmann on log times; p: Mann-Whitney U; "
                   "~: no difference shown (p > 0.05 or the CI within ±%1); docs/statistics.md\n")
                   .arg(percent(noise));
    return out;
}

}  // namespace core
