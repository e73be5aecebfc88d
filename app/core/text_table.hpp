#pragma once
// Plain-text tables for a terminal: each column as wide as its widest cell in display columns
// (a CJK character takes two, a combining mark none), so rows line up whatever the names and
// however long the numbers.
#include <QString>
#include <QStringList>
#include <vector>

namespace core {

// The columns `text` takes on a terminal.
int display_width(const QString& text);

struct TextColumn {
    bool right = false;  // numbers: aligned right
    int min_width = 0;
};
// Cells joined by two spaces, each row ending in a newline without trailing blanks.
QString text_table(const std::vector<QStringList>& rows, const std::vector<TextColumn>& columns);

}  // namespace core
