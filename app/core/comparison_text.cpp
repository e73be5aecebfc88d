#include "comparison_text.hpp"

#include <QStringList>
#include <algorithm>

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

// "A" when A's median is lower, "B" when B's, "same" within half a percent.
QString faster(double ratio) {
    if (ratio > 1.005) return "A";
    if (ratio < 0.995) return "B";
    return "same";
}

}  // namespace

QString comparison_text(const ResultSet& a, const ResultSet& b) {
    const Comparison c = compare_sets(a, b);
    QString out = header("A", a) + header("B", b);
    for (const QString& note : comparison_notes(traits_of(a), traits_of(b), "A", "B")) out += "note: " + note + "\n";
    out += "\n";
    if (c.both.empty()) {
        out += "no cell in common\n";
    } else {
        std::vector<QStringList> rows = {{"cell", "A median", "B median", "B/A", "faster"}};
        for (const CellPair& p : c.both) {
            const auto ratio = p.ratio();
            rows.push_back({q(p.a->label()), median_text(p.a), median_text(p.b),
                            ratio ? QString::number(*ratio, 'f', 2) + "x" : kUnknown, ratio ? faster(*ratio) : kNotUsed});
        }
        out += text_table(rows, {{false, 4}, {true, 10}, {true, 10}, {true, 8}, {false, 0}});
    }
    const auto list = [&out](const QString& which, const std::vector<const ImportedCell*>& cells) {
        if (cells.empty()) return;
        out += QString("\nonly in %1 (%2):\n").arg(which).arg(cells.size());
        for (const ImportedCell* cell : cells) out += QString("  %1  %2\n").arg(q(cell->label())).arg(median_text(cell));
    };
    list("A", c.only_a);
    list("B", c.only_b);
    return out;
}

}  // namespace core
