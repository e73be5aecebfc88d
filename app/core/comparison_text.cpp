#include "comparison_text.hpp"

#include <QStringList>
#include <algorithm>

#include "report_format.hpp"

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
    if (a.cache != b.cache) out += "note: the sets ran with different cache modes\n";
    if (a.options != b.options) out += "note: the sets ran with different options\n";
    out += "\n";
    if (c.both.empty()) {
        out += "no cell in common\n";
    } else {
        qsizetype width = 4;
        for (const CellPair& p : c.both) width = std::max(width, qsizetype(p.a->label().size()));
        out += QString("%1  %2  %3  %4  %5\n")
                   .arg("cell", -int(width)).arg("A median", 10).arg("B median", 10).arg("B/A", 8).arg("faster");
        for (const CellPair& p : c.both) {
            const auto ratio = p.ratio();
            out += QString("%1  %2  %3  %4  %5\n")
                       .arg(q(p.a->label()), -int(width))
                       .arg(median_text(p.a), 10)
                       .arg(median_text(p.b), 10)
                       .arg(ratio ? QString::number(*ratio, 'f', 2) + "x" : kUnknown, 8)
                       .arg(ratio ? faster(*ratio) : kNotUsed);
        }
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
