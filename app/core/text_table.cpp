#include "text_table.hpp"

#include <algorithm>

namespace core {
namespace {

// East Asian wide and fullwidth characters (Unicode's W and F), the ranges terminals draw double.
bool is_wide(char32_t c) {
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
           (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
           (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
}

}  // namespace

int display_width(const QString& text) {
    int width = 0;
    for (const char32_t c : text.toUcs4()) {
        const QChar::Category cat = QChar::category(c);
        if (cat == QChar::Mark_NonSpacing || cat == QChar::Mark_Enclosing || cat == QChar::Other_Format) continue;
        width += is_wide(c) ? 2 : 1;
    }
    return width;
}

QString text_table(const std::vector<QStringList>& rows, const std::vector<TextColumn>& columns) {
    std::vector<int> width;
    for (const TextColumn& c : columns) width.push_back(c.min_width);
    for (const QStringList& row : rows)
        for (qsizetype i = 0; i < row.size() && std::size_t(i) < width.size(); ++i)
            width[std::size_t(i)] = std::max(width[std::size_t(i)], display_width(row[i]));
    QString out;
    for (const QStringList& row : rows) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i) {
            const std::size_t c = std::size_t(i);
            const QString pad(c < width.size() ? std::max(0, width[c] - display_width(row[i])) : 0, QLatin1Char(' '));
            if (i > 0) line += QLatin1String("  ");
            line += c < columns.size() && columns[c].right ? pad + row[i] : row[i] + pad;
        }
        while (line.endsWith(QLatin1Char(' '))) line.chop(1);
        out += line + QLatin1Char('\n');
    }
    return out;
}

}  // namespace core
